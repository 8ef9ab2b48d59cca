// Environment fetchers. `api_credentials` arrives as the seed's object (`rest.url`, `sql.host/port`) or as the
// current API's array of `{type: rest|sql, url?, host?, port?}`; both become flat fields.
import type {Api} from './client.js';
import {asRecord, idString, listRows, listTotal, num, readRows, str, unwrap, type Json} from './read.js';

export interface Environment {
  id: string;
  name: string;
  type: string;
  branch?: string;
  restUrl?: string;
  sqlHost?: string;
  sqlPort?: number;
  raw: Json;
}

export interface MetaSyncToken {
  token: string;
  created_at?: string;
  expires_at?: string;
}

function readCredentials(value: unknown): Pick<Environment, 'restUrl' | 'sqlHost' | 'sqlPort'> {
  const out: Pick<Environment, 'restUrl' | 'sqlHost' | 'sqlPort'> = {};
  const entries: [string, Json][] = Array.isArray(value)
    ? readRows(value, (c) => [str(c.type) ?? '', c] as [string, Json])
    : Object.entries(asRecord(value) ?? {}).flatMap(([k, v]) => (asRecord(v) ? [[k, asRecord(v) as Json]] : []));
  for (const [type, c] of entries) {
    if (type === 'rest' && str(c.url) !== undefined) out.restUrl = str(c.url);
    if (type === 'sql') {
      const host = str(c.host);
      const port = num(c.port);
      if (host !== undefined) out.sqlHost = host;
      if (port !== undefined) out.sqlPort = port;
    }
  }
  return out;
}

export function readEnvironment(row: Json): Environment | undefined {
  const id = idString(row.id);
  if (id === undefined) return undefined;
  const env: Environment = {
    id,
    name: str(row.name) ?? str(row.branch) ?? '',
    type: str(row.type) ?? '',
    ...readCredentials(row.api_credentials),
    raw: row,
  };
  const branch = str(row.branch);
  if (branch !== undefined) env.branch = branch;
  return env;
}

export async function listEnvironments(
  api: Api,
  deploymentId: string,
  params: {type?: string; offset?: number; limit?: number; first?: number; after?: string} = {},
  signal?: AbortSignal,
): Promise<{environments: Environment[]; total: number; raw: unknown}> {
  const raw = await api.get(`/api/v1/deployments/${encodeURIComponent(deploymentId)}/environments`, {
    searchParams: {type: params.type, offset: params.offset, limit: params.limit, first: params.first, after: params.after},
    signal,
  });
  const environments = readRows(listRows(raw, 'environments'), readEnvironment);
  return {environments, total: listTotal(raw, environments.length), raw};
}

/** A JWT for the environment's metadata API (`POST …/tokens-for-meta-sync`). */
export async function createMetaSyncToken(
  api: Api,
  deploymentId: string,
  environmentId: string,
  body: {security_context: Json; expires_in?: number},
  signal?: AbortSignal,
): Promise<MetaSyncToken & {raw: unknown}> {
  const path = `/api/v1/deployments/${encodeURIComponent(deploymentId)}/environments/${encodeURIComponent(environmentId)}/tokens-for-meta-sync`;
  const raw = await api.post(path, {json: body, signal});
  const data = unwrap(raw);
  const token = str(data.token);
  if (token === undefined) throw new Error(`POST ${path} answered without a token`);
  const out: MetaSyncToken & {raw: unknown} = {token, raw};
  const created = str(data.created_at);
  const expires = str(data.expires_at);
  if (created !== undefined) out.created_at = created;
  if (expires !== undefined) out.expires_at = expires;
  return out;
}
