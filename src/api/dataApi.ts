// The data API of a deployment (`<deploymentUrl>[/dev-mode/<branch>]/cubejs-api/v1/load`). It takes the
// deployment token raw (`Authorization: <token>`, no scheme), which the shared client never sends, so this posts
// with fetch and reports failures with the client's error types. `{"error":"Continue wait"}` is an answer here
// (the branch's runtime is still warming up), not an error: the caller's wait decides what to do with it.
import {ApiError, TransportError, UnexpectedBodyError, errorDetail, oneLine} from './errors.js';
import {asRecord, str} from './read.js';
import {normalizeBaseUrl} from './url.js';

export type LoadAnswer = {wait: true} | {wait: false; rows: Array<Record<string, unknown>>; raw: unknown};

export function loadPath(branch: string | undefined): string {
  const prefix = branch === undefined || branch.trim() === '' ? '' : `/dev-mode/${encodeURIComponent(branch)}`;
  return `${prefix}/cubejs-api/v1/load`;
}

export async function loadQuery(
  conn: {deploymentUrl: string; token: string},
  params: {branch?: string; query: Record<string, unknown>},
  signal?: AbortSignal,
): Promise<LoadAnswer> {
  const path = loadPath(params.branch);
  const url = `${normalizeBaseUrl(conn.deploymentUrl)}${path}?query=${encodeURIComponent(JSON.stringify(params.query))}`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {headers: {authorization: conn.token, accept: 'application/json'}, signal: signal ?? AbortSignal.timeout(95_000)});
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
  if (error === 'Continue wait') return {wait: true};
  if (error !== undefined) throw new ApiError(response.status, 'GET', path, error, response.statusText);
  if (!Array.isArray(record.data)) throw new UnexpectedBodyError(`GET ${path} answered without data: ${oneLine(text, 200)}`);
  return {wait: false, rows: record.data.map((r) => asRecord(r) ?? {}), raw: body};
}
