// Environment variables of a deployment (secret-looking values masked again on the client).
import {isSecretName} from '../contract/secretNames.js';
import type {Api} from './client.js';
import {allPages, type PageInfo} from '../lib/lists.js';
import {pageInfoOf} from './read.js';
import {asRecord, listRows, readRows, str, type Paging} from './read.js';

const base = (id: string) => `/api/v1/deployments/${encodeURIComponent(id)}`;

export const ENCRYPTED = '[ENCRYPTED]';

/**
 * The service masks secret-looking values itself; the client masks them again, by the same list of secret names
 * (contract/secretNames.ts), so a service that answers a raw value (an older or foreign one) still never gets it printed.
 */
export function maskValue(name: string, value: string): string {
  return isSecretName(name) ? ENCRYPTED : value;
}

export interface EnvVariable {
  name: string;
  value: string;
}

function maskedList(raw: unknown): {variables: EnvVariable[]; raw: unknown} {
  const variables = readRows(listRows(raw), (r) => {
    const name = str(r.name);
    return name === undefined ? undefined : {name, value: maskValue(name, str(r.value) ?? '')};
  });
  const doc = asRecord(raw);
  if (!doc) return {variables, raw: variables};
  const mask = (rows: unknown) =>
    Array.isArray(rows) ? rows.map((r) => {
      const row = asRecord(r);
      const name = str(row?.name);
      return row && name !== undefined ? {...row, value: maskValue(name, str(row.value) ?? '')} : r;
    }) : rows;
  return {variables, raw: {...doc, ...(doc.items !== undefined ? {items: mask(doc.items)} : {}), ...(doc.data !== undefined ? {data: mask(doc.data)} : {})}};
}

export async function listEnvVars(api: Api, deploymentId: string, paging: Paging = {}, signal?: AbortSignal): Promise<{variables: EnvVariable[]; pageInfo: PageInfo; raw: unknown}> {
  const raw = await api.get(`${base(deploymentId)}/env-vars`, {searchParams: {...paging}, signal});
  return {...maskedList(raw), pageInfo: pageInfoOf(raw)};
}

/** Pages of ENV_VARS_PAGE read at most (a runaway cursor must not loop forever). */
export const ENV_VARS_MAX_PAGES = 10;
export const ENV_VARS_PAGE = 100;

/** Every variable, page after page; `complete` is false when the list is longer than the pages read. */
export async function listAllEnvVars(api: Api, deploymentId: string, signal?: AbortSignal): Promise<{variables: EnvVariable[]; complete: boolean}> {
  const {items, complete} = await allPages(async (after) => {
    const page = await listEnvVars(api, deploymentId, {first: ENV_VARS_PAGE, after}, signal);
    return {items: page.variables, pageInfo: page.pageInfo};
  }, ENV_VARS_MAX_PAGES);
  return {variables: items, complete};
}

export async function setEnvVars(api: Api, deploymentId: string, vars: EnvVariable[], signal?: AbortSignal): Promise<{variables: EnvVariable[]; raw: unknown}> {
  return maskedList(await api.put(`${base(deploymentId)}/env-vars`, {json: {env_variables: vars}, signal}));
}

/** Removes variables: the API has no DELETE; a name sent with an empty value is removed. */
export async function unsetEnvVars(api: Api, deploymentId: string, names: string[], signal?: AbortSignal): Promise<{variables: EnvVariable[]; raw: unknown}> {
  return setEnvVars(api, deploymentId, names.map((name) => ({name, value: ''})), signal);
}
