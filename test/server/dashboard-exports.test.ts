// Dashboard exports (startExport, getExportStatus, downloadExport): a job runs through its states on the service
// clock and renders a real PDF or PNG from the dashboard's widgets' report queries; who may export, as whom, and who
// sees a job; every JSON answer validated against the reference description's schema (skipped when it is absent).
import {inflateSync} from 'node:zlib';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import type {Permission} from '../../src/contract/index.js';
import {crc32} from '../../src/server/engines/render/png.js';
import {withControls} from '../../src/server/routes/objects/dashboardExports.js';
import {generateApiKey, insertApiKey} from '../../src/server/store/apiKeys.js';
import {findAdmin, insertUser} from '../../src/server/store/users.js';
import {conforms} from '../helpers/referenceSchemas.js';
import {TEST_EPOCH, testApp, type CallOptions, type TestApp} from '../helpers/startService.js';

let t: TestApp;
const call = (path: string, opts: CallOptions = {}) => t.call(path, opts);
beforeEach(() => {
  t = testApp('demo');
});
afterEach(() => t.close());

const D = '/api/v1/deployments/1';
const BY_STATUS = {measures: ['orders.count'], dimensions: ['orders.status'], order: {'orders.status': 'asc'}};

/** A published dashboard with a chart of orders by status (its report) and a text widget. */
async function publishedDashboard(query: unknown = BY_STATUS): Promise<{id: number; publicId: string; workbookId: number}> {
  const report = (await call(`${D}/reports`, {method: 'POST', json: {name: 'Orders by status', jsonQuery: JSON.stringify(query)}})).body;
  const workbook = (await call(`${D}/workbooks`, {method: 'POST', json: {name: 'Sales'}})).body;
  const widgets = [
    {id: 'intro', type: 'TEXT', position: {x: 0, y: 0, w: 12, h: 1}, config: {title: 'About', text: 'Weekly numbers'}},
    {id: 'chart', type: 'CHART', position: {x: 0, y: 1, w: 12, h: 4}, config: {reportId: report.id, title: 'Orders by status'}},
  ];
  expect((await call(`${D}/workbooks/${workbook.id}/dashboard`, {method: 'PUT', json: {dashboardDraft: {title: 'Sales', widgets}}})).status).toBe(200);
  const dashboard = (await call(`${D}/workbooks/${workbook.id}/publish`, {method: 'POST', json: {workbookId: workbook.id, title: 'Sales board'}})).body;
  return {id: dashboard.id, publicId: dashboard.publicId, workbookId: workbook.id};
}

/** The rows the data API answers for the query: what the file must show. */
async function dataApiRows(query: unknown): Promise<Array<Record<string, unknown>>> {
  const token = (await call(`${D}/token`, {method: 'POST'})).body.cubeApiToken as string;
  const res = await call('/data/1/cubejs-api/v1/load', {method: 'POST', key: token, json: {query}});
  expect(res.status).toBe(200);
  return res.body.data;
}

async function download(jobId: string, query = '', key = t.adminKey) {
  const res = await t.app.request(`${D}/dashboard-exports/${jobId}/download${query}`, {headers: {host: new URL(t.ctx.baseUrl).host, authorization: `Bearer ${key}`}});
  return {status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer())};
}

/** A second admin with a key of their own: with every permission, or only the ones named. */
function otherUserKey(permissions: Permission[] | null = null): string {
  const id = insertUser(t.ctx.db, {email: `other${Math.random()}@acme.example`, isAdmin: true, now: TEST_EPOCH});
  const key = generateApiKey();
  insertApiKey(t.ctx.db, {key, name: 'other', userId: id, deploymentIds: null, permissions, now: TEST_EPOCH});
  return key;
}

describe('an export job', () => {
  it('goes pending → processing → completed on the service clock, and downloads a PDF of the dashboard’s data', async () => {
    const dashboard = await publishedDashboard();
    const start = await call(`${D}/dashboard-exports`, {method: 'POST', json: {format: 'pdf', dashboardId: dashboard.id}});
    expect(start.status).toBe(200);
    conforms('DashboardExportJobResponse', start.body);
    expect(start.body.jobId).toMatch(/^[0-9a-f]{32}$/);
    expect(start.body.expiresAt).toBe(new Date(TEST_EPOCH + 5 * 60_000).toISOString());
    const status = async () => (await call(`${D}/dashboard-exports/${start.body.jobId}`)).body;

    const pending = await status();
    expect(pending).toMatchObject({status: 'pending', progress: 0});
    conforms('DashboardExportStatusResponse', pending);
    expect((await download(start.body.jobId)).status).toBe(409);

    t.clock.advance(1_000);
    const processing = await status();
    expect(processing.status).toBe('processing');
    expect(processing.progress).toBeGreaterThan(0);
    conforms('DashboardExportStatusResponse', processing);
    const early = await download(start.body.jobId);
    expect(early.status).toBe(409);
    expect(JSON.parse(early.bytes.toString()).error).toMatch(/still processing/);

    t.clock.advance(1_000);
    const done = await status();
    expect(done).toMatchObject({status: 'completed', progress: 100, contentType: 'application/pdf'});
    conforms('DashboardExportStatusResponse', done);

    const file = await download(start.body.jobId);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="dashboard.pdf"');
    const pdf = file.bytes.toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    // The cross-reference table points at each object.
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    for (const [, offset, id] of [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m, i) => [m[0], Number(m[1]), i + 1] as const)) {
      expect(pdf.slice(offset, offset + `${id} 0 obj`.length)).toBe(`${id} 0 obj`);
    }
    expect(pdf).toContain('(Sales board)');
    expect(pdf).toContain('(Weekly numbers)');
    for (const row of await dataApiRows(BY_STATUS)) expect(pdf).toContain(`(${String(row['orders.status'])} | ${String(row['orders.count'])})`);

    const named = await download(start.body.jobId, '?filename=q3-sales');
    expect(named.headers.get('content-disposition')).toBe('attachment; filename="q3-sales.pdf"');

    // Dropped 5 minutes after submission.
    t.clock.advance(5 * 60_000);
    expect((await call(`${D}/dashboard-exports/${start.body.jobId}`)).status).toBe(404);
    expect((await download(start.body.jobId)).status).toBe(404);
  });

  it('renders with the filters it was given, by public id', async () => {
    const dashboard = await publishedDashboard();
    const start = await call(`${D}/dashboard-exports`, {
      method: 'POST',
      json: {format: 'pdf', dashboardPublicId: dashboard.publicId, filters: [{member: 'orders.status', operator: 'equals', value: 'completed'}]},
    });
    expect(start.status).toBe(200);
    t.clock.advance(2_000);
    const pdf = (await download(start.body.jobId)).bytes.toString('latin1');
    const rows = await dataApiRows(BY_STATUS);
    const completed = rows.find((r) => r['orders.status'] === 'completed')!;
    expect(pdf).toContain(`(completed | ${String(completed['orders.count'])})`);
    for (const other of rows.filter((r) => r['orders.status'] !== 'completed')) expect(pdf).not.toContain(`(${String(other['orders.status'])} | `);
    expect(pdf).toContain('(filter: orders.status equals \\"completed\\")'.replace(/\\"/g, '"'));
  });

  it('applies time grains and member switches to the queries, and filters only to queries of the filtered cube', () => {
    const query = {measures: ['orders.count'], dimensions: ['orders.status'], timeDimensions: [{dimension: 'orders.created_at', granularity: 'day' as const}]};
    const controls = {
      timeGrains: [{member: 'orders.created_at', grain: 'month'}],
      memberSwitchers: [{member: 'orders.status', selected: 'amount'}],
      filters: [{member: 'users.city', operator: 'equals' as const, value: 'Berlin'}, {member: 'orders.amount', operator: 'between' as const, value: [10, 20]}],
    };
    expect(withControls(query, controls)).toEqual({
      measures: ['orders.count'],
      dimensions: ['orders.amount'],
      timeDimensions: [{dimension: 'orders.created_at', granularity: 'month'}],
      filters: [{member: 'orders.amount', operator: 'gte', values: [10]}, {member: 'orders.amount', operator: 'lte', values: [20]}],
    });
  });

  it('renders a PNG with a bar per row of the chart', async () => {
    const dashboard = await publishedDashboard();
    const start = await call(`${D}/dashboard-exports`, {method: 'POST', json: {format: 'png', dashboardId: dashboard.id}});
    t.clock.advance(2_000);
    expect((await call(`${D}/dashboard-exports/${start.body.jobId}`)).body).toMatchObject({status: 'completed', contentType: 'image/png'});
    const file = await download(start.body.jobId);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="dashboard.png"');
    const png = file.bytes;
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // Chunks with valid CRCs: IHDR, IDAT, IEND.
    const chunks: Array<{type: string; data: Buffer}> = [];
    for (let at = 8; at < png.length; ) {
      const length = png.readUInt32BE(at);
      const type = png.toString('latin1', at + 4, at + 8);
      const data = png.subarray(at + 8, at + 8 + length);
      expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
      chunks.push({type, data});
      at += 12 + length;
    }
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const width = chunks[0]!.data.readUInt32BE(0);
    const height = chunks[0]!.data.readUInt32BE(4);
    const raw = inflateSync(chunks[1]!.data);
    expect(raw.length).toBe(height * (width * 3 + 1));
    // Count the bars: runs of coloured rows in the column where bars start.
    const colourAt = (x: number, y: number) => raw.subarray(y * (width * 3 + 1) + 1 + x * 3, y * (width * 3 + 1) + 4 + x * 3).toString('hex');
    let bars = 0;
    for (let y = 1; y < height; y++) if (colourAt(30, y) === '4285f4' && colourAt(30, y - 1) !== '4285f4') bars++;
    const rows = await dataApiRows(BY_STATUS);
    expect(bars).toBe(rows.length);
  });

  it('fails (status failed, download 422) when a widget’s query cannot run, and names the widget', async () => {
    const dashboard = await publishedDashboard({measures: ['orders.nope']});
    const start = await call(`${D}/dashboard-exports`, {method: 'POST', json: {format: 'pdf', dashboardId: dashboard.id}});
    t.clock.advance(2_000);
    const status = (await call(`${D}/dashboard-exports/${start.body.jobId}`)).body;
    expect(status.status).toBe('failed');
    expect(status.error).toMatch(/^widget chart: .*orders\.nope/);
    conforms('DashboardExportStatusResponse', status);
    const res = await download(start.body.jobId);
    expect(res.status).toBe(422);
    expect(JSON.parse(res.bytes.toString()).error).toMatch(/submit a new export/);
  });
});

describe('who may export, and see a job', () => {
  it('refuses what the description refuses: no such dashboard, both or neither id, an unsupported operator', async () => {
    const dashboard = await publishedDashboard();
    expect((await call(`${D}/dashboard-exports`, {method: 'POST', json: {format: 'pdf', dashboardId: 999_999}})).status).toBe(404);
    expect((await call('/api/v1/deployments/2/dashboard-exports', {method: 'POST', json: {format: 'pdf', dashboardId: dashboard.id}})).status).toBe(404);
    const both = await call(`${D}/dashboard-exports`, {method: 'POST', json: {format: 'pdf', dashboardId: dashboard.id, dashboardPublicId: dashboard.publicId}});
    expect(both.status).toBe(400);
    expect(both.body.error).toMatch(/exactly one of dashboardId or dashboardPublicId/);
    expect((await call(`${D}/dashboard-exports`, {method: 'POST', json: {format: 'pdf'}})).status).toBe(400);
    expect((await call(`${D}/dashboard-exports`, {method: 'POST', json: {format: 'gif', dashboardId: dashboard.id}})).status).toBe(400);
    const custom = await call(`${D}/dashboard-exports`, {method: 'POST', json: {format: 'pdf', dashboardId: dashboard.id, filters: [{member: 'orders.status', operator: 'custom'}]}});
    expect(custom.status).toBe(400);
    expect(custom.body.error).toMatch(/custom is not supported/);
  });

  it('shows a job only to whoever started it (404 to anyone else)', async () => {
    const dashboard = await publishedDashboard();
    const start = await call(`${D}/dashboard-exports`, {method: 'POST', json: {format: 'pdf', dashboardId: dashboard.id}});
    t.clock.advance(2_000);
    const other = otherUserKey();
    const seen = await call(`${D}/dashboard-exports/${start.body.jobId}`, {key: other});
    expect(seen.status).toBe(404);
    expect((await download(start.body.jobId, '', other)).status).toBe(404);
    expect((await call(`${D}/dashboard-exports/${start.body.jobId}`)).body.status).toBe('completed');
  });

  it('renders as someone else only for a tenant administrator, and only an active user', async () => {
    const dashboard = await publishedDashboard();
    const adminId = findAdmin(t.ctx.db)!.id;
    const asUser = {format: 'pdf', dashboardId: dashboard.id, renderAs: {type: 'USER', userId: adminId}};
    expect((await call(`${D}/dashboard-exports`, {method: 'POST', json: asUser})).status).toBe(200);
    const notAdmin = await call(`${D}/dashboard-exports`, {method: 'POST', key: otherUserKey(['DeploymentRead', 'DeploymentManage']), json: asUser});
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.error).toMatch(/renderAs/);
    expect((await call(`${D}/dashboard-exports`, {method: 'POST', json: {...asUser, renderAs: {type: 'USER', userId: 999_999}}})).status).toBe(404);
    expect((await call(`${D}/dashboard-exports`, {method: 'POST', json: {...asUser, renderAs: {type: 'USER'}}})).status).toBe(400);
  });

  it('renders as an embed user only when the workbook is shared with the tenant, provisioning the user', async () => {
    const dashboard = await publishedDashboard();
    const asEmbed = {format: 'pdf', dashboardId: dashboard.id, renderAs: {type: 'EMBED_USER', embedTenantName: 'acme', externalId: 'ext-7', securityContext: {tenant: 'acme'}}};
    const refused = await call(`${D}/dashboard-exports`, {method: 'POST', json: asEmbed});
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/not shared with embed tenant acme/);
    const share = await call(`${D}/workbooks/${dashboard.workbookId}/embed-access`, {method: 'PUT', json: {allowEmbed: true, embedTenantName: 'acme', action: 'read'}});
    expect(share.status).toBe(200);
    const start = await call(`${D}/dashboard-exports`, {method: 'POST', json: asEmbed});
    expect(start.status).toBe(200);
    const users = (await call('/api/v1/embed-tenants/acme/users')).body.items as Array<{externalId: string}>;
    expect(users.map((u) => u.externalId)).toContain('ext-7');
    t.clock.advance(2_000);
    expect((await call(`${D}/dashboard-exports/${start.body.jobId}`)).body.status).toBe('completed');
  });

  it('answers 429 past 5 exports in flight for one identity', async () => {
    const dashboard = await publishedDashboard();
    for (let i = 0; i < 5; i++) expect((await call(`${D}/dashboard-exports`, {method: 'POST', json: {format: 'png', dashboardId: dashboard.id}})).status).toBe(200);
    const sixth = await call(`${D}/dashboard-exports`, {method: 'POST', json: {format: 'png', dashboardId: dashboard.id}});
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatch(/in flight/);
    t.clock.advance(2_000);
    expect((await call(`${D}/dashboard-exports`, {method: 'POST', json: {format: 'png', dashboardId: dashboard.id}})).status).toBe(200);
  });

  it('records the export in the audit log', async () => {
    const dashboard = await publishedDashboard();
    await call(`${D}/dashboard-exports`, {method: 'POST', json: {format: 'pdf', dashboardId: dashboard.id}});
    const names = (t.ctx.db.prepare('SELECT name FROM audit_events ORDER BY id').all() as Array<{name: string}>).map((r) => r.name);
    expect(names).toContain('export.start');
  });
});
