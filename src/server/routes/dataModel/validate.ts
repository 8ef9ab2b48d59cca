// GET …/data-model/validate: compiles a branch's model and reports its errors. A broken model is a result
// (200 with valid:false), not a request error, as on the platform.
import {createRoute} from '@hono/zod-openapi';
import {DeploymentIdParam} from '../../../contract/common.js';
import {DataModelValidationResponse, ValidateQuery} from '../../../contract/dataModel.js';
import type {RouteGroup} from '../../appTypes.js';
import {principalOf} from '../../auth.js';
import {badRequest} from '../../errors.js';
import {compileModel} from '../../engines/compiler/index.js';
import {sessionBranch} from '../../store/branches.js';
import {branchRunState, credentialKey, loadBranch} from './shared.js';
import {ensureBranches, filesOf} from '../../store/branchTrees.js';
import {errorResponses, json, loadDeployment} from '../http.js';

export const register: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({method: 'get', path: '/build/api/v1/deployments/{deploymentId}/data-model/validate', operationId: 'validateDataModel',
      summary: "Compile a branch's data model and report compilation errors", tags: ['Data Model'],
      description: 'Neither parameter: the deploy branch. `branchName`: that branch. `devMode=true`: the caller’s dev-mode branch. The two are mutually exclusive.',
      request: {params: DeploymentIdParam, query: ValidateQuery},
      responses: {200: json(DataModelValidationResponse, 'the verdict, valid or not'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const deployment = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const {branchName, devMode} = c.req.valid('query');
      const named = branchName !== undefined && branchName.trim() !== '';
      if (named && devMode === 'true') throw badRequest('branchName and devMode=true are mutually exclusive: give one');
      ensureBranches(ctx.db, ctx.clock, deployment);
      let branch = named ? loadBranch(ctx, deployment, branchName) : loadBranch(ctx, deployment, deployment.deploy_branch_name);
      if (devMode === 'true') {
        const session = sessionBranch(ctx.db, deployment.id, credentialKey(principalOf(c)));
        if (!session) throw badRequest(`devMode=true, but this credential has no dev-mode session on deployment ${deployment.id}`);
        branch = session;
      }
      // Validation asks the branch's own runtime; a shared branch nobody opened has none (spec rule 6).
      if (branchRunState(ctx, deployment, branch.name) === 'inactive') {
        throw badRequest(
          `Branch ${branch.name} has no active runtime to compile it: enter dev mode on it (svc data-model dev-mode ${deployment.id} ${branch.name}) ` +
            'and validate the dev-… branch, or enable its staging environment',
        );
      }
      const result = compileModel([...filesOf(ctx.db, branch)].map(([path, content]) => ({path, content})));
      return c.json({
        deploymentId: deployment.id,
        branchName: branch.name,
        mode: branch.kind === 'deploy' ? 'production' as const : 'dev_mode' as const,
        valid: result.valid,
        errors: result.errors.map((e) => ({fileName: e.file, message: e.line ? `line ${e.line}: ${e.message}` : e.message, ...(e.line ? {line: e.line} : {})})),
        cubesCount: result.cubesCount,
      }, 200);
    },
  );
};
