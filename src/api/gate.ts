// The few data-model and data-API calls the dbt gate flow needs (dev mode, validate, delete a branch, a data
// API token, meta and load on a branch). Kept apart from a fuller data-model module so the gate does not wait
// on one; tolerant like every fetcher: `{"error":"Continue wait"}` is a value here, not an error.
import {createApi, type Api} from './client.js';
import {asRecord, bool, listRows, num, str, unwrap, type Json} from './read.js';

const build = (deploymentId: string) => `/build/api/v1/deployments/${encodeURIComponent(deploymentId)}`;

export interface DevModeSession {
  branchName: string;
  parentBranch?: string;
}

/** Forks a personal dev-… branch from `branchName` and points this credential's session at it. */
export async function enterDevMode(api: Api, deploymentId: string, branchName: string, signal?: AbortSignal): Promise<DevModeSession> {
  const b = unwrap(await api.post(`${build(deploymentId)}/dev-mode`, {json: {branchName}, signal}));
  const name = str(b.branchName);
  if (!name) throw new Error('the service entered no dev mode: its answer names no branch');
  const parent = str(b.parentBranch);
  return {branchName: name, ...(parent ? {parentBranch: parent} : {})};
}

export async function exitDevMode(api: Api, deploymentId: string, signal?: AbortSignal): Promise<void> {
  await api.delete(`${build(deploymentId)}/dev-mode`, {signal});
}

export interface Validation {
  valid: boolean;
  branchName?: string;
  cubesCount?: number;
  errors: {fileName?: string; message: string}[];
}

/** Compiles the caller's dev-mode branch (devMode=true) and reports its errors; a broken model is a value. */
export async function validateDevBranch(api: Api, deploymentId: string, signal?: AbortSignal): Promise<Validation> {
  const b = unwrap(await api.get(`${build(deploymentId)}/data-model/validate`, {searchParams: {devMode: 'true'}, signal}));
  const errors = (Array.isArray(b.errors) ? b.errors : []).map((e) => {
    const r = asRecord(e) ?? {};
    const fileName = str(r.fileName) ?? str(r.file);
    return {message: str(r.message) ?? JSON.stringify(e), ...(fileName ? {fileName} : {})};
  });
  const out: Validation = {valid: bool(b.valid) ?? errors.length === 0, errors};
  const branch = str(b.branchName);
  if (branch) out.branchName = branch;
  const cubes = num(b.cubesCount);
  if (cubes !== undefined) out.cubesCount = cubes;
  return out;
}

export async function deleteBranch(api: Api, deploymentId: string, branchName: string, signal?: AbortSignal): Promise<void> {
  await api.delete(`${build(deploymentId)}/branches`, {searchParams: {branchName}, signal});
}

/** Branch names of the deployment (the service answers every branch when no page size is asked). */
export async function listBranchNames(api: Api, deploymentId: string, signal?: AbortSignal): Promise<string[]> {
  return listRows(await api.get(`${build(deploymentId)}/branches`, {signal}))
    .map((r) => str(asRecord(r)?.name)).filter((n): n is string => n !== undefined);
}

/** A client for the deployment's data API (its deploymentUrl) with a fresh data API token. */
export async function dataApiFor(api: Api, deploymentId: string, signal?: AbortSignal): Promise<Api> {
  const deployment = unwrap(await api.get(`/api/v1/deployments/${encodeURIComponent(deploymentId)}`, {signal}));
  const baseUrl = str(deployment.deploymentUrl) ?? str(deployment.url);
  if (!baseUrl) throw new Error(`deployment ${deploymentId} reports no deploymentUrl to query its data API at`);
  const tokenBody = unwrap(await api.post(`/api/v1/deployments/${encodeURIComponent(deploymentId)}/token`, {signal}));
  const token = str(tokenBody.cubeApiToken) ?? str(tokenBody.token);
  if (!token) throw new Error(`the service issued no data API token for deployment ${deploymentId}`);
  return createApi({baseUrl, token});
}

export type Answer<T> = {wait: true} | {wait: false; value: T};

const isContinueWait = (body: unknown): boolean => str(asRecord(body)?.error) === 'Continue wait';
const branchPath = (branch: string) => `/dev-mode/${encodeURIComponent(branch)}/cubejs-api/v1`;

/** Measure names of a branch's model (`cube.measure`), or wait while its runtime warms up. */
export async function branchMeasures(data: Api, branch: string, signal?: AbortSignal): Promise<Answer<string[]>> {
  const body = await data.get(`${branchPath(branch)}/meta`, {signal});
  if (isContinueWait(body)) return {wait: true};
  const cubes = Array.isArray(asRecord(body)?.cubes) ? (asRecord(body)!.cubes as unknown[]) : [];
  const measures = cubes.flatMap((c) => {
    const list = asRecord(c)?.measures;
    return Array.isArray(list) ? list.map((m) => str(asRecord(m)?.name)).filter((n): n is string => n !== undefined) : [];
  });
  return {wait: false, value: measures};
}

/** Rows of a query on a branch, or wait while its runtime warms up. */
export async function loadOnBranch(data: Api, branch: string, query: Json, signal?: AbortSignal): Promise<Answer<Json[]>> {
  const body = await data.get(`${branchPath(branch)}/load`, {searchParams: {query: JSON.stringify(query)}, signal});
  if (isContinueWait(body)) return {wait: true};
  const rows = asRecord(body)?.data;
  return {wait: false, value: Array.isArray(rows) ? rows.map((r) => asRecord(r) ?? {}) : []};
}
