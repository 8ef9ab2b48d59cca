// OIDC token configurations. `audience` is derived: the tenant's own address for audienceType `default`, the
// given `customAudience` for `custom`. Names are unique; an omitted name is generated.
import {createRoute, z} from '@hono/zod-openapi';
import {CreateOidcTokenConfigInput, NumericIdParam, OidcTokenConfig, UpdateOidcTokenConfigInput} from '../../../contract/oauth.js';
import {SuccessBody} from '../../../contract/index.js';
import type {RouteGroup} from '../../appTypes.js';
import {isoTime, type ServiceContext} from '../../context.js';
import {badRequest, conflict, notFound} from '../../errors.js';
import {
  deleteOidcConfig,
  findOidcConfig,
  findOidcConfigByName,
  insertOidcConfig,
  listOidcConfigs,
  oidcConfigFields,
  updateOidcConfig,
  type OidcConfigFields,
  type OidcConfigRow,
} from '../../store/oidcConfigs.js';
import {errorResponses, json, jsonBody} from '../http.js';

const tags = ['OIDC Token Configs'];

function toConfig(ctx: ServiceContext, row: OidcConfigRow): z.infer<typeof OidcTokenConfig> {
  const f = oidcConfigFields(row);
  return {
    id: row.id,
    name: f.name,
    audienceType: f.audienceType,
    audience: f.audienceType === 'custom' && f.customAudience ? f.customAudience : ctx.baseUrl,
    isEnabled: f.isEnabled,
    customClaims: f.customClaims,
    subFormat: f.subFormat,
    targetEnvVar: f.targetEnvVar,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

function check(ctx: ServiceContext, f: OidcConfigFields, id?: number): void {
  if (f.audienceType === 'custom' && !f.customAudience) throw badRequest('customAudience is required when audienceType is custom');
  const other = findOidcConfigByName(ctx.db, f.name);
  if (other && other.id !== id) throw conflict(`an OIDC token config named ${f.name} already exists`);
}

export const register: RouteGroup = (app, ctx) => {
  const load = (id: string) => {
    const row = findOidcConfig(ctx.db, Number(id));
    if (!row) throw notFound(`OIDC token config ${id} not found`);
    return row;
  };

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/oidc-token-configs',
      operationId: 'listOidcTokenConfigs',
      summary: 'List OIDC token configs (a bare array)',
      tags,
      responses: {200: json(z.array(OidcTokenConfig), 'the configs'), ...errorResponses()},
    }),
    (c) => c.json(listOidcConfigs(ctx.db).map((row) => toConfig(ctx, row)), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/oidc-token-configs',
      operationId: 'createOidcTokenConfig',
      summary: 'Create an OIDC token config',
      tags,
      request: {body: jsonBody(CreateOidcTokenConfigInput)},
      responses: {200: json(OidcTokenConfig, 'the config'), ...errorResponses(400, 403, 409)},
    }),
    (c) => {
      const b = c.req.valid('json');
      const fields: OidcConfigFields = {
        name: b.name ?? `oidc-${listOidcConfigs(ctx.db).length + 1}`,
        audienceType: b.audienceType,
        customAudience: b.customAudience ?? null,
        customClaims: b.customClaims ?? null,
        isEnabled: b.isEnabled ?? true,
        subFormat: b.subFormat ?? null,
        targetEnvVar: b.targetEnvVar ?? null,
      };
      check(ctx, fields);
      const id = insertOidcConfig(ctx.db, fields, ctx.clock.now());
      return c.json(toConfig(ctx, load(String(id))), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/oidc-token-configs/{id}',
      operationId: 'getOidcTokenConfig',
      summary: 'Get an OIDC token config',
      tags,
      request: {params: NumericIdParam},
      responses: {200: json(OidcTokenConfig, 'the config'), ...errorResponses(400, 404)},
    }),
    (c) => c.json(toConfig(ctx, load(c.req.valid('param').id)), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/v1/oidc-token-configs/{id}',
      operationId: 'updateOidcTokenConfig',
      summary: 'Update an OIDC token config: fields given replace the stored ones, null clears optional ones',
      tags,
      request: {params: NumericIdParam, body: jsonBody(UpdateOidcTokenConfigInput)},
      responses: {200: json(OidcTokenConfig, 'the config'), ...errorResponses(400, 403, 404, 409)},
    }),
    (c) => {
      const {id} = c.req.valid('param');
      const current = oidcConfigFields(load(id));
      const b = c.req.valid('json');
      const pick = <K extends keyof OidcConfigFields>(key: K, value: OidcConfigFields[K] | undefined) => (value === undefined ? current[key] : value);
      const fields: OidcConfigFields = {
        name: b.name ?? current.name,
        audienceType: current.audienceType,
        customAudience: pick('customAudience', b.customAudience),
        customClaims: pick('customClaims', b.customClaims),
        isEnabled: b.isEnabled ?? current.isEnabled,
        subFormat: pick('subFormat', b.subFormat),
        targetEnvVar: pick('targetEnvVar', b.targetEnvVar),
      };
      check(ctx, fields, Number(id));
      updateOidcConfig(ctx.db, Number(id), fields, ctx.clock.now());
      return c.json(toConfig(ctx, load(id)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api/v1/oidc-token-configs/{id}',
      operationId: 'deleteOidcTokenConfig',
      summary: 'Delete an OIDC token config',
      tags,
      request: {params: NumericIdParam},
      responses: {200: json(SuccessBody, 'deleted'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const {id} = c.req.valid('param');
      if (!deleteOidcConfig(ctx.db, Number(id))) throw notFound(`OIDC token config ${id} not found`);
      return c.json({success: true}, 200);
    },
  );
};
