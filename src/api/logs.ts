// Logs and pods of a deployment.
import type {Api} from './client.js';
import {asRecord, bool, listRows, readRows, str, type Paging} from './read.js';

const base = (id: string) => `/api/v1/deployments/${encodeURIComponent(id)}`;

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
