// Account-level reads any valid credential may make: who am I, and which regions exist.
import {createRoute} from '@hono/zod-openapi';
import {CurrentUser, RegionsResponse} from '../../../contract/index.js';
import type {RouteGroup} from '../../appTypes.js';
import {principalOf} from '../../auth.js';
import {isoTime} from '../../context.js';
import {unauthorized} from '../../errors.js';
import {REGIONS} from '../../regions.js';
import {findUser, getTenant} from '../../store/users.js';
import {errorResponses, json} from '../http.js';

export const register: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/users/me',
      operationId: 'getMe',
      summary: 'The user behind the credential, its tenant and the credential’s scope',
      tags: ['Users'],
      responses: {200: json(CurrentUser, 'the current user'), ...errorResponses()},
    }),
    (c) => {
      const p = principalOf(c);
      const user = findUser(ctx.db, p.userId);
      if (!user) throw unauthorized('the user of this credential no longer exists');
      const tenant = getTenant(ctx.db) ?? {name: 'local', host: new URL(ctx.baseUrl).host};
      return c.json(
        {
          id: user.id,
          email: user.email,
          firstName: user.first_name,
          lastName: user.last_name,
          isAdmin: user.is_admin === 1,
          createdAt: isoTime(user.created_at),
          tenant,
          credential: {
            type: p.kind === 'access-token' ? ('access-token' as const) : ('api-key' as const),
            name: p.name,
            apiKeyId: p.keyId ?? p.issuerKeyId,
            deploymentIds: p.deploymentIds,
            permissions: p.permissions,
          },
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/regions',
      operationId: 'listRegions',
      summary: 'Regions a deployment can be created in',
      tags: ['Regions'],
      responses: {200: json(RegionsResponse, 'all regions'), ...errorResponses()},
    }),
    (c) =>
      c.json(
        {items: [...REGIONS], data: [...REGIONS], pageInfo: {hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null}},
        200,
      ),
  );
};
