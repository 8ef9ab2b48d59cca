// Generates the list/get/create/update/delete routes of one row of the resource table, as documented OpenAPI
// routes over the generic JSON store. Scoped kinds live under `/deployments/{deploymentId}/…`, so the auth
// middleware already answers 403 to keys scoped to other deployments.
import {createRoute, z} from '@hono/zod-openapi';
import type {Context} from 'hono';
import {DeploymentIdParam, SuccessBody} from '../../../contract/index.js';
import {CursorQuery} from '../../../contract/common.js';
import {ObjectList} from '../../../contract/objects.js';
import type {App} from '../../appTypes.js';
import {type AppEnv} from '../../auth.js';
import {isoTime, type ServiceContext} from '../../context.js';
import {badRequest, conflict, notFound} from '../../errors.js';
import {findResource, jsonStore, type ResourceRow} from '../../store/resources.js';
import {errorResponses, json, jsonBody, loadDeployment} from '../http.js';
import {cursorPage} from '../cursor.js';
import {RESOURCES} from './table.js';
import type {ResourceSpec, ResourceStore} from './types.js';

/** The store a kind's objects live in. */
export const storeOf = (spec: {store?: ResourceStore}): ResourceStore => spec.store ?? jsonStore;

type Json = Record<string, unknown>;
type Valid = (target: 'param' | 'query' | 'json') => Json;

const numericId = (what: string) => z.string().regex(/^\d{1,12}$/, `${what} must be numeric`);
export const EmbedTenantParam = z.object({embedTenantName: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'embed tenant name must be letters, digits, . _ or -')});
export const WorkbookParams = DeploymentIdParam.extend({workbookId: numericId('workbook id')});
/** A cursor-paged list that takes a search text. */
export const SearchQuery = CursorQuery.extend({search: z.string().min(1).max(200).optional()});

function scopeParams(spec: ResourceSpec) {
  if (spec.scope === 'deployment') return DeploymentIdParam;
  if (spec.scope === 'embedTenant') return EmbedTenantParam;
  return z.object({});
}

function filterQuery(spec: ResourceSpec) {
  const shape: Record<string, z.ZodOptional<z.ZodString>> = {};
  for (const [name, f] of Object.entries(spec.filters ?? {})) {
    shape[name] = (f.match === 'int' ? numericId(name) : z.string().min(1, `${name} must not be empty`).max(200)).optional();
  }
  return CursorQuery.extend(shape);
}

/** The scope an object lives in, from the path: checks the deployment exists; '' for account objects. */
export function scopeOf(ctx: ServiceContext, spec: {scope: ResourceSpec['scope']}, params: Json): string {
  if (spec.scope === 'deployment') return String(loadDeployment(ctx, String(params.deploymentId)).id);
  if (spec.scope === 'embedTenant') return String(params.embedTenantName);
  return '';
}

/**
 * One object as the workspace operations answer it (the listing, move, bulk move). The platform's description types
 * every workspace item as a workbook, so folders and reports carry the workbook's required `meta` and
 * `calculatedFields` too (empty objects where they have none).
 */
export const workspaceItem = (o: Record<string, unknown>): Record<string, unknown> => ({...o, meta: o.meta ?? {}, calculatedFields: o.calculatedFields ?? {}});

/** An object as every answer gives it (list, get, create, update, upsert, and the other operations that return one). */
export function present(ctx: ServiceContext, spec: ResourceSpec, row: ResourceRow): Json {
  const body: Json = {...row.body};
  for (const field of spec.hidden ?? []) delete body[field];
  const scoped = spec.scope === 'deployment' ? {deploymentId: Number(row.scope)} : {};
  return {id: row.id, ...body, ...scoped, createdAt: isoTime(row.createdAt), updatedAt: isoTime(row.updatedAt), ...spec.enrich?.(ctx, row)};
}

function matches(spec: ResourceSpec, item: Json, query: Json): boolean {
  for (const [name, f] of Object.entries(spec.filters ?? {})) {
    const wanted = query[name];
    if (typeof wanted !== 'string') continue;
    const have = item[f.field];
    if (f.match === 'int' && Number(have) !== Number(wanted)) return false;
    if (f.match === 'exact' && String(have) !== wanted) return false;
    if (f.match === 'contains' && !String(have ?? '').toLowerCase().includes(wanted.toLowerCase())) return false;
  }
  return true;
}

function checkRules(ctx: ServiceContext, spec: ResourceSpec, scope: string, body: Json, selfId?: number): void {
  for (const [field, kind] of Object.entries(spec.refs ?? {})) {
    const value = body[field];
    if (value === null || value === undefined) continue;
    if (!findResource(ctx.db, kind, scope, Number(value)) || Number(value) === selfId) throw badRequest(`${field}: no ${kind} ${String(value)} here`);
  }
  if (!spec.unique?.length) return;
  const others = storeOf(spec).list(ctx.db, spec.kind, scope).filter((r) => r.id !== selfId);
  for (const field of spec.unique) {
    const value = body[field];
    if (value === null || value === undefined) continue;
    if (others.some((r) => r.body[field] === value)) throw conflict(`a ${spec.kind} with ${field} \`${String(value)}\` already exists`);
  }
}

/** Deleting an object others point at (a folder with workbooks in it) would leave them dangling: 409 instead. */
export function refuseIfReferenced(ctx: ServiceContext, spec: ResourceSpec, scope: string, id: number): void {
  for (const other of RESOURCES) {
    for (const [field, kind] of Object.entries(other.refs ?? {})) {
      if (kind !== spec.kind) continue;
      const users = storeOf(other).list(ctx.db, other.kind, scope).filter((r) => r.body[field] === id);
      if (users.length > 0) throw conflict(`${spec.kind} ${id} still holds ${users.length} ${other.kind}(s) (${field}); move or delete them first`);
    }
  }
}

function mergeUpdate(spec: ResourceSpec, current: Json, patch: Json): Json {
  const next = {...current};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null && !spec.clearable?.includes(key)) continue;
    next[key] = value;
  }
  return {...next, ...spec.derive?.(next)};
}

/** Stores a new object: the kind's defaults under the given fields, derived fields, then the rules. */
function create(ctx: ServiceContext, spec: ResourceSpec, scope: string, input: Json): ResourceRow {
  const siblings = storeOf(spec).list(ctx.db, spec.kind, scope).map((r) => r.body);
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null));
  const merged = {...spec.initial?.(input, {ctx, scope, siblings}), ...given};
  const body = {...merged, ...spec.derive?.(merged)};
  checkRules(ctx, spec, scope, body);
  return storeOf(spec).insert(ctx.db, spec.kind, scope, body, ctx.clock.now());
}

/**
 * The routes of a kind, the same in every app (only their handlers are an app's): built once per process, as
 * building their schemas was most of what registering a kind cost.
 */
const routesOfKind = new WeakMap<ResourceSpec, ReturnType<typeof kindRoutes>>();

function routesOf(spec: ResourceSpec): ReturnType<typeof kindRoutes> {
  let routes = routesOfKind.get(spec);
  if (!routes) routesOfKind.set(spec, (routes = kindRoutes(spec)));
  return routes;
}

function kindRoutes(spec: ResourceSpec) {
  const params = scopeParams(spec);
  const itemParams = params.extend({[spec.idParam]: numericId(`${spec.kind} id`)});
  const itemPath = `${spec.path}/{${spec.idParam}}`;
  const base = {tags: [spec.tag]};
  const ops = spec.operations;
  const upsert = spec.upsertBy;
  return {
    list: ops.list
      ? createRoute({...base, method: 'get', path: spec.path, operationId: ops.list, summary: `List ${spec.summary}`, request: {params, query: filterQuery(spec)}, responses: {200: json(ObjectList, 'a page'), ...errorResponses(400, 403, 404)}})
      : undefined,
    get: ops.get
      ? createRoute({...base, method: 'get', path: itemPath, operationId: ops.get, summary: `Get one of the ${spec.summary}`, request: {params: itemParams}, responses: {200: json(spec.item, 'the object'), ...errorResponses(400, 403, 404)}})
      : undefined,
    create:
      ops.create && spec.createBody
        ? createRoute({...base, method: 'post', path: spec.path, operationId: ops.create, summary: `Create one of the ${spec.summary}`, request: {params, body: jsonBody(spec.createBody)}, responses: {200: json(spec.item, 'the new object'), ...errorResponses(400, 403, 404, 409)}})
        : undefined,
    update:
      ops.update && spec.updateBody
        ? createRoute({...base, method: spec.updateMethod ?? 'put', path: itemPath, operationId: ops.update, summary: `Change one of the ${spec.summary}; omitted fields keep their values`, request: {params: itemParams, body: jsonBody(spec.updateBody)}, responses: {200: json(spec.item, 'the changed object'), ...errorResponses(400, 403, 404, 409)}})
        : undefined,
    upsert:
      upsert && spec.createBody
        ? createRoute({...base, method: 'put', path: `${spec.path}/by-${upsert.segment}/{${upsert.field}}`, operationId: upsert.operationId, summary: `Create or change one of the ${spec.summary} by its ${upsert.field}`, request: {params: params.extend({[upsert.field]: z.string().regex(upsert.pattern, `${upsert.field} does not have the expected form`)}), body: jsonBody(spec.createBody)}, responses: {200: json(spec.item, 'the object'), ...errorResponses(400, 403, 404, 409)}})
        : undefined,
    delete: ops.delete
      ? createRoute({...base, method: 'delete', path: itemPath, operationId: ops.delete, summary: `Delete one of the ${spec.summary}`, request: {params: itemParams}, responses: {200: json(SuccessBody, 'deleted'), ...errorResponses(400, 403, 404)}})
      : undefined,
  };
}

export function registerResource(app: App, ctx: ServiceContext, spec: ResourceSpec): void {
  const routes = routesOf(spec);
  const load = (valid: Valid): {scope: string; row: ResourceRow} => {
    const p = valid('param');
    const scope = scopeOf(ctx, spec, p);
    const id = Number(p[spec.idParam]);
    const row = storeOf(spec).find(ctx.db, spec.kind, scope, id);
    if (!row) throw notFound(`${spec.kind} ${id} not found`);
    return {scope, row};
  };
  const validOf = (c: Context<AppEnv>): Valid => (target) => (c.req.valid as (t: string) => Json)(target);

  if (routes.list) {
    app.openapi(routes.list, (c) => {
      const valid = validOf(c);
      const query = valid('query');
      const all = storeOf(spec).list(ctx.db, spec.kind, scopeOf(ctx, spec, valid('param'))).map((r) => present(ctx, spec, r)).filter((item) => matches(spec, item, query));
      const page = cursorPage(all, query as {first?: string; after?: string});
      return c.json(spec.listExtras ? {...page, data: page.items, count: all.length} : page, 200);
    });
  }
  if (routes.get) {
    app.openapi(routes.get, (c) => {
      const row = load(validOf(c)).row;
      return c.json(present(ctx, spec, row), 200);
    });
  }
  if (routes.create) {
    app.openapi(routes.create, (c) => {
      const valid = validOf(c);
      const scope = scopeOf(ctx, spec, valid('param'));
      const input = valid('json');
      return c.json(present(ctx, spec, create(ctx, spec, scope, input)), 200);
    });
  }
  if (routes.update) {
    app.openapi(routes.update, (c) => {
      const valid = validOf(c);
      const {scope, row} = load(valid);
      const body = mergeUpdate(spec, row.body, valid('json'));
      checkRules(ctx, spec, scope, body, row.id);
      return c.json(present(ctx, spec, storeOf(spec).save(ctx.db, {...row, body}, ctx.clock.now())), 200);
    });
  }
  const upsert = spec.upsertBy;
  if (routes.upsert && upsert) {
    app.openapi(routes.upsert, (c) => {
      const valid = validOf(c);
      const p = valid('param');
      const scope = scopeOf(ctx, spec, p);
      const key = p[upsert.field];
      const input = {...valid('json'), [upsert.field]: key};
      const existing = storeOf(spec).list(ctx.db, spec.kind, scope).find((r) => r.body[upsert.field] === key);
      if (existing) {
        const body = mergeUpdate(spec, existing.body, input);
        checkRules(ctx, spec, scope, body, existing.id);
        return c.json(present(ctx, spec, storeOf(spec).save(ctx.db, {...existing, body}, ctx.clock.now())), 200);
      }
      return c.json(present(ctx, spec, create(ctx, spec, scope, input)), 200);
    });
  }
  if (routes.delete) {
    app.openapi(routes.delete, (c) => {
      const {scope, row} = load(validOf(c));
      refuseIfReferenced(ctx, spec, scope, row.id);
      return c.json({success: storeOf(spec).remove(ctx.db, spec.kind, scope, row.id)}, 200);
    });
  }
}
