// Dashboard exports and Databricks Metric View publication: the fetchers. Answers are read tolerantly (§5 of
// ARCHITECTURE.md): the fields the commands use, and the raw document for --json. A download is read as bytes,
// counted against the client's size cap.
import type {StartDashboardExportInput} from '../contract/exports.js';
import {MAX_RESPONSE_BYTES, type Api} from './client.js';
import {asRecord, num, str, type Json} from './read.js';
import {readBytesCapped} from './wire.js';

const enc = encodeURIComponent;
const exportsPath = (deployment: string) => `/api/v1/deployments/${enc(deployment)}/dashboard-exports`;
const previewsPath = (deployment: string) => `/api/v1/deployments/${enc(deployment)}/databricks-metric-view-previews`;
export const integrationPath = (deployment: string, dataSource: string) => `/api/v1/deployments/${enc(deployment)}/databricks-metric-view-integrations/${enc(dataSource)}`;

export interface ExportJob {
  jobId: string;
  expiresAt: string;
  raw: unknown;
}

export interface ExportStatus {
  status: string;
  progress?: number;
  contentType?: string;
  error?: string;
  raw: unknown;
}

export const EXPORT_TERMINAL: ReadonlySet<string> = new Set(['completed', 'failed']);

export async function startDashboardExport(api: Api, deployment: string, body: StartDashboardExportInput): Promise<ExportJob> {
  const raw = await api.post(exportsPath(deployment), {json: body});
  const r = asRecord(raw) ?? {};
  return {jobId: str(r.jobId) ?? '', expiresAt: str(r.expiresAt) ?? '', raw};
}

export async function dashboardExportStatus(api: Api, deployment: string, jobId: string, signal?: AbortSignal): Promise<ExportStatus> {
  const raw = await api.get(`${exportsPath(deployment)}/${enc(jobId)}`, signal ? {signal} : {});
  const r = asRecord(raw) ?? {};
  const progress = num(r.progress);
  const contentType = str(r.contentType);
  const error = str(r.error);
  return {status: str(r.status) ?? 'unknown', ...(progress !== undefined ? {progress} : {}), ...(contentType ? {contentType} : {}), ...(error ? {error} : {}), raw};
}

export interface ExportFile {
  bytes: Buffer;
  contentType: string;
  /** The attachment's name, as the service named it. */
  fileName: string | undefined;
}

export async function downloadDashboardExport(api: Api, deployment: string, jobId: string, filename?: string): Promise<ExportFile> {
  const path = `${exportsPath(deployment)}/${enc(jobId)}/download`;
  const res = await api.raw('GET', path, filename ? {searchParams: {filename}} : {});
  const bytes = await readBytesCapped(res, MAX_RESPONSE_BYTES, 'fail', `GET ${path}`);
  const disposition = res.headers.get('content-disposition') ?? '';
  return {bytes, contentType: res.headers.get('content-type') ?? 'application/octet-stream', fileName: /filename="([^"]+)"/.exec(disposition)?.[1]};
}

export interface PreviewStatus {
  previewId: string;
  status: string;
  percent?: number;
  message?: string;
  error?: string;
  raw: unknown;
}

export const PREVIEW_TERMINAL: ReadonlySet<string> = new Set(['COMPLETED', 'FAILED', 'CANCELLED']);

function readPreview(raw: unknown): PreviewStatus {
  const r = asRecord(raw) ?? {};
  const progress = asRecord(r.progress) ?? {};
  const percent = num(progress.percentComplete);
  const message = str(progress.message);
  const error = str(r.error);
  return {previewId: str(r.previewId) ?? '', status: str(r.status) ?? 'unknown', ...(percent !== undefined ? {percent} : {}), ...(message ? {message} : {}), ...(error ? {error} : {}), raw};
}

export async function startMetricViewPreview(api: Api, deployment: string, body: Json): Promise<{previewId: string; reused: boolean; raw: unknown}> {
  const raw = await api.post(previewsPath(deployment), {json: body});
  const r = asRecord(raw) ?? {};
  return {previewId: str(r.previewId) ?? '', reused: r.reused === true, raw};
}

export async function metricViewPreviewStatus(api: Api, deployment: string, previewId: string, signal?: AbortSignal): Promise<PreviewStatus> {
  return readPreview(await api.get(`${previewsPath(deployment)}/${enc(previewId)}`, signal ? {signal} : {}));
}

export async function cancelMetricViewPreview(api: Api, deployment: string, previewId: string): Promise<PreviewStatus> {
  return readPreview(await api.delete(`${previewsPath(deployment)}/${enc(previewId)}`));
}

export interface PreviewView {
  cubeViewName: string;
  metricViewName: string;
  outcome: string;
  issues: Array<{code: string; severity: string; message: string}>;
  metricViewYaml?: string;
}

export async function metricViewPreviewResult(api: Api, deployment: string, previewId: string): Promise<{outcome: string; views: PreviewView[]; raw: unknown}> {
  const raw = await api.get(`${previewsPath(deployment)}/${enc(previewId)}/result`);
  const r = asRecord(raw) ?? {};
  const views = (Array.isArray(r.views) ? r.views : []).map((v) => {
    const row = asRecord(v) ?? {};
    const yaml = str(row.metricViewYaml);
    return {
      cubeViewName: str(row.cubeViewName) ?? '',
      metricViewName: str(row.metricViewName) ?? '',
      outcome: str(row.outcome) ?? '',
      issues: (Array.isArray(row.issues) ? row.issues : []).map((i) => {
        const issue = asRecord(i) ?? {};
        return {code: str(issue.code) ?? '', severity: str(issue.severity) ?? '', message: str(issue.message) ?? ''};
      }),
      ...(yaml ? {metricViewYaml: yaml} : {}),
    };
  });
  return {outcome: str(r.outcome) ?? '', views, raw};
}
