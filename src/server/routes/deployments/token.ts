// POST …/token: a JWT for the deployment's data API. The body is optional (the real client sends none).
import {createRoute} from '@hono/zod-openapi';
import {DeploymentIdParam, DeploymentTokenBody, DeploymentTokenResponse} from '../../../contract/index.js';
import type {RouteGroup} from '../../appTypes.js';
import {derivedClaims, principalOf} from '../../auth.js';
import {signToken} from '../../tokens.js';
import {errorResponses, json, jsonBody, loadDeployment} from '../http.js';

const DEFAULT_TTL = 86400;

export const register: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/deployments/{deploymentId}/token',
      operationId: 'deploymentToken',
      summary: 'Issue a data API token for a deployment',
      tags: ['Deployments'],
      request: {params: DeploymentIdParam, body: jsonBody(DeploymentTokenBody, false)},
      responses: {200: json(DeploymentTokenResponse, 'the token'), ...errorResponses(400, 403, 404)},
    }),
    async (c) => {
      const row = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const body = c.req.valid('json');
      const issued = await signToken(ctx, 'data', {deploymentId: row.id, sub: String(principalOf(c).userId), ...derivedClaims(principalOf(c))}, body.expiresIn ?? DEFAULT_TTL);
      return c.json({cubeApiToken: issued.token}, 200);
    },
  );
};
