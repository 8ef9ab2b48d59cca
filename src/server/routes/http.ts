// What every route group needs from HTTP: error response docs, JSON bodies, paging, and loading a live deployment (or a 404).
import type {z} from '@hono/zod-openapi';
import {DEFAULT_LIMIT, DEFAULT_OFFSET, ErrorBody, type PageInfo} from '../../contract/index.js';
import type {ServiceContext} from '../context.js';
import {notFound} from '../errors.js';
import {findDeployment, type DeploymentRow} from '../store/deployments.js';

const ERROR_TEXT: Record<number, string> = {
  400: 'invalid input',
  401: 'missing, malformed or expired credential',
  403: 'credential not authorized for the target',
  404: 'not found',
  409: 'conflicts with the current state',
};

/** OpenAPI response entries for the given error statuses, all `{error}` bodies. */
export function errorResponses(...codes: number[]) {
  const out: Record<number, {description: string; content: {'application/json': {schema: typeof ErrorBody}}}> = {};
  for (const code of [401, ...codes]) {
    out[code] = {description: ERROR_TEXT[code] ?? 'error', content: {'application/json': {schema: ErrorBody}}};
  }
  return out;
}

export function json<T extends z.ZodType>(schema: T, description: string) {
  return {description, content: {'application/json': {schema}}};
}

export function jsonBody<T extends z.ZodType>(schema: T, required = true) {
  return {required, content: {'application/json': {schema}}};
}

export function paging(q: {offset?: string; limit?: string}): {offset: number; limit: number} {
  return {offset: q.offset ? Number(q.offset) : DEFAULT_OFFSET, limit: q.limit ? Number(q.limit) : DEFAULT_LIMIT};
}

export function offsetPageInfo(offset: number, returned: number, total: number): PageInfo {
  return {hasNextPage: offset + returned < total, hasPreviousPage: offset > 0, startCursor: null, endCursor: null};
}

/** The live deployment with that id, or a 404. */
export function loadDeployment(ctx: ServiceContext, id: string | number): DeploymentRow {
  const row = findDeployment(ctx.db, Number(id));
  if (!row) throw notFound(`deployment ${id} not found`);
  return row;
}
