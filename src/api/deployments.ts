// Deployment fetchers. Each returns a normalised value plus, for lists, the raw document (`--json` prints it).
import type {Deployment, DeploymentDetail, DeploymentSettings} from '../contract/deployments.js';
import type {Api} from './client.js';
import {asRecord, bool, fieldReader, idString, listRows, listTotal, num, readRows, str, unwrap, type Json, readObject} from './read.js';

export interface DeploymentItem {
  id: string;
  name: string;
  created_at?: string;
  deploymentUrl?: string;
  creationStep?: string;
}

export interface DeploymentList {
  deployments: DeploymentItem[];
  total: number;
  offset: number;
  limit: number;
  raw: unknown;
}

export interface DeploymentVersion {
  version: string;
  releaseChannel: string;
  releaseChannelVersion: string;
  isLatestInChannel: boolean;
  isCurrent: boolean;
}

const base = (id: string) => `/api/v1/deployments/${encodeURIComponent(id)}`;

/** The fields of a deployment record the client reads (create and creation-step answers). */
export const readDeploymentRecord = fieldReader<Deployment>()({name: 'string', deploymentUrl: 'string', creationStep: 'string'});
export type DeploymentRecord = ReturnType<typeof readDeploymentRecord>;

/** Fields the detail and the settings answers share. */
const SHOWN = {
  name: 'string',
  deploymentUrl: 'string',
  region: 'string',
  deployMode: 'string',
  deployBranchName: 'string',
  releaseChannel: 'string',
  releaseChannelVersion: 'string',
} as const;

const readDetail = fieldReader<DeploymentDetail>()({...SHOWN, creationStep: 'string'});
export type DeploymentDetailView = ReturnType<typeof readDetail>;

const readSettings = fieldReader<DeploymentSettings>()({...SHOWN, cubeImageVersion: 'string', repoType: 'string'});
export type DeploymentSettingsView = ReturnType<typeof readSettings>;

export function readDeployment(row: Json): DeploymentItem | undefined {
  const id = idString(row.id);
  if (id === undefined) return undefined;
  const item: DeploymentItem = {id, name: str(row.name) ?? ''};
  const created = str(row.created_at) ?? str(row.createdAt);
  if (created !== undefined) item.created_at = created;
  const url = str(row.deploymentUrl);
  if (url !== undefined) item.deploymentUrl = url;
  const step = str(row.creationStep);
  if (step !== undefined) item.creationStep = step;
  return item;
}

/**
 * The paging parameters of one page of the deployments list read page by page (the console's list, its first
 * frame, the activity watcher): the page size, and the offset only past the first page. The first page sends no
 * `offset=0`: the service's default is not sent as if someone had set it (the platform's description refuses
 * `offset=0` under strict validation; the CLI, too, sends only what was set).
 */
export const deploymentsPageParams = (offset: number, limit: number): {offset?: number; limit: number} => (offset > 0 ? {offset, limit} : {limit});

/**
 * Reads the seed's `data.deployments[]` (string ids) and the current `items[]`/`data[]` (integer ids); when both
 * are present the richer `items` wins, completed with `created_at` from the seed rows.
 */
export async function listDeployments(
  api: Api,
  params: {offset?: number; limit?: number; first?: number; after?: string} = {},
  signal?: AbortSignal,
): Promise<DeploymentList> {
  const raw = await api.get('/api/v1/deployments', {searchParams: {offset: params.offset, limit: params.limit, first: params.first, after: params.after}, signal});
  const seed = asRecord(asRecord(raw)?.data)?.deployments;
  const seedRows = Array.isArray(seed) ? readRows(seed, readDeployment) : [];
  const rows = readRows(listRows(raw, 'deployments'), readDeployment);
  const created = new Map(seedRows.map((d) => [d.id, d.created_at]));
  const deployments = rows.map((d) => {
    const date = d.created_at ?? created.get(d.id);
    return date === undefined ? d : {...d, created_at: date};
  });
  const pagination = asRecord(asRecord(raw)?.pagination);
  return {
    deployments,
    total: listTotal(raw, deployments.length),
    offset: num(pagination?.offset) ?? params.offset ?? 0,
    limit: num(pagination?.limit) ?? params.limit ?? deployments.length,
    raw,
  };
}

export async function getDeployment(api: Api, id: string, signal?: AbortSignal): Promise<DeploymentDetailView> {
  return readDetail(readObject(await api.get(base(id), {signal})));
}

/**
 * What a new deployment is created with when the caller does not say: the platform requires `cloudProvider`,
 * `isManaged`, `targetPlatform` and `creationStep` besides `name` and `region`, and refuses a body without them.
 */
export const DEPLOYMENT_DEFAULTS = {cloudProvider: 'cubecloud', isManaged: true, targetPlatform: 'aws', creationStep: 'project'} as const;
export const CLOUD_PROVIDERS = ['cubecloud', 'aws', 'gcp'] as const;
export const CREATION_STEPS = ['project', 'upload', 'schema', 'github', 'ssh', 'databases', 'ready', 'demo'] as const;

/** Creates a deployment; the required fields the caller leaves out get DEPLOYMENT_DEFAULTS. */
export async function createDeployment(api: Api, body: Json, signal?: AbortSignal): Promise<DeploymentRecord> {
  return readDeploymentRecord(unwrap(await api.post('/build/api/v1/deployments', {json: {...DEPLOYMENT_DEFAULTS, ...body}, signal})));
}

export async function updateDeployment(api: Api, id: string, body: Json, signal?: AbortSignal): Promise<DeploymentSettingsView> {
  return readSettings(unwrap(await api.put(base(id), {json: body, signal})));
}

/** Resolves to whether the service reported success (a bodyless answer counts as success). */
export async function deleteDeployment(api: Api, id: string, signal?: AbortSignal): Promise<boolean> {
  const body = await api.delete(base(id), {signal});
  return bool(unwrap(body).success) ?? true;
}

export async function getDeploymentSettings(api: Api, id: string, signal?: AbortSignal): Promise<DeploymentSettingsView> {
  return readSettings(unwrap(await api.get(`${base(id)}/settings`, {signal})));
}

function readVersion(row: Json): DeploymentVersion | undefined {
  const version = str(row.version);
  const pass = str(row.releaseChannelVersion);
  if (version === undefined && pass === undefined) return undefined;
  return {
    version: version ?? pass?.replace(/^.*:v?/, '') ?? '',
    releaseChannel: str(row.releaseChannel) ?? '',
    releaseChannelVersion: pass ?? version ?? '',
    isLatestInChannel: bool(row.isLatestInChannel) ?? false,
    isCurrent: bool(row.isCurrent) ?? false,
  };
}

export async function listVersions(
  api: Api,
  id: string,
  signal?: AbortSignal,
  page: {first?: number; after?: string} = {},
): Promise<{versions: DeploymentVersion[]; raw: unknown}> {
  const raw = await api.get(`${base(id)}/versions`, {searchParams: {first: page.first, after: page.after}, signal});
  return {versions: readRows(listRows(raw), readVersion), raw};
}

/** A data-API token for the deployment: `{cubeApiToken}` (also read as `token`, wrapped or not). */
export async function createDeploymentToken(
  api: Api,
  id: string,
  signal?: AbortSignal,
): Promise<{token: string; raw: unknown}> {
  const raw = await api.post(`${base(id)}/token`, {signal});
  const body = unwrap(raw);
  const token = str(body.cubeApiToken) ?? str(body.token);
  if (token === undefined) throw new Error(`POST ${base(id)}/token answered without a token`);
  return {token, raw};
}
