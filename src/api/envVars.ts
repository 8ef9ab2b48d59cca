// Environment variables of a deployment (secret-looking values masked again on the client).
import type {Api} from './client.js';
import {asRecord, listRows, readRows, str, type Paging} from './read.js';

const base = (id: string) => `/api/v1/deployments/${encodeURIComponent(id)}`;

export const ENCRYPTED = '[ENCRYPTED]';
const SECRET_PARTS = ['PASS', 'SECRET', 'TOKEN', 'KEY', 'CREDENTIAL'];

/**
 * The service masks secret-looking values itself; the client masks them again, so a service that answers a raw
 * value (an older or foreign one) still never gets it printed.
 */
export function maskValue(name: string, value: string): string {
  const upper = name.toUpperCase();
  return SECRET_PARTS.some((p) => upper.includes(p)) ? ENCRYPTED : value;
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

export async function listEnvVars(api: Api, deploymentId: string, paging: Paging = {}, signal?: AbortSignal): Promise<{variables: EnvVariable[]; raw: unknown}> {
  return maskedList(await api.get(`${base(deploymentId)}/env-vars`, {searchParams: {...paging}, signal}));
}

export async function setEnvVars(api: Api, deploymentId: string, vars: EnvVariable[], signal?: AbortSignal): Promise<{variables: EnvVariable[]; raw: unknown}> {
  return maskedList(await api.put(`${base(deploymentId)}/env-vars`, {json: {env_variables: vars}, signal}));
}
