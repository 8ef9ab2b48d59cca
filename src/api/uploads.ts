// Deploy uploads (research/real-cli.md §7): start a transaction, send each changed file as its own
// multipart/form-data request, finish with the manifest of every local file. The JSON steps go through the
// shared client; the multipart step needs a form body, which that client does not send, so it posts with fetch
// and the same credentials, and reports failures with the same ApiError/TransportError.
import type {Api, AuthScheme} from './client.js';
import {ApiError, TransportError, errorDetail} from './errors.js';
import {asRecord, str} from './read.js';
import {normalizeBaseUrl} from './url.js';

export interface UploadConnection {
  baseUrl: string;
  token: string;
  scheme: AuthScheme;
}

/** The transaction object as upload/start returned it (sent back verbatim). */
export type UploadTransaction = Record<string, unknown>;

const base = (deploymentId: string) => `/build/api/v1/deployments/${encodeURIComponent(deploymentId)}/data-model/upload`;
const named = (branchName: string | undefined) => (branchName !== undefined && branchName.trim() !== '' ? {branchName} : {});

export async function startUpload(api: Api, deploymentId: string, branchName?: string, signal?: AbortSignal): Promise<UploadTransaction> {
  const body = asRecord(await api.post(`${base(deploymentId)}/start`, {json: named(branchName), signal})) ?? {};
  return asRecord(body.transaction) ?? body;
}

export async function uploadFile(conn: UploadConnection, deploymentId: string, tx: UploadTransaction, file: {path: string; content: Uint8Array}, signal?: AbortSignal): Promise<void> {
  const path = `${base(deploymentId)}/file`;
  const url = `${normalizeBaseUrl(conn.baseUrl)}${path}`;
  const form = new FormData();
  form.set('transaction', JSON.stringify(tx));
  form.set('fileName', file.path);
  form.set('file', new Blob([file.content as Uint8Array<ArrayBuffer>], {type: 'application/octet-stream'}), file.path.split('/').pop() ?? file.path);
  const authorization = conn.scheme === 'api-key' ? `Api-Key ${conn.token}` : `Bearer ${conn.token}`;
  let response: Response;
  try {
    response = await fetch(url, {method: 'POST', headers: {authorization, accept: 'application/json'}, body: form, signal: signal ?? AbortSignal.timeout(120_000)});
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    const cause = (err as Error & {cause?: unknown}).cause;
    throw new TransportError(url, cause instanceof Error ? cause.message : (err as Error).message);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new ApiError(response.status, 'POST', path, errorDetail(text), response.statusText);
}

export async function finishUpload(
  api: Api,
  deploymentId: string,
  params: {transaction: UploadTransaction; files: Record<string, {hash: string}>; keepMissing?: boolean; message?: string; branchName?: string},
  signal?: AbortSignal,
): Promise<{lastHash?: string; raw: unknown}> {
  const json = {
    transaction: params.transaction,
    files: params.files,
    autoRemoveFiles: params.keepMissing !== true,
    ...(params.message === undefined ? {} : {commitMessage: params.message}),
    ...named(params.branchName),
  };
  const raw = await api.post(`${base(deploymentId)}/finish`, {json, signal});
  const lastHash = str(asRecord(raw)?.lastHash);
  return lastHash === undefined ? {raw} : {lastHash, raw};
}
