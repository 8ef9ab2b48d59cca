// POST /api/v1/meta: data-model metadata across deployments, chosen by selectors (the real client sends
// `{selectors: [{type: "cube", deploymentId, environment: "production" | "<branch>"}]}`). Each selector is
// answered from the branch's files, compiled, like the data API's /meta but with a management credential.
import {createRoute} from '@hono/zod-openapi';
import {MetaInput} from '../../../contract/objectOps.js';
import {ObjectList} from '../../../contract/objects.js';
import type {RouteGroup} from '../../appTypes.js';
import {compileModel} from '../../engines/compiler/index.js';
import {describeModel} from '../../engines/query/meta.js';
import {badRequest} from '../../errors.js';
import {loadBranch} from '../dataModel/shared.js';
import {filesOf} from '../../store/branchTrees.js';
import {errorResponses, json, jsonBody, loadDeployment} from '../http.js';

export const registerMeta: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/meta',
      operationId: 'describeMeta',
      tags: ['Meta'],
      summary: 'Describe cubes and views of deployments and branches chosen by selectors',
      request: {body: jsonBody(MetaInput)},
      responses: {200: json(ObjectList, 'the matching cubes and views'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const items = c.req.valid('json').selectors.flatMap((s) => {
        const deployment = loadDeployment(ctx, s.deploymentId);
        const branchName = s.environment === 'production' ? deployment.deploy_branch_name : s.environment;
        const files = filesOf(ctx.db, loadBranch(ctx, deployment, branchName));
        const compiled = compileModel([...files].map(([path, content]) => ({path, content})));
        if (!compiled.valid) throw badRequest(`the data model on ${branchName} does not compile: ${compiled.errors[0]!.file}: ${compiled.errors[0]!.message}`);
        return describeModel(compiled.model)
          .filter((m) => (s.type === undefined || m.type === s.type) && (s.name === undefined || m.name === s.name))
          .map((m) => ({deploymentId: deployment.id, environment: s.environment, ...m}));
      });
      return c.json({items, pageInfo: {hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null}}, 200);
    },
  );
};
