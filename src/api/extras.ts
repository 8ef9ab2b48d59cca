// Deployment extras: logs and pods, environment variables, the GitHub integration and creation steps.
import type {Api} from './client.js';
import {asRecord, bool, idString, listRows, readRows, str, unwrap, type Json} from './read.js';

const base = (id: string) => `/api/v1/deployments/${encodeURIComponent(id)}`;

export interface Paging {
  first?: number;
  after?: string;
}

export interface LogLine {
  date: string;
  pod: string;
  message: string;
}

export interface LogPage {
  lines: LogLine[];
  /** Pass as `after` to get the lines written since. */
  endCursor?: string;
  raw: unknown;
}

function endCursor(raw: unknown): string | undefined {
  return str(asRecord(asRecord(raw)?.pageInfo)?.endCursor) ?? undefined;
}

export async function listLogs(
  api: Api,
  deploymentId: string,
  q: {pod?: string; container?: string; source?: string} & Paging,
  signal?: AbortSignal,
): Promise<LogPage> {
  const raw = await api.get(`${base(deploymentId)}/logs`, {searchParams: {...q}, signal});
  const lines = readRows(listRows(raw), (r) => ({date: str(r.date) ?? '', pod: str(r.pod) ?? '', message: (str(r.message) ?? '').trimEnd()}));
  const cursor = endCursor(raw);
  return cursor === undefined ? {lines, raw} : {lines, endCursor: cursor, raw};
}

export interface Pod {
  name: string;
  type?: string;
  status?: string;
  ready?: boolean;
  containers: string[];
}

export async function listPods(api: Api, deploymentId: string, paging: Paging = {}, signal?: AbortSignal): Promise<{pods: Pod[]; raw: unknown}> {
  const raw = await api.get(`${base(deploymentId)}/pods`, {searchParams: {...paging}, signal});
  const pods = readRows(listRows(raw), (r): Pod | undefined => {
    const name = str(r.name);
    if (name === undefined) return undefined;
    const pod: Pod = {name, containers: Array.isArray(r.containers) ? r.containers.map(String) : []};
    const type = str(r.type);
    const status = str(r.status);
    const ready = bool(r.ready);
    if (type !== undefined) pod.type = type;
    if (status !== undefined) pod.status = status;
    if (ready !== undefined) pod.ready = ready;
    return pod;
  });
  return {pods, raw};
}

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

export async function getGithubStatus(api: Api, signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.get('/api/v1/github/status', {signal}));
}

export async function listInstallations(api: Api, paging: Paging = {}, signal?: AbortSignal): Promise<{installations: {installationId: string; login: string}[]; raw: unknown}> {
  const raw = await api.get('/api/v1/github/installations', {searchParams: {...paging}, signal});
  const installations = readRows(listRows(raw), (r) => {
    const id = idString(r.installationId) ?? idString(r.id);
    return id === undefined ? undefined : {installationId: id, login: str(r.login) ?? ''};
  });
  return {installations, raw};
}

export async function listRepositories(api: Api, installationId: string, paging: Paging = {}, signal?: AbortSignal): Promise<{repos: {name: string; htmlUrl: string}[]; raw: unknown}> {
  const raw = await api.get(`/api/v1/github/installations/${encodeURIComponent(installationId)}/repositories`, {searchParams: {...paging}, signal});
  const repos = readRows(listRows(raw), (r) => {
    const name = str(r.name);
    return name === undefined ? undefined : {name, htmlUrl: str(r.htmlUrl) ?? ''};
  });
  return {repos, raw};
}

export async function listRepoBranches(
  api: Api,
  repo: {owner: string; name: string},
  installationId: string,
  paging: Paging = {},
  signal?: AbortSignal,
): Promise<{branches: {name: string; isDefault: boolean}[]; raw: unknown}> {
  const path = `/api/v1/github/repositories/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.name)}/branches`;
  const raw = await api.get(path, {searchParams: {installationId, ...paging}, signal});
  const branches = readRows(listRows(raw), (r) => {
    const name = str(r.name);
    return name === undefined ? undefined : {name, isDefault: bool(r.isDefault) ?? false};
  });
  return {branches, raw};
}

export async function connectGithub(
  api: Api,
  deploymentId: string,
  body: {installationId: number; name: string; deployBranchName?: string},
  signal?: AbortSignal,
): Promise<Json> {
  return unwrap(await api.post(`/build${base(deploymentId)}/github/connect`, {json: body, signal}));
}

export async function advanceCreationStep(api: Api, deploymentId: string, creationStep: string, signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.post(`${base(deploymentId)}/creation-step/advance`, {json: {creationStep}, signal}));
}

export async function resetCreationStep(api: Api, deploymentId: string, signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.post(`${base(deploymentId)}/creation-step/reset`, {signal}));
}
