// Dev mode: entering forks a personal `dev-<user>-<8hex>` branch from the requested one and points the
// credential's session at it; exiting releases the session (the dev branch stays until deleted).
import {randomBytes} from 'node:crypto';
import {createRoute} from '@hono/zod-openapi';
import {DeploymentIdParam} from '../../../contract/common.js';
import {DataModelWriteResponse, DevBranchResponse, StartDevModeRequest} from '../../../contract/dataModel.js';
import type {RouteGroup} from '../../appTypes.js';
import {principalOf} from '../../auth.js';
import {clearSession, findBranch, pointDevelopmentEnvironment, setSession} from '../../store/branches.js';
import {findUser} from '../../store/users.js';
import {credentialKey, triggerBuild} from './shared.js';
import {resourceOf} from '../../policyResources.js';
import {createBranch, filesOf} from '../../store/branchTrees.js';
import {errorResponses, json, jsonBody, loadDeployment} from '../http.js';

const tags = ['Data Model'];
const PATH = '/build/api/v1/deployments/{deploymentId}/dev-mode';

/** The user part of a dev branch name: the email's local part, reduced to what branch names allow. */
function userSlug(email: string | undefined, userId: number): string {
  const slug = (email?.split('@')[0] ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 32);
  return slug || `user${userId}`;
}

export const register: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({method: 'post', path: PATH, operationId: 'startDevMode', summary: 'Enter dev mode (fork a personal branch)', tags,
      description: 'Forks a personal `dev-…` branch from `branchName` (default: the deploy branch) and points this credential’s dev-mode session at it. On one of your own dev branches it re-opens that branch without forking.',
      request: {params: DeploymentIdParam, body: jsonBody(StartDevModeRequest, false)},
      responses: {200: json(DevBranchResponse, 'the active dev branch'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const deployment = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const principal = principalOf(c);
      // The branch named (else the deploy branch); one of the caller's own dev branches is re-opened (the policy
      // refused another user's).
      const {branch: source} = resourceOf(c, 'branch');
      const now = ctx.clock.now();
      if (source.kind === 'dev') {
        setSession(ctx.db, deployment.id, credentialKey(principal), source.id, now);
        return c.json({active: true, branchName: source.name, parentBranch: source.parent_name}, 200);
      }
      const email = findUser(ctx.db, principal.userId)?.email;
      const slug = userSlug(email, principal.userId);
      let name: string;
      do name = `dev-${slug}-${randomBytes(4).toString('hex')}`;
      while (findBranch(ctx.db, deployment.id, name));
      const files = filesOf(ctx.db, source);
      const dev = ctx.db.transaction(() => {
        const branch = createBranch(ctx.db, ctx.clock, {deploymentId: deployment.id, name, kind: 'dev', parent: source, ownerUserId: principal.userId, files, message: `dev mode from ${source.name}`});
        setSession(ctx.db, deployment.id, credentialKey(principal), branch.id, now);
        if (email) pointDevelopmentEnvironment(ctx.db, {deploymentId: deployment.id, userEmail: email, name: `dev-${slug}`, branch: branch.name, now});
        return branch;
      })();
      triggerBuild(ctx, deployment, dev.name, files, dev.last_hash, 'dev mode entered');
      return c.json({active: true, branchName: dev.name, parentBranch: source.name}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'delete', path: PATH, operationId: 'stopDevMode', summary: 'Exit dev mode', tags,
      request: {params: DeploymentIdParam},
      responses: {200: json(DataModelWriteResponse, 'the session is released'), ...errorResponses(403, 404)}}),
    (c) => {
      const deployment = loadDeployment(ctx, c.req.valid('param').deploymentId);
      clearSession(ctx.db, deployment.id, credentialKey(principalOf(c)));
      return c.json({success: true}, 200);
    },
  );
};
