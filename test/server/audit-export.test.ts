// GET /api/v1/audit-logs/export through HTTP: the attachment, every filter, and who may export.
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {generateApiKey, insertApiKey} from '../../src/server/store/apiKeys.js';
import {insertAuditEvent} from '../../src/server/store/audit.js';
import {insertUser} from '../../src/server/store/users.js';
import {parseCsv} from '../helpers/csv.js';
import {TEST_EPOCH, testApp, type TestApp} from '../helpers/startService.js';

const DAY = 86_400_000;
let t: TestApp;

beforeEach(() => {
  t = testApp('demo');
});
afterEach(() => t.close());

async function exportCsv(query = '', key: string | null = t.adminKey) {
  const res = await t.app.request(`/api/v1/audit-logs/export${query}`, {headers: key === null ? {} : {authorization: `Bearer ${key}`}});
  return {status: res.status, headers: res.headers, text: await res.text()};
}

async function names(query: string): Promise<string[]> {
  const res = await exportCsv(query);
  expect(res.status).toBe(200);
  return parseCsv(res.text).slice(1).map((r) => `${r[2]}@${r[1]?.slice(0, 10)}`);
}

/** Three days, one update per day by the admin, plus one key creation by a second user on day 2. */
async function threeDays(): Promise<string> {
  // A second admin: a user who is not one may not create keys (their credentials stop at read and dev-branch rights).
  const bob = insertUser(t.ctx.db, {email: 'Bob@Acme.example', isAdmin: true, now: TEST_EPOCH});
  const bobKey = generateApiKey();
  insertApiKey(t.ctx.db, {key: bobKey, name: 'bob', userId: bob, deploymentIds: null, permissions: null, now: TEST_EPOCH});
  await t.call('/api/v1/deployments/2', {method: 'PUT', json: {releaseChannel: 'latest'}});
  t.clock.advance(DAY);
  await t.call('/api/v1/deployments/3', {method: 'PUT', json: {releaseChannel: 'latest'}});
  await t.call('/api/v1/api-keys', {method: 'POST', key: bobKey, json: {name: 'Quarterly 100% report'}});
  t.clock.advance(DAY);
  await t.call('/api/v1/deployments/2', {method: 'PUT', json: {releaseChannel: 'release'}});
  return bobKey;
}

describe('the attachment', () => {
  it('is CSV with a header row, a dated file name and the event count', async () => {
    await threeDays();
    const res = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="audit-log-2026-06-03.csv"');
    expect(res.headers.get('x-audit-event-count')).toBe('4');
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual(['id', 'created_at', 'event_name', 'user_email', 'data']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['1', '2', '3', '4']);
    expect(rows[3]?.[3]).toBe('Bob@Acme.example');
  });

  it('round-trips quotes, commas and line breaks in any field (RFC 4180)', async () => {
    const tricky = 'He said "hi", then\r\nleft\nfor good, "really"';
    // An email nobody would choose, to put raw quotes, commas and CR/LF into a column that is not JSON.
    const oddEmail = '"odd, user"\r\nline2\n@acme.example';
    const odd = insertUser(t.ctx.db, {email: oddEmail, isAdmin: true, now: TEST_EPOCH});
    const oddKey = generateApiKey();
    insertApiKey(t.ctx.db, {key: oddKey, name: 'odd', userId: odd, deploymentIds: null, permissions: null, now: TEST_EPOCH});
    const scim = (await t.call('/api/v1/api-keys', {method: 'POST', key: oddKey, json: {name: 'idp', scim: true}})).body.key as string;
    expect((await t.call('/api/scim/v2/Users', {method: 'POST', key: scim, json: {userName: 'q@example.com', displayName: tricky}})).status).toBe(201);
    const res = await exportCsv();
    expect(res.text).toContain('"""odd, user""\r\nline2\n@acme.example"');
    const rows = parseCsv(res.text);
    expect(rows.map((r) => r.length)).toEqual([5, 5, 5]);
    expect(rows.slice(1).map((r) => [r[2], r[3]])).toEqual([
      ['apiKey.create', oddEmail],
      ['scimUser.create', oddEmail],
    ]);
    expect(JSON.parse(rows[2]?.[4] ?? '').body.displayName).toBe(tricky);
  });

  it('lets writes go on while it streams, and holds exactly the events counted when it started', async () => {
    t.ctx.db.transaction(() => {
      for (let i = 0; i < 3500; i++) insertAuditEvent(t.ctx.db, {name: 'seeded', userEmail: null, createdAt: TEST_EPOCH + i, ip: null, data: {i}});
    })();
    const res = await t.app.request('/api/v1/audit-logs/export', {headers: {authorization: `Bearer ${t.adminKey}`}});
    expect(res.headers.get('x-audit-event-count')).toBe('3500');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value, {stream: true});
    // Mid-export: the database is not held by the export, so this write (and its audit event) goes through.
    expect((await t.call('/api/v1/deployments/2', {method: 'PUT', json: {releaseChannel: 'latest'}})).status).toBe(200);
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += decoder.decode(r.value, {stream: true});
    const rows = parseCsv(text).slice(1);
    expect(rows).toHaveLength(3500);
    expect(rows.every((row) => row[2] === 'seeded')).toBe(true);
    expect(await names('?eventName=deployment.update')).toEqual(['deployment.update@2026-06-01']);
  });

  it('with no events holds just the header row', async () => {
    expect((await exportCsv()).text).toBe('id,created_at,event_name,user_email,data\r\n');
  });
});

describe('filters', () => {
  beforeEach(threeDays);

  it('start and end take dates (whole UTC days) and date-times (inclusive)', async () => {
    expect(await names('?start=2026-06-02')).toEqual(['deployment.update@2026-06-02', 'apiKey.create@2026-06-02', 'deployment.update@2026-06-03']);
    expect(await names('?end=2026-06-02')).toEqual(['deployment.update@2026-06-01', 'deployment.update@2026-06-02', 'apiKey.create@2026-06-02']);
    expect(await names('?start=2026-06-02&end=2026-06-02')).toHaveLength(2);
    const second = new Date(TEST_EPOCH + DAY).toISOString();
    expect(await names(`?start=${second}&end=${second}`)).toHaveLength(2);
    expect(await names(`?end=${encodeURIComponent(new Date(TEST_EPOCH + DAY - 1).toISOString())}`)).toEqual(['deployment.update@2026-06-01']);
    expect(await names('?start=2026-06-04')).toEqual([]);
  });

  it('eventName is exact; userEmail ignores case', async () => {
    expect(await names('?eventName=apiKey.create')).toEqual(['apiKey.create@2026-06-02']);
    expect(await names('?eventName=deployment')).toEqual([]);
    expect(await names('?userEmail=bob@acme.EXAMPLE')).toEqual(['apiKey.create@2026-06-02']);
    expect(await names('?userEmail=admin@acme.example&eventName=apiKey.create')).toEqual([]);
  });

  it('search looks into name, user and data, ignoring case, with % and _ taken literally', async () => {
    expect(await names('?search=QUARTERLY')).toEqual(['apiKey.create@2026-06-02']);
    expect(await names('?search=100%25')).toEqual(['apiKey.create@2026-06-02']);
    expect(await names('?search=%25')).toEqual(['apiKey.create@2026-06-02']);
    expect(await names('?search=bob@')).toEqual(['apiKey.create@2026-06-02']);
    expect(await names('?search=%22deploymentId%22%3A%223%22')).toEqual(['deployment.update@2026-06-02']);
    expect(await names('?search=nothing-like-this')).toEqual([]);
  });

  it('rejects dates that are not ISO 8601 and a start after the end', async () => {
    const bad = await exportCsv('?start=yesterday');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).error).toMatch(/^start must be an ISO 8601 date/);
    expect((await exportCsv('?end=2026-13-45')).status).toBe(400);
    const reversed = await exportCsv('?start=2026-06-03&end=2026-06-01');
    expect(reversed.status).toBe(400);
    expect(JSON.parse(reversed.text)).toEqual({error: 'start must not be after end'});
  });
});

describe('who may export', () => {
  it('needs a credential', async () => {
    expect((await exportCsv('', null)).status).toBe(401);
  });

  it('needs AuditLogManage: a key without it gets 403, a key with only it may export', async () => {
    const refused = await exportCsv('', t.scopedKey ?? '');
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toEqual({error: 'this credential lacks the AuditLogManage permission'});
    const auditor = (await t.call('/api/v1/api-keys', {method: 'POST', json: {name: 'auditor', permissions: ['AuditLogManage']}})).body.key as string;
    const ok = await exportCsv('', auditor);
    expect(ok.status).toBe(200);
    expect(parseCsv(ok.text)[1]?.[2]).toBe('apiKey.create');
  });

  it('needs the audit log plan feature: a tenant without it gets 403 saying so', async () => {
    const empty = testApp('empty');
    try {
      await empty.call('/api/v1/api-keys', {method: 'POST', json: {name: 'k'}});
      const res = await empty.app.request('/api/v1/audit-logs/export', {headers: {authorization: `Bearer ${empty.adminKey}`}});
      expect(res.status).toBe(403);
      expect(((await res.json()) as {error: string}).error).toMatch(/audit log feature is not enabled on this tenant/);
    } finally {
      empty.close();
    }
  });

  it('an admin can turn it off (and on again) in the tenant settings', async () => {
    expect((await t.call('/api/v1/tenant/settings', {method: 'PUT', json: {auditLogEnabled: false}})).status).toBe(200);
    const off = await exportCsv();
    expect(off.status).toBe(403);
    expect(JSON.parse(off.text).error).toMatch(/turned off in the tenant settings \(auditLogEnabled: false/);
    expect((await t.call('/api/v1/tenant/settings', {method: 'PUT', json: {auditLogEnabled: true}})).status).toBe(200);
    const on = await exportCsv('?eventName=tenantSettings.update');
    expect(parseCsv(on.text).slice(1).map((r) => JSON.parse(r[4] ?? '').body)).toEqual([{auditLogEnabled: false}, {auditLogEnabled: true}]);
  });

  it('is documented in the OpenAPI document as a CSV download', async () => {
    const spec = (await t.call('/api/v1/spec')).body;
    const op = spec.paths['/api/v1/audit-logs/export'].get;
    expect(op.operationId).toBe('exportAuditLogs');
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/csv']);
    expect(op.parameters.map((p: {name: string}) => p.name).sort()).toEqual(['end', 'eventName', 'search', 'start', 'userEmail']);
  });
});
