// One data API query, the way `svc query`, the console's query screen and the dbt gate run it: a deployment
// token, the deployment's data API address (`/dev-mode/<branch>` for a branch), and `{"error":"Continue wait"}`
// answered by asking again through the shared wait engine.
import {buildBlock, getBuildStatus, type BuildBlock, type BuildStatus} from '../api/builds.js';
import type {Api} from '../api/client.js';
import {dataApiClient, loadQuery, type DataApiConnection} from '../api/dataApi.js';
import {createDeploymentToken, getDeployment} from '../api/deployments.js';
import {TransportError, UnexpectedBodyError} from '../api/errors.js';
import {writePrivateFile} from '../files/privateFile.js';
import {csvRecords} from '../lib/csv.js';
import {checkBaseUrl, normalizeBaseUrl} from '../lib/url.js';
import {waitFor, type WaitOptions} from './wait.js';

/** A deployment's data API address and the client that carries a fresh deployment token there. */
export type DataTarget = DataApiConnection;

export type QueryRows = Array<Record<string, unknown>>;

/** The deployment has no data API address to query. */
export class NoDataApiError extends Error {}

/** The deployment's data API address and a fresh deployment token for it. */
export async function dataTarget(api: Api, deploymentId: string, signal?: AbortSignal): Promise<DataTarget> {
  const deploymentUrl = (await getDeployment(api, deploymentId, signal)).deploymentUrl ?? undefined;
  if (!deploymentUrl) throw new NoDataApiError(`deployment ${deploymentId} reports no deploymentUrl to query its data API at`);
  try {
    // The rule the derived client applies, checked before a token is even asked for: a plain-HTTP address on
    // another machine, wherever the service says the data API is, never gets one.
    checkBaseUrl(normalizeBaseUrl(deploymentUrl));
  } catch (err) {
    throw new NoDataApiError(`deployment ${deploymentId} names its data API at ${deploymentUrl}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const {token} = await createDeploymentToken(api, deploymentId, signal);
  return {deploymentUrl, api: dataApiClient(api, deploymentUrl, token)};
}

export interface RunQueryOptions extends Pick<WaitOptions<unknown>, 'timeoutMs' | 'intervalMs' | 'onProgress' | 'signal' | 'advice' | 'sleep' | 'now' | 'isTransient'> {
  /** A dev-mode or staging branch; none: the deployment's production runtime. */
  readonly branch?: string;
  /** Names the query in progress lines and the timeout message. @default `query on <branch>` */
  readonly what?: string;
  /** The progress label while the branch warms up. @default 'Continue wait' */
  readonly waitLabel?: string;
}

/**
 * Why a query on `branch` cannot start: nothing builds the branch (nobody has it open in dev mode and it has no
 * staging environment) or there is no such branch. Its runtime would answer "Continue wait" for ever, so the
 * console and `svc query` ask this first. Undefined for production and for a branch that builds or has built.
 */
export async function queryBranchBlock(api: Api, deploymentId: string, branch: string | undefined, signal?: AbortSignal): Promise<{block: BuildBlock; status: BuildStatus} | undefined> {
  if (branch === undefined || branch.trim() === '') return undefined;
  const status = await getBuildStatus(api, deploymentId, branch.trim(), signal);
  const block = buildBlock(status);
  return block === undefined ? undefined : {block, status};
}

/** Runs `query` until it answers (waiting out "Continue wait"); an error body is the answer and throws. */
export async function runQuery(target: DataTarget, query: Record<string, unknown>, opts: RunQueryOptions): Promise<{rows: QueryRows; raw: unknown}> {
  const branch = opts.branch !== undefined && opts.branch.trim() !== '' ? opts.branch : undefined;
  const {what, waitLabel, ...waits} = opts;
  return waitFor({
    advice: 'The branch is still warming up — try again later',
    // Only a lost connection or a non-JSON answer is worth another try; an error body is the answer.
    isTransient: (err) => err instanceof TransportError || err instanceof UnexpectedBodyError,
    ...waits,
    what: what ?? `query on ${branch ?? 'the deployment'}`,
    poll: async (signal) => {
      const res = await loadQuery(target, {branch, query}, signal);
      return res.wait ? {done: false, label: waitLabel ?? 'Continue wait'} : {done: true, value: {rows: res.rows, raw: res.raw}};
    },
  });
}

/** Columns in the order the query names its members, then anything else the rows carry. */
export function columnsOf(query: Record<string, unknown>, rows: QueryRows): string[] {
  const named = ['dimensions', 'measures'].flatMap((k) => (Array.isArray(query[k]) ? (query[k] as unknown[]).filter((m): m is string => typeof m === 'string') : []));
  const seen = new Set(named.filter((m) => rows.some((r) => m in r)));
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

const cellText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** CSV through the one writer (lib/csv.ts: RFC 4180, formulas neutralised): a header line, then a line per row. */
export function rowsToCsv(columns: readonly string[], rows: QueryRows): string {
  return csvRecords([columns, ...rows.map((r) => columns.map((c) => cellText(r[c])))]);
}

/**
 * Writes a result to a new file, private to the user (0600), as JSON (the rows) for a `.json` name and CSV
 * otherwise. An existing file is never replaced: the error says so and nothing is written.
 */
export function writeResult(path: string, format: 'json' | 'csv', columns: readonly string[], rows: QueryRows): number {
  const text = format === 'json' ? `${JSON.stringify(rows, null, 2)}\n` : rowsToCsv(columns, rows);
  writePrivateFile(path, text, {replace: false});
  return Buffer.byteLength(text);
}
