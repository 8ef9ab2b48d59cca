// SCIM v2 fetchers (/api/scim/v2/Users and /Groups). They need a SCIM token, not an API key. SCIM error
// bodies (`{schemas, status, scimType, detail}`) become ApiErrors whose detail is the `detail` text.
import {ApiError, type Api} from './client.js';
import type {CredentialLabel} from './errors.js';
import {asRecord, idString, num, str, type Json} from './read.js';

export type ScimResourceType = 'Users' | 'Groups';

export const SCIM_SCHEMAS: Record<ScimResourceType, string> = {
  Users: 'urn:ietf:params:scim:schemas:core:2.0:User',
  Groups: 'urn:ietf:params:scim:schemas:core:2.0:Group',
};
export const SCIM_PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

export interface ScimList {
  resources: Json[];
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  raw: unknown;
}

export interface ScimListParams {
  filter?: string;
  startIndex?: number;
  count?: number;
}

/** `detail (scimType)` from a SCIM error body, or the detail as it was. */
function scimDetail(detail: string): string {
  try {
    const body = asRecord(JSON.parse(detail));
    const text = str(body?.detail);
    if (text === undefined) return detail;
    const type = str(body?.scimType);
    return type ? `${text} (${type})` : text;
  } catch {
    return detail;
  }
}

/** Every SCIM request carries a SCIM token, never the session's credential: a 401 names that token. */
export const SCIM_CREDENTIAL: CredentialLabel = {name: 'SCIM token'};

async function scim<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError) throw new ApiError(err.status, err.method, err.path, scimDetail(err.detail), err.statusText, SCIM_CREDENTIAL);
    throw err;
  }
}

const base = (type: ScimResourceType) => `/api/scim/v2/${type}`;
const one = (type: ScimResourceType, id: string) => `${base(type)}/${encodeURIComponent(id)}`;

export async function listScim(api: Api, type: ScimResourceType, params: ScimListParams = {}, signal?: AbortSignal): Promise<ScimList> {
  const raw = await scim(() => api.get(base(type), {searchParams: {...params}, signal}));
  const body = asRecord(raw) ?? {};
  const resources = (Array.isArray(body.Resources) ? body.Resources : []).map(asRecord).filter((r): r is Json => r !== undefined);
  return {
    resources,
    totalResults: num(body.totalResults) ?? resources.length,
    startIndex: num(body.startIndex) ?? 1,
    itemsPerPage: num(body.itemsPerPage) ?? resources.length,
    raw,
  };
}

export async function getScim(api: Api, type: ScimResourceType, id: string, signal?: AbortSignal): Promise<unknown> {
  return scim(() => api.get(one(type, id), {signal}));
}

/** `schemas` is filled in when the body leaves it out. */
export async function createScim(api: Api, type: ScimResourceType, body: Json, signal?: AbortSignal): Promise<unknown> {
  return scim(() => api.post(base(type), {json: {schemas: [SCIM_SCHEMAS[type]], ...body}, signal}));
}

export async function replaceScim(api: Api, type: ScimResourceType, id: string, body: Json, signal?: AbortSignal): Promise<unknown> {
  return scim(() => api.put(one(type, id), {json: {schemas: [SCIM_SCHEMAS[type]], ...body}, signal}));
}

export async function patchScim(api: Api, type: ScimResourceType, id: string, body: Json, signal?: AbortSignal): Promise<unknown> {
  return scim(() => api.patch(one(type, id), {json: {schemas: [SCIM_PATCH_SCHEMA], ...body}, signal}));
}

export async function deleteScim(api: Api, type: ScimResourceType, id: string, signal?: AbortSignal): Promise<void> {
  await scim(() => api.delete(one(type, id), {signal}));
}

/** Table cells of a user: id, userName, name, primary (or first) email, active. */
export function userRow(u: Json): string[] {
  const name = asRecord(u.name);
  const full = str(name?.formatted) ?? [str(name?.givenName), str(name?.familyName)].filter(Boolean).join(' ');
  const emails = Array.isArray(u.emails) ? u.emails.map(asRecord) : [];
  const email = emails.find((e) => e?.primary === true) ?? emails[0];
  return [idString(u.id) ?? '', str(u.userName) ?? '', full || (str(u.displayName) ?? ''), str(email?.value) ?? '', u.active === false ? 'no' : 'yes'];
}

export function groupRow(g: Json): string[] {
  const members = Array.isArray(g.members) ? g.members.length : undefined;
  return [idString(g.id) ?? '', str(g.displayName) ?? '', members === undefined ? '' : String(members)];
}
