// The data API of a deployment (`<deploymentUrl>[/dev-mode/<branch>]/cubejs-api/v1/load|meta`). It takes the
// deployment token raw (`Authorization: <token>`, no scheme) at an address the service names, so it is read
// through a client derived from the session's (`Api.derive`, scheme 'raw'): the same base-URL rule (no token
// over plain HTTP to another machine, whatever `deploymentUrl` a server chose), redirects, deadlines, size cap
// and inert text as every other request. `{"error":"Continue wait"}` is an answer here (the branch's runtime is
// still warming up), not an error: the caller's wait decides what to do with it.
import type {Api} from './client.js';
import {ApiError, UnexpectedBodyError, oneLine} from './errors.js';
import {asRecord, str} from './read.js';

export type LoadAnswer = {wait: true} | {wait: false; rows: Array<Record<string, unknown>>; raw: unknown};
export type MeasuresAnswer = {wait: true} | {wait: false; measures: string[]};

/** A deployment's data API: its address and a client that carries the deployment token there. */
export interface DataApiConnection {
  readonly deploymentUrl: string;
  readonly api: Api;
}

/** The client for a deployment's data API; throws (before any request) when the address breaks the base-URL rule. */
export function dataApiClient(session: Api, deploymentUrl: string, token: string): Api {
  return session.derive({baseUrl: deploymentUrl, token, scheme: 'raw'});
}

function branchPrefix(branch: string | undefined): string {
  return branch === undefined || branch.trim() === '' ? '' : `/dev-mode/${encodeURIComponent(branch)}`;
}

export function loadPath(branch: string | undefined): string {
  return `${branchPrefix(branch)}/cubejs-api/v1/load`;
}

/** GET on the data API: the parsed body, or `'wait'` for "Continue wait"; any other `error` body throws. */
async function getDataApi(conn: DataApiConnection, path: string, searchParams: Record<string, string>, signal?: AbortSignal): Promise<Record<string, unknown> | 'wait'> {
  const body: unknown = await conn.api.get(path, {searchParams, ...(signal && {signal})});
  const record = asRecord(body);
  if (record === undefined) throw new UnexpectedBodyError(`GET ${path} returned a body that is not a JSON object: ${oneLine(JSON.stringify(body) ?? '', 200)}`);
  const error = str(record.error);
  if (error === 'Continue wait') return 'wait';
  if (error !== undefined) throw new ApiError(200, 'GET', path, error);
  return record;
}

export async function loadQuery(conn: DataApiConnection, params: {branch?: string; query: Record<string, unknown>}, signal?: AbortSignal): Promise<LoadAnswer> {
  const path = loadPath(params.branch);
  const body = await getDataApi(conn, path, {query: JSON.stringify(params.query)}, signal);
  if (body === 'wait') return {wait: true};
  if (!Array.isArray(body.data)) throw new UnexpectedBodyError(`GET ${path} answered without data: ${oneLine(JSON.stringify(body), 200)}`);
  return {wait: false, rows: body.data.map((r) => asRecord(r) ?? {}), raw: body};
}

export type MembersAnswer = {wait: true} | {wait: false; measures: string[]; dimensions: string[]};

const memberNames = (cubes: unknown, kind: 'measures' | 'dimensions'): string[] =>
  (Array.isArray(cubes) ? cubes : []).flatMap((c) => {
    const list = asRecord(c)?.[kind];
    return Array.isArray(list) ? list.map((m) => str(asRecord(m)?.name)).filter((n): n is string => n !== undefined) : [];
  });

/** `cube.member` names of the compiled model (`…/cubejs-api/v1/meta`) of a branch, or production without one. */
export async function modelMembers(conn: DataApiConnection, branch: string | undefined, signal?: AbortSignal): Promise<MembersAnswer> {
  const body = await getDataApi(conn, `${branchPrefix(branch)}/cubejs-api/v1/meta`, {}, signal);
  if (body === 'wait') return {wait: true};
  return {wait: false, measures: memberNames(body.cubes, 'measures'), dimensions: memberNames(body.cubes, 'dimensions')};
}

/** `cube.measure` names of the branch's compiled model, in the order the model lists them. */
export async function branchMeasures(conn: DataApiConnection, branch: string, signal?: AbortSignal): Promise<MeasuresAnswer> {
  const answer = await modelMembers(conn, branch, signal);
  return answer.wait ? answer : {wait: false, measures: answer.measures};
}
