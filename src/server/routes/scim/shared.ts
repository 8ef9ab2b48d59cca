// OpenAPI response and request entries for SCIM routes: SCIM media type, SCIM error bodies.
import type {z} from '@hono/zod-openapi';
import {SCIM_MEDIA_TYPE, ScimError} from '../../../contract/scim.js';

export const SCIM_TAGS = ['SCIM'];

const ERROR_TEXT: Record<number, string> = {
  400: 'invalid input (scimType says which: invalidFilter, invalidValue, invalidPath, …)',
  401: 'missing credential, or not a SCIM token',
  404: 'no such resource',
  409: 'userName or displayName already taken (scimType uniqueness)',
};

export function scimErrors(...codes: number[]) {
  const out: Record<number, {description: string; content: {[SCIM_MEDIA_TYPE]: {schema: typeof ScimError}}}> = {};
  for (const code of [401, ...codes]) out[code] = {description: ERROR_TEXT[code] ?? 'error', content: {[SCIM_MEDIA_TYPE]: {schema: ScimError}}};
  return out;
}

export function scimJson<T extends z.ZodType>(schema: T, description: string) {
  return {description, content: {[SCIM_MEDIA_TYPE]: {schema}}};
}

export function scimBody<T extends z.ZodType>(schema: T) {
  return {required: true, content: {[SCIM_MEDIA_TYPE]: {schema}}};
}
