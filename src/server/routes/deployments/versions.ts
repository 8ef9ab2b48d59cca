// GET …/versions: what the deployment can switch to (channel heads plus the versions the account has run).
import {createRoute} from '@hono/zod-openapi';
import {DeploymentIdParam, DeploymentVersionsResponse} from '../../../contract/index.js';
import type {RouteGroup} from '../../appTypes.js';
import {listVersions} from '../../releases.js';
import {errorResponses, json, loadDeployment} from '../http.js';

export const register: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/deployments/{deploymentId}/versions',
      operationId: 'listDeploymentVersions',
      summary: 'List the versions a deployment can switch to',
      tags: ['Deployments'],
      request: {params: DeploymentIdParam},
      responses: {200: json(DeploymentVersionsResponse, 'the selectable versions'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const versions = listVersions(ctx, loadDeployment(ctx, c.req.valid('param').deploymentId));
      return c.json(
        {data: versions, items: versions, pageInfo: {hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null}},
        200,
      );
    },
  );
};
