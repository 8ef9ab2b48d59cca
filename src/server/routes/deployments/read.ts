// Reading and deleting deployments: list (seed shape + items/pageInfo), detail, settings, delete.
import {createRoute} from '@hono/zod-openapi';
import {
  DeploymentDetail,
  DeploymentIdParam,
  DeploymentSettings,
  DeploymentsListResponse,
  DeploymentsQuery,
  SuccessBody,
} from '../../../contract/index.js';
import type {RouteGroup} from '../../appTypes.js';
import {principalOf} from '../../auth.js';
import {listedDeployments} from '../../policy.js';
import {deleteDeployment, listDeployments} from '../../store/deployments.js';
import {toDeployment, toDetail, toListItem, toSettings} from './views.js';
import {errorResponses, json, loadDeployment, mixedPaging, positionPageInfo} from '../http.js';

const tags = ['Deployments'];

export const register: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/deployments',
      operationId: 'getDeployments',
      summary: 'List deployments accessible to the caller',
      tags,
      request: {query: DeploymentsQuery},
      responses: {200: json(DeploymentsListResponse, 'a page of deployments'), ...errorResponses(400, 403)},
    }),
    (c) => {
      const {offset, limit} = mixedPaging(c.req.valid('query'));
      const {rows, total} = listDeployments(ctx.db, {offset, limit, only: listedDeployments(principalOf(c))});
      return c.json(
        {
          data: {deployments: rows.map(toListItem)},
          pagination: {offset, limit, total},
          items: rows.map((r) => toDeployment(ctx, r)),
          pageInfo: positionPageInfo(offset, rows.length, total),
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/deployments/{deploymentId}',
      operationId: 'getDeployment',
      summary: 'Get a deployment',
      tags,
      request: {params: DeploymentIdParam},
      responses: {200: json(DeploymentDetail, 'the deployment'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      return c.json(toDetail(ctx, loadDeployment(ctx, c.req.valid('param').deploymentId)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/deployments/{deploymentId}/settings',
      operationId: 'getDeploymentSettings',
      summary: 'Every setting of a deployment, including the version and channel in effect',
      tags,
      request: {params: DeploymentIdParam},
      responses: {200: json(DeploymentSettings, 'the settings'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      return c.json(toSettings(ctx, loadDeployment(ctx, c.req.valid('param').deploymentId)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api/v1/deployments/{deploymentId}',
      operationId: 'deleteDeployment',
      summary: 'Delete a deployment',
      tags,
      request: {params: DeploymentIdParam},
      responses: {200: json(SuccessBody, 'deleted'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const row = loadDeployment(ctx, c.req.valid('param').deploymentId);
      return c.json({success: deleteDeployment(ctx.db, row.id, ctx.clock.now())}, 200);
    },
  );
};
