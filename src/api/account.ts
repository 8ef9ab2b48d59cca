// Account-level fetchers: the signed-in user, regions, API keys, and the service's own OpenAPI document.
import {ApiError, type Api} from './client.js';
import {asRecord, bool, idString, listRows, readRows, str, unwrap, type Json, readObject} from './read.js';

/** What the service says about the credential itself (`credential` of users/me); absent where it does not say. */
export interface CredentialInfo {
  /** The API key the credential is, or the one its sign-in was approved with (deleting it ends the credential). */
  apiKeyId?: string;
  /** The permissions it holds; null: every one; absent: not said. */
  permissions?: readonly string[] | null;
}

export interface Me {
  id: string;
  email: string;
  username?: string;
  isAdmin: boolean;
  credential: CredentialInfo;
  /** The User object as answered; null when the tenant answered neither users/me nor users/me/settings. */
  raw: Json | null;
}

export interface Region {
  id: string;
  name: string;
  title?: string;
  provider?: string;
}

export interface ApiKeyItem {
  id: string;
  name: string;
  prefix?: string;
  deploymentIds: string[] | null;
  permissions: string[] | null;
  createdAt?: string;
  /** 'scim' for a SCIM token; absent when the service does not say. */
  kind?: string;
}

/**
 * "No such operation" as gateways say it: 404, 405 (a strict gateway that knows the path but not the method) and
 * 501 (not implemented). Anything else (401, 403, 5xx…) is a real answer and ends the sign-in with it.
 */
const NO_SUCH_OPERATION: ReadonlySet<number> = new Set([404, 405, 501]);
const notFound = (err: unknown) => err instanceof ApiError && NO_SUCH_OPERATION.has(err.status);

/**
 * Who the credential belongs to. `GET /api/v1/users/me` is what this client and the local service use, but the
 * platform's published API does not describe it; where it answers 404 or 405 (or 501) the fallback is an operation that is
 * described and answers the same `User`: `PATCH /api/v1/users/me/settings` with an empty patch (omitted fields are
 * left as they are, so nothing changes). If that is missing too, listing one deployment still proves the
 * credential works; the identity is then unknown (`email` empty, `raw` null).
 */
export async function getMe(api: Api, signal?: AbortSignal): Promise<Me> {
  let body: unknown;
  try {
    body = await api.get('/api/v1/users/me', {signal});
  } catch (err) {
    if (!notFound(err)) throw err;
    try {
      body = await api.patch('/api/v1/users/me/settings', {json: {}, signal});
    } catch (again) {
      if (!notFound(again)) throw again;
      await api.get('/api/v1/deployments', {searchParams: {first: 1}, signal});
      return {id: '', email: '', isAdmin: false, credential: {}, raw: null};
    }
  }
  const raw = readObject(body);
  const username = str(raw.username) ?? ([str(raw.firstName), str(raw.lastName)].filter(Boolean).join(' ') || undefined);
  const me: Me = {id: idString(raw.id) ?? '', email: str(raw.email) ?? '', isAdmin: bool(raw.isAdmin) ?? false, credential: readCredential(raw.credential), raw};
  if (username !== undefined) me.username = username;
  return me;
}

function readCredential(value: unknown): CredentialInfo {
  const c = asRecord(value);
  if (!c) return {};
  const out: CredentialInfo = {};
  const keyId = idString(c.apiKeyId);
  if (keyId !== undefined) out.apiKeyId = keyId;
  if (c.permissions === null) out.permissions = null;
  else if (Array.isArray(c.permissions)) out.permissions = c.permissions.filter((p): p is string => typeof p === 'string');
  return out;
}

function readRegion(row: Json): Region | undefined {
  const id = idString(row.id);
  if (id === undefined) return undefined;
  const region: Region = {id, name: str(row.name) ?? ''};
  const title = str(row.title);
  const provider = str(row.provider);
  if (title !== undefined) region.title = title;
  if (provider !== undefined) region.provider = provider;
  return region;
}

export async function listRegions(api: Api, signal?: AbortSignal, page: {first?: number; after?: string} = {}): Promise<{regions: Region[]; raw: unknown}> {
  const raw = await api.get('/api/v1/regions', {searchParams: {first: page.first, after: page.after}, signal});
  return {regions: readRows(listRows(raw, 'regions'), readRegion), raw};
}

const stringList = (value: unknown): string[] | null =>
  Array.isArray(value) ? value.map((v) => idString(v) ?? String(v)) : null;

export function readApiKey(row: Json): ApiKeyItem | undefined {
  const id = idString(row.id);
  if (id === undefined) return undefined;
  const key: ApiKeyItem = {
    id,
    name: str(row.name) ?? '',
    deploymentIds: stringList(row.deploymentIds),
    permissions: stringList(row.permissions),
  };
  const prefix = str(row.prefix);
  const created = str(row.createdAt) ?? str(row.created_at);
  if (prefix !== undefined) key.prefix = prefix;
  if (created !== undefined) key.createdAt = created;
  const kind = str(row.kind);
  if (kind !== undefined) key.kind = kind;
  return key;
}

export async function listApiKeys(api: Api, signal?: AbortSignal): Promise<{keys: ApiKeyItem[]; raw: unknown}> {
  const raw = await api.get('/api/v1/api-keys', {signal});
  return {keys: readRows(listRows(raw, 'apiKeys'), readApiKey), raw};
}

/** Creates a key (or, with `scim`, a SCIM token); the answer is the only time its value is shown. */
export async function createApiKey(
  api: Api,
  body: {name: string; deploymentIds?: number[]; permissions?: string[]; scim?: boolean; userId?: number},
  signal?: AbortSignal,
): Promise<{key: string; item: ApiKeyItem | undefined; raw: unknown}> {
  const raw = await api.post('/api/v1/api-keys', {json: body, signal});
  const data = unwrap(raw);
  const key = str(data.key) ?? str(data.apiKey) ?? str(data.token);
  if (key === undefined) throw new Error('POST /api/v1/api-keys answered without the key value');
  return {key, item: readApiKey(data), raw};
}

export async function deleteApiKey(api: Api, id: string, signal?: AbortSignal): Promise<void> {
  await api.delete(`/api/v1/api-keys/${encodeURIComponent(id)}`, {signal});
}

/** The OpenAPI document the service publishes about itself. */
export async function getSpec(api: Api, signal?: AbortSignal): Promise<Json> {
  const doc = asRecord(await api.get('/api/v1/spec', {signal}));
  if (!doc || asRecord(doc.paths) === undefined) throw new Error('GET /api/v1/spec did not answer an OpenAPI document');
  return doc;
}
