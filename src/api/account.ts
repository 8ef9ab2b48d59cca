// Account-level fetchers: the signed-in user, regions, API keys, and the service's own OpenAPI document.
import type {Api} from './client.js';
import {asRecord, bool, idString, listRows, readRows, str, unwrap, type Json} from './read.js';

export interface Me {
  id: string;
  email: string;
  username?: string;
  isAdmin: boolean;
  raw: Json;
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

export async function getMe(api: Api, signal?: AbortSignal): Promise<Me> {
  const raw = unwrap(await api.get('/api/v1/users/me', {signal}));
  const username = str(raw.username) ?? ([str(raw.firstName), str(raw.lastName)].filter(Boolean).join(' ') || undefined);
  const me: Me = {id: idString(raw.id) ?? '', email: str(raw.email) ?? '', isAdmin: bool(raw.isAdmin) ?? false, raw};
  if (username !== undefined) me.username = username;
  return me;
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

export async function listRegions(api: Api, signal?: AbortSignal): Promise<{regions: Region[]; raw: unknown}> {
  const raw = await api.get('/api/v1/regions', {signal});
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
