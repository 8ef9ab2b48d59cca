// Waiting for a dashboard export and for a Databricks Metric View preview (`svc dashboards export --wait`,
// `svc metric-views preview --wait`), through THE poll engine (wait.ts): a progress line when the state or its
// percentage changes, done at a terminal state.
import type {Api} from '../api/client.js';
import {dashboardExportStatus, EXPORT_TERMINAL, metricViewPreviewStatus, PREVIEW_TERMINAL, type ExportStatus, type PreviewStatus} from '../api/exports.js';
import {waitFor, type WaitOptions} from './wait.js';

/** How to wait: the deadline, the interval, where progress lines go (and, for tests, the sleep and the clock). */
export type JobWait = Pick<WaitOptions<unknown>, 'timeoutMs' | 'intervalMs' | 'onProgress' | 'sleep' | 'now'>;

export function waitForExport(api: Api, deployment: string, jobId: string, w: JobWait): Promise<ExportStatus> {
  return waitFor({
    what: `export ${jobId}`,
    ...w,
    advice: `It may still be rendering — check with \`svc dashboards export-status ${deployment} ${jobId}\` (the job is kept 5 minutes), or raise --timeout`,
    poll: async (signal) => {
      const s = await dashboardExportStatus(api, deployment, jobId, signal);
      return EXPORT_TERMINAL.has(s.status) ? {done: true, value: s} : {done: false, label: s.progress === undefined ? s.status : `${s.status} ${s.progress}%`};
    },
  });
}

export function waitForPreview(api: Api, deployment: string, previewId: string, w: JobWait): Promise<PreviewStatus> {
  return waitFor({
    what: `preview ${previewId}`,
    ...w,
    advice: `It may still be running — check with \`svc metric-views status ${deployment} ${previewId}\`, or raise --timeout`,
    poll: async (signal) => {
      const s = await metricViewPreviewStatus(api, deployment, previewId, signal);
      return PREVIEW_TERMINAL.has(s.status) ? {done: true, value: s} : {done: false, label: `${s.status}${s.percent === undefined ? '' : ` ${s.percent}%`}${s.message ? ` (${s.message})` : ''}`};
    },
  });
}
