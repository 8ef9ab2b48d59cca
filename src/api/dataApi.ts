// The data API of a deployment (`<deploymentUrl>[/dev-mode/<branch>]/cubejs-api/v1/load|meta`). It takes the
// deployment token raw (`Authorization: <token>`, no scheme), which the shared client never sends, so this reads
// with fetch and reports failures with the client's error types. `{"error":"Continue wait"}` is an answer here
// (the branch's runtime is still warming up), not an error: the caller's wait decides what to do with it.
import {isRedirect, nextLocation} from './redirect.js';
import {ApiError, TransportError, UnexpectedBodyError, errorDetail, oneLine} from './errors.js';
import {asRecord, str} from './read.js';
import {normalizeBaseUrl} from './url.js';

export type LoadAnswer = {wait: true} | {wait: false; rows: Array<Record<string, unknown>>; raw: unknown};
export type MeasuresAnswer = {wait: true} | {wait: false; measures: string[]};

interface DataApiConnection {
  deploymentUrl: string;
  token: string;
}

function branchPrefix(branch: string | undefined): string {
  return branch === undefined || branch.trim() === '' ? '' : `/dev-mode/${encodeURIComponent(branch)}`;
}

export function loadPath(branch: string | undefined): string {
  return `${branchPrefix(branch)}/cubejs-api/v1/load`;
}

/** GET on the data API: the parsed body, or `'wait'` for "Continue wait"; any other `error` body throws. */
async function getDataApi(conn: DataApiConnection, path: string, search: string, signal?: AbortSignal): Promise<{body: Record<string, unknown>; text: string} | 'wait'> {
  const url = `${normalizeBaseUrl(conn.deploymentUrl)}${path}${search}`;
  let response: Response;
  let text: string;
  try {
    // A redirect is never followed: the data token would go along (api/redirect.ts decides what a 3xx means).
    response = await fetch(url, {headers: {authorization: conn.token, accept: 'application/json'}, signal: signal ?? AbortSignal.timeout(95_000), redirect: 'manual'});
    if (isRedirect(response.status)) {
      await response.body?.cancel().catch(() => undefined);
      nextLocation(url, response.status, response.headers.get('location'), 'GET', true, 0);
    }
    text = await response.text();
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    const cause = (err as Error & {cause?: unknown}).cause;
    throw new TransportError(url.split('?')[0] ?? url, cause instanceof Error ? cause.message : (err as Error).message);
  }
  if (!response.ok) throw new ApiError(response.status, 'GET', path, errorDetail(text), response.statusText);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new UnexpectedBodyError(`GET ${path} returned a body that is not JSON: ${oneLine(text, 200)}`);
  }
  const record = asRecord(body) ?? {};
  const error = str(record.error);
  if (error === 'Continue wait') return 'wait';
  if (error !== undefined) throw new ApiError(response.status, 'GET', path, error, response.statusText);
  return {body: record, text};
}

export async function loadQuery(conn: DataApiConnection, params: {branch?: string; query: Record<string, unknown>}, signal?: AbortSignal): Promise<LoadAnswer> {
  const path = loadPath(params.branch);
  const answer = await getDataApi(conn, path, `?query=${encodeURIComponent(JSON.stringify(params.query))}`, signal);
  if (answer === 'wait') return {wait: true};
  const {body, text} = answer;
  if (!Array.isArray(body.data)) throw new UnexpectedBodyError(`GET ${path} answered without data: ${oneLine(text, 200)}`);
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
  const answer = await getDataApi(conn, `${branchPrefix(branch)}/cubejs-api/v1/meta`, '', signal);
  if (answer === 'wait') return {wait: true};
  return {wait: false, measures: memberNames(answer.body.cubes, 'measures'), dimensions: memberNames(answer.body.cubes, 'dimensions')};
}

/** `cube.measure` names of the branch's compiled model, in the order the model lists them. */
export async function branchMeasures(conn: DataApiConnection, branch: string, signal?: AbortSignal): Promise<MeasuresAnswer> {
  const answer = await modelMembers(conn, branch, signal);
  return answer.wait ? answer : {wait: false, measures: answer.measures};
}
