// The one data API call the dbt gate needs that api/dataApi.ts does not have: a branch's measures from
// `<deploymentUrl>/dev-mode/<branch>/cubejs-api/v1/meta`, with the deployment token sent raw as the data API
// expects. `{"error":"Continue wait"}` is an answer (the branch's runtime is warming up), not an error.
import {ApiError, TransportError, UnexpectedBodyError, errorDetail, oneLine} from './errors.js';
import {asRecord, str} from './read.js';
import {normalizeBaseUrl} from './url.js';

export type MeasuresAnswer = {wait: true} | {wait: false; measures: string[]};

/** `cube.measure` names of the branch's compiled model, in the order the model lists them. */
export async function branchMeasures(conn: {deploymentUrl: string; token: string}, branch: string, signal?: AbortSignal): Promise<MeasuresAnswer> {
  const path = `/dev-mode/${encodeURIComponent(branch)}/cubejs-api/v1/meta`;
  const url = `${normalizeBaseUrl(conn.deploymentUrl)}${path}`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {headers: {authorization: conn.token, accept: 'application/json'}, signal: signal ?? AbortSignal.timeout(95_000)});
    text = await response.text();
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    const cause = (err as Error & {cause?: unknown}).cause;
    throw new TransportError(url, cause instanceof Error ? cause.message : (err as Error).message);
  }
  if (!response.ok) throw new ApiError(response.status, 'GET', path, errorDetail(text), response.statusText);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new UnexpectedBodyError(`GET ${path} returned a body that is not JSON: ${oneLine(text, 200)}`);
  }
  if (str(asRecord(body)?.error) === 'Continue wait') return {wait: true};
  const cubes = asRecord(body)?.cubes;
  const measures = (Array.isArray(cubes) ? cubes : []).flatMap((c) => {
    const list = asRecord(c)?.measures;
    return Array.isArray(list) ? list.map((m) => str(asRecord(m)?.name)).filter((n): n is string => n !== undefined) : [];
  });
  return {wait: false, measures};
}
