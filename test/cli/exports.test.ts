// `svc dashboards …` and `svc metric-views …`, in-process (cliInProcess.ts) against the service running 40× faster
// than real time (a render or a preview takes 50 ms, a build 150 ms; each wait looks every 25 ms): the export followed to its file (written new and private, never over an existing one), the
// job's status and download by id, previews followed to their result, cancelled, and the settings; bad input.
import {mkdtempSync, readFileSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it, onTestFinished} from 'vitest';
import {JumpClock, startInProcessHarness, type InProcessHarness} from '../helpers/cliInProcess.js';
import {eventually} from '../helpers/eventually.js';

let h: InProcessHarness;
const SPEED = 40;
const clock = new JumpClock(SPEED);
let dashboardId: number;
let publicId: string;
const dir = mkdtempSync(join(tmpdir(), 'svc-exports-'));
beforeAll(async () => {
  h = await startInProcessHarness({clock});
  const call = async (method: string, path: string, json: unknown) => {
    const res = await fetch(`${h.url}${path}`, {method, headers: {authorization: `Bearer ${h.service.adminKey}`, 'content-type': 'application/json'}, body: JSON.stringify(json)});
    expect(res.status, path).toBe(200);
    return (await res.json()) as Record<string, any>;
  };
  const report = await call('POST', '/api/v1/deployments/1/reports', {name: 'By status', jsonQuery: JSON.stringify({measures: ['orders.count'], dimensions: ['orders.status']})});
  const workbook = await call('POST', '/api/v1/deployments/1/workbooks', {name: 'Sales'});
  const widgets = [{id: 'chart', type: 'CHART', position: {x: 0, y: 0, w: 12, h: 4}, config: {reportId: report.id}}];
  await call('PUT', `/api/v1/deployments/1/workbooks/${workbook.id}/dashboard`, {dashboardDraft: {widgets}});
  const dashboard = await call('POST', `/api/v1/deployments/1/workbooks/${workbook.id}/publish`, {workbookId: workbook.id, title: 'Sales board'});
  dashboardId = dashboard.id;
  publicId = dashboard.publicId;
  await call('PUT', '/api/v1/deployments/1/env-vars', {env_variables: [{name: 'CUBEJS_DB_TYPE', value: 'databricks-jdbc'}, {name: 'CUBEJS_DB_DATABRICKS_CATALOG', value: 'main'}]});
});
afterAll(() => h.close());

describe('svc dashboards', () => {
  it('export --wait -o follows the job with progress and writes a new private file, never over an existing one', async () => {
    const file = join(dir, 'board.pdf');
    const run = await h.admin(['dashboards', 'export', '1', String(dashboardId), '--format', 'pdf', '-o', file, '--poll', '25ms']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^Rendering dashboard \d+ as PDF \(job [0-9a-f]{32}\)…\n/);
    expect(run.stdout).toMatch(new RegExp(`^✓ Wrote dashboard\\.pdf \\(application/pdf, [\\d.]+ [KM]?B\\) to ${file.replace(/[.]/g, '\\.')}\\n$`));
    expect(readFileSync(file, 'latin1')).toMatch(/^%PDF-1\.4[\s\S]*\(Sales board\)[\s\S]*%%EOF\n$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const again = await h.admin(['dashboards', 'export', '1', publicId, '--format', 'png', '-o', file, '--poll', '25ms']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/board\.pdf exists already; choose another name/);
    // Refused before a job was started.
    expect(again.stderr).not.toMatch(/Rendering/);
    expect(readFileSync(file, 'latin1').startsWith('%PDF')).toBe(true);
  });

  it('export without --wait answers the job; export-status and download follow it by id', async () => {
    const started = await h.admin(['dashboards', 'export', '1', publicId, '--format', 'png', '--json']);
    expect(started.code, started.stderr).toBe(0);
    const job = JSON.parse(started.stdout) as {jobId: string; expiresAt: string};
    expect(job.jobId).toMatch(/^[0-9a-f]{32}$/);
    const plain = await h.admin(['dashboards', 'export', '1', publicId]);
    expect(plain.stdout).toMatch(/^✓ Export [0-9a-f]{32} accepted \(kept until .*\): follow it with `svc dashboards export-status 1 [0-9a-f]{32}`\n$/);

    let status = '';
    const completed = async () => (status = (await h.admin(['dashboards', 'export-status', '1', job.jobId])).stdout) === 'completed (100%)\n';
    await eventually(completed, () => `the export to complete (last said: ${status.trim()})`, {everyMs: 50});
    expect(JSON.parse((await h.admin(['dashboards', 'export-status', '1', job.jobId, '--json'])).stdout)).toMatchObject({status: 'completed', contentType: 'image/png'});

    const file = join(dir, 'board.png');
    const got = await h.admin(['dashboards', 'download', '1', job.jobId, '-o', file, '--filename', 'weekly', '--json']);
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({output: file, fileName: 'weekly.png', contentType: 'image/png'});
    expect(readFileSync(file).subarray(1, 4).toString()).toBe('PNG');
    // Redirected stdout gets the bytes themselves.
    const piped = await h.admin(['dashboards', 'download', '1', job.jobId]);
    expect(piped.stdout.slice(1, 4)).toBe('PNG');
  });

  it('says what is wrong: format, dashboard, unknown job, failed render', async () => {
    const gif = await h.admin(['dashboards', 'export', '1', String(dashboardId), '--format', 'gif']);
    expect(gif.code).toBe(2);
    expect(gif.stderr).toMatch(/--format must be pdf or png \(got `gif`\)/);
    const bad = await h.admin(['dashboards', 'export', '1', 'sales-board']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/dashboard must be a numeric id or a 12-character public id/);
    const filter = await h.admin(['dashboards', 'export', '1', String(dashboardId), '--filter', 'status']);
    expect(filter.code).toBe(2);
    expect(filter.stderr).toMatch(/--filter takes member=value/);
    const missing = await h.admin(['dashboards', 'export-status', '1', 'f'.repeat(32)]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/export job f{32} not found/);
    const failed = await h.admin(['dashboards', 'export', '1', String(dashboardId), '--filter', 'orders.nope=x', '--wait', '--poll', '25ms']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/error: export [0-9a-f]{32} failed: widget chart: .*orders\.nope/);
  });
});

describe('svc metric-views', () => {
  it('preview --wait prints the views with their outcome; settings are saved and shown', async () => {
    expect((await h.admin(['deployments', 'build-status', '1', '--wait', '--poll', '25ms'])).code).toBe(0);
    const run = await h.admin(['metric-views', 'preview', '1', 'default', '--wait', '--poll', '25ms']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^Converting the views of deployment 1 for default \(preview [0-9a-f]{32}\)…\n/);
    expect(run.stdout).toMatch(/^outcome: failed\nVIEW +METRIC VIEW +OUTCOME +ISSUES\n/);
    expect(run.stdout).toMatch(/\ncustomers +customers +failed +ERROR ACCESS_POLICY: /);
    const json = await h.admin(['metric-views', 'preview', '1', 'default', '--views', 'sales', '--wait', '--poll', '25ms', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({version: 2, views: [{cubeViewName: 'sales', outcome: 'failed'}]});

    const saved = await h.admin(['metric-views', 'save', '1', 'default', '-d', '{"expectedConfigurationVersion":0,"enabled":true,"targetCatalog":"main","targetSchema":"metrics","selectionMode":"all"}']);
    expect(saved.code, saved.stderr).toBe(0);
    expect(JSON.parse(saved.stdout)).toMatchObject({configurationVersion: 1});
    expect(JSON.parse((await h.admin(['metric-views', 'settings', '1', 'default'])).stdout)).toMatchObject({configurationVersion: 1, configuration: {targetSchema: 'metrics'}});
    const stale = await h.admin(['metric-views', 'save', '1', 'default', '-d', '{"expectedConfigurationVersion":0,"enabled":true,"targetCatalog":"main","targetSchema":"metrics","selectionMode":"all"}']);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(/version 1, not 0/);
  });

  it('a preview started without --wait is followed by id and cancelled', async () => {
    // The service's clock stands still while the test acts: the preview is still queued when it is cancelled.
    clock.pace(0);
    onTestFinished(() => clock.pace(SPEED));
    const started = await h.admin(['metric-views', 'preview', '1', 'default', '--pattern', '^cust.*', '--json']);
    const previewId = (JSON.parse(started.stdout) as {previewId: string}).previewId;
    const cancelled = await h.admin(['metric-views', 'cancel', '1', previewId]);
    expect(cancelled.stdout).toBe(`✓ Cancelled preview ${previewId}\n`);
    expect((await h.admin(['metric-views', 'status', '1', previewId])).stdout).toBe('CANCELLED 100% (cancelled)\n');
    const result = await h.admin(['metric-views', 'result', '1', previewId]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/is CANCELLED: it has no result/);
    const both = await h.admin(['metric-views', 'preview', '1', 'default', '--views', 'a', '--pattern', 'b']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--views and --pattern select views two ways/);
  });
});
