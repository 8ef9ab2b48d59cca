// OAuth integrations, the caller's tokens for them, and OIDC token configs. Lists are bare arrays on the
// platform; the readers also take `items`/`data` wrappers.
import type {Api} from './client.js';
import {bool, idString, listRows, readRows, str, unwrap, type Json} from './read.js';

export interface IntegrationItem {
  id: string;
  name: string;
  type?: string;
  clientId?: string;
  scopes: string[];
  raw: Json;
}

export interface UserTokenItem {
  id: string;
  integrationId: string;
  status: string;
  accessTokenExpiresAt?: string;
  refreshTokenExpiresAt?: string;
  raw: Json;
}

export interface OidcConfigItem {
  id: string;
  name: string;
  audienceType?: string;
  audience?: string;
  isEnabled: boolean;
  targetEnvVar?: string;
  raw: Json;
}

function readIntegration(row: Json): IntegrationItem | undefined {
  const id = idString(row.id);
  if (id === undefined) return undefined;
  const out: IntegrationItem = {id, name: str(row.name) ?? '', scopes: Array.isArray(row.scopes) ? row.scopes.filter((s): s is string => typeof s === 'string') : [], raw: row};
  if (str(row.type)) out.type = str(row.type);
  if (str(row.clientId)) out.clientId = str(row.clientId);
  return out;
}

function readToken(row: Json): UserTokenItem | undefined {
  const integrationId = idString(row.integrationId);
  if (integrationId === undefined) return undefined;
  const out: UserTokenItem = {id: idString(row.id) ?? '', integrationId, status: str(row.status) ?? '', raw: row};
  if (str(row.accessTokenExpiresAt)) out.accessTokenExpiresAt = str(row.accessTokenExpiresAt);
  if (str(row.refreshTokenExpiresAt)) out.refreshTokenExpiresAt = str(row.refreshTokenExpiresAt);
  return out;
}

function readOidc(row: Json): OidcConfigItem | undefined {
  const id = idString(row.id);
  if (id === undefined) return undefined;
  const out: OidcConfigItem = {id, name: str(row.name) ?? '', isEnabled: bool(row.isEnabled) ?? false, raw: row};
  if (str(row.audienceType)) out.audienceType = str(row.audienceType);
  if (str(row.audience)) out.audience = str(row.audience);
  if (str(row.targetEnvVar)) out.targetEnvVar = str(row.targetEnvVar);
  return out;
}

const one = <T>(read: (row: Json) => T | undefined, body: unknown, what: string): T => {
  const value = read(unwrap(body));
  if (value === undefined) throw new Error(`the answer is not ${what}`);
  return value;
};

const enc = encodeURIComponent;

export async function listIntegrations(api: Api, signal?: AbortSignal): Promise<{integrations: IntegrationItem[]; raw: unknown}> {
  const raw = await api.get('/api/v1/oauth-integrations', {signal});
  return {integrations: readRows(listRows(raw), readIntegration), raw};
}

export async function getIntegration(api: Api, id: string, signal?: AbortSignal): Promise<IntegrationItem> {
  return one(readIntegration, await api.get(`/api/v1/oauth-integrations/${enc(id)}`, {signal}), 'an OAuth integration');
}

export async function createIntegration(api: Api, body: Json, signal?: AbortSignal): Promise<IntegrationItem> {
  return one(readIntegration, await api.post('/api/v1/oauth-integrations', {json: body, signal}), 'an OAuth integration');
}

export async function updateIntegration(api: Api, id: string, body: Json, signal?: AbortSignal): Promise<IntegrationItem> {
  return one(readIntegration, await api.put(`/api/v1/oauth-integrations/${enc(id)}`, {json: body, signal}), 'an OAuth integration');
}

export async function deleteIntegration(api: Api, id: string, signal?: AbortSignal): Promise<unknown> {
  return api.delete(`/api/v1/oauth-integrations/${enc(id)}`, {signal});
}

export async function listUserTokens(api: Api, signal?: AbortSignal): Promise<{tokens: UserTokenItem[]; raw: unknown}> {
  const raw = await api.get('/api/v1/user-oauth-tokens', {signal});
  return {tokens: readRows(listRows(raw), readToken), raw};
}

export async function getUserToken(api: Api, integrationId: string, signal?: AbortSignal): Promise<UserTokenItem> {
  return one(readToken, await api.get(`/api/v1/user-oauth-tokens/${enc(integrationId)}`, {signal}), 'an OAuth token record');
}

export async function revokeUserToken(api: Api, integrationId: string, signal?: AbortSignal): Promise<unknown> {
  return api.delete(`/api/v1/user-oauth-tokens/${enc(integrationId)}`, {signal});
}

/** The provider URL to open (when the tenant answers one) and the raw answer. */
export async function initiateUserToken(api: Api, integrationId: string, signal?: AbortSignal): Promise<{authorizationUrl?: string; raw: unknown}> {
  const raw = await api.post(`/api/v1/user-oauth-tokens/${enc(integrationId)}/initiate`, {signal});
  const body = unwrap(raw);
  const url = str(body.authorizationUrl) ?? str(body.url) ?? str(body.redirectUrl);
  return url === undefined ? {raw} : {authorizationUrl: url, raw};
}

export async function listOidcConfigs(api: Api, signal?: AbortSignal): Promise<{configs: OidcConfigItem[]; raw: unknown}> {
  const raw = await api.get('/api/v1/oidc-token-configs', {signal});
  return {configs: readRows(listRows(raw), readOidc), raw};
}

export async function getOidcConfig(api: Api, id: string, signal?: AbortSignal): Promise<OidcConfigItem> {
  return one(readOidc, await api.get(`/api/v1/oidc-token-configs/${enc(id)}`, {signal}), 'an OIDC token config');
}

export async function createOidcConfig(api: Api, body: Json, signal?: AbortSignal): Promise<OidcConfigItem> {
  return one(readOidc, await api.post('/api/v1/oidc-token-configs', {json: body, signal}), 'an OIDC token config');
}

export async function updateOidcConfig(api: Api, id: string, body: Json, signal?: AbortSignal): Promise<OidcConfigItem> {
  return one(readOidc, await api.put(`/api/v1/oidc-token-configs/${enc(id)}`, {json: body, signal}), 'an OIDC token config');
}

export async function deleteOidcConfig(api: Api, id: string, signal?: AbortSignal): Promise<unknown> {
  return api.delete(`/api/v1/oidc-token-configs/${enc(id)}`, {signal});
}
