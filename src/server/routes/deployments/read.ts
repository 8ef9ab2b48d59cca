// Reading and deleting deployments: list (seed shape + items/pageInfo), detail, settings, delete.
import {createRoute} from '@hono/zod-openapi';
import {
  DEFAULT_LIMIT,
  DeploymentDetail,
  DeploymentIdParam,
  DeploymentSettings,
  DeploymentsListResponse,
  DeploymentsQuery,
  SuccessBody,
} from '../../../contract/index.js';
import type {RouteGroup} from '../../appTypes.js';
import {principalOf, requirePermission} from '../../auth.js';
import {badRequest} from '../../errors.js';
import {deleteDeployment, listDeployments} from '../../store/deployments.js';
import {toDeployment, toDetail, toListItem, toSettings} from './views.js';
import {errorResponses, json, loadDeployment, offsetPageInfo, paging} from '../http.js';

const tags = ['Deployments'];

/** Cursors are opaque to clients; here they encode the position after which the next page starts. */
function encodeCursor(position: number): string {
  return Buffer.from(`p${position}`).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const m = /^p(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw badRequest('after: not a cursor this service issued (use pageInfo.endCursor)');
  return Number(m[1]);
}

function mixedPaging(q: {offset?: string; limit?: string; first?: string; after?: string}): {offset: number; limit: number} {
  const cursor = q.first !== undefined || q.after !== undefined;
  if (cursor && (q.offset !== undefined || q.limit !== undefined)) {
    throw badRequest('offset/limit and first/after paging cannot be mixed; use one or the other');
  }
  if (!cursor) return paging(q);
  return {offset: q.after ? decodeCursor(q.after) : 0, limit: q.first ? Number(q.first) : DEFAULT_LIMIT};
}

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
      requirePermission(c, 'DeploymentRead');
      const {offset, limit} = mixedPaging(c.req.valid('query'));
      const {rows, total} = listDeployments(ctx.db, {offset, limit, only: principalOf(c).deploymentIds});
      return c.json(
        {
          data: {deployments: rows.map(toListItem)},
          pagination: {offset, limit, total},
          items: rows.map((r) => toDeployment(ctx, r)),
          pageInfo: {...offsetPageInfo(offset, rows.length, total), startCursor: encodeCursor(offset), endCursor: encodeCursor(offset + rows.length)},
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
      requirePermission(c, 'DeploymentRead');
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
      requirePermission(c, 'DeploymentRead');
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
      requirePermission(c, 'DeploymentManage');
      const row = loadDeployment(ctx, c.req.valid('param').deploymentId);
      return c.json({success: deleteDeployment(ctx.db, row.id, ctx.clock.now())}, 200);
    },
  );
};
