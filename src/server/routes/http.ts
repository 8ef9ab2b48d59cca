// What every route group needs from HTTP: error response docs, JSON bodies, paging, and loading a live deployment (or a 404).
import {z, type RouteConfig} from '@hono/zod-openapi';
import type {MiddlewareHandler} from 'hono';
import {DEFAULT_LIMIT, DEFAULT_OFFSET, ErrorBody, type PageInfo} from '../../contract/index.js';
import type {ServiceContext} from '../context.js';
import {badRequest, notFound} from '../errors.js';
import {findDeployment, type DeploymentRow} from '../store/deployments.js';

const ERROR_TEXT: Record<number, string> = {
  400: 'invalid input',
  401: 'missing, malformed or expired credential',
  403: 'credential not authorized for the target',
  404: 'not found',
  409: 'conflicts with the current state',
  422: 'the request cannot be carried out (it failed for good)',
  429: 'too many requests in flight',
};

/** OpenAPI response entries for the given error statuses, all `{error}` bodies. */
export function errorResponses(...codes: number[]) {
  const out: Record<number, {description: string; content: {'application/json': {schema: typeof ErrorBody}}}> = {};
  for (const code of [401, ...codes]) {
    out[code] = {description: ERROR_TEXT[code] ?? 'error', content: {'application/json': {schema: ErrorBody}}};
  }
  return out;
}

/** What the route validated (`param`, `query`, `json`), as plain JSON, for handlers that read it untyped. */
export const valid = (c: {req: {valid: unknown}}, target: string) => (c.req.valid as (t: string) => Record<string, unknown>)(target);

/**
 * An answer documented as any JSON object (built from stored JSON, its type checks loose). One schema, made once
 * for every route and app.
 */
export const AnyJsonObject: z.ZodType = z.record(z.string(), z.unknown());

export function json<T extends z.ZodType>(schema: T, description: string) {
  return {description, content: {'application/json': {schema}}};
}

export function jsonBody<T extends z.ZodType>(schema: T, required = true) {
  return {required, content: {'application/json': {schema}}};
}

export function paging(q: {offset?: string; limit?: string}): {offset: number; limit: number} {
  return {offset: q.offset ? Number(q.offset) : DEFAULT_OFFSET, limit: q.limit ? Number(q.limit) : DEFAULT_LIMIT};
}

/** Position cursors are opaque to clients; they encode the position after which the next page starts. */
function encodeCursor(position: number): string {
  return Buffer.from(`p${position}`).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const m = /^p(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw badRequest('after: not a cursor this service issued (use pageInfo.endCursor)');
  return Number(m[1]);
}

/** A list that takes both kinds of paging (as the platform's deployments and environments lists do), one at a time. */
export function mixedPaging(q: {offset?: string; limit?: string; first?: string; after?: string}): {offset: number; limit: number} {
  const cursor = q.first !== undefined || q.after !== undefined;
  if (cursor && (q.offset !== undefined || q.limit !== undefined)) {
    throw badRequest('offset/limit and first/after paging cannot be mixed; use one or the other');
  }
  if (!cursor) return paging(q);
  return {offset: q.after ? decodeCursor(q.after) : 0, limit: q.first ? Number(q.first) : DEFAULT_LIMIT};
}

/** pageInfo of a page at `offset`, with the position cursors mixedPaging reads back. */
export function positionPageInfo(offset: number, returned: number, total: number): PageInfo {
  return {...offsetPageInfo(offset, returned, total), startCursor: encodeCursor(offset), endCursor: encodeCursor(offset + returned)};
}

export function offsetPageInfo(offset: number, returned: number, total: number): PageInfo {
  return {hasNextPage: offset + returned < total, hasPreviousPage: offset > 0, startCursor: null, endCursor: null};
}

const PAGING_PARAMS = ['offset', 'limit', 'first', 'after'] as const;

/**
 * A list pages by offset (`offset`/`limit`) or by cursor (`first`/`after`). A paging parameter of the other kind
 * would otherwise be dropped, and a client paging by offset would get page 1 forever: it is a 400 naming the ones
 * the list takes. Null for an operation that declares no paging parameter.
 */
export function pagingGuard(route: RouteConfig): MiddlewareHandler | null {
  const query = route.request?.query as {shape?: Record<string, unknown>} | undefined;
  const takes = PAGING_PARAMS.filter((p) => query?.shape?.[p] !== undefined);
  if (takes.length === 0) return null;
  const refused = PAGING_PARAMS.filter((p) => !takes.includes(p));
  const kind = takes.includes('first') ? 'by cursor' : 'by offset';
  return async (c, next) => {
    const sent = refused.find((p) => c.req.query(p) !== undefined);
    if (sent !== undefined) throw badRequest(`${sent}: this list pages ${kind} and takes ${takes.join(' and ')}, not ${sent}`);
    await next();
  };
}

/** The live deployment with that id, or a 404. */
export function loadDeployment(ctx: ServiceContext, id: string | number): DeploymentRow {
  const row = findDeployment(ctx.db, Number(id));
  if (!row) throw notFound(`deployment ${id} not found`);
  return row;
}
