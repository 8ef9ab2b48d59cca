// Deploy uploads, as the real client does them: start a transaction, send each changed file as its own
// multipart/form-data request, finish with the manifest of every local file. All three go through the shared
// client (one set of errors, timeouts and the 401 refresh).
import type {Api} from './client.js';
import {asRecord, str} from './read.js';

/** The transaction object as upload/start returned it (sent back verbatim). */
export type UploadTransaction = Record<string, unknown>;

const base = (deploymentId: string) => `/build/api/v1/deployments/${encodeURIComponent(deploymentId)}/data-model/upload`;
const named = (branchName: string | undefined) => (branchName !== undefined && branchName.trim() !== '' ? {branchName} : {});

export async function startUpload(api: Api, deploymentId: string, branchName?: string, signal?: AbortSignal): Promise<UploadTransaction> {
  // The description defines no body for start: the branch is a query parameter.
  const body = asRecord(await api.post(`${base(deploymentId)}/start`, {searchParams: named(branchName), signal})) ?? {};
  return asRecord(body.transaction) ?? body;
}

export async function uploadFile(api: Api, deploymentId: string, tx: UploadTransaction, file: {path: string; content: Uint8Array}, signal?: AbortSignal): Promise<void> {
  const form = new FormData();
  form.set('transaction', JSON.stringify(tx));
  form.set('fileName', file.path);
  form.set('file', new Blob([file.content as Uint8Array<ArrayBuffer>], {type: 'application/octet-stream'}), file.path.split('/').pop() ?? file.path);
  await api.post(`${base(deploymentId)}/file`, {form, signal});
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
