// Account and workspace object groups from the command line: the command tree in-process against the service
// in-process (cliInProcess.ts), one test per group built from the table (list/get/create/update/delete as the API
// defines them) plus the special operations.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {adminJson, adminLines, STACK_LINE, type Harness} from '../helpers/cliHarness.js';
import {startInProcessHarness} from '../helpers/cliInProcess.js';

let h: Harness;
beforeAll(async () => {
  h = await startInProcessHarness();
});
afterAll(() => h.close());

type Json = Record<string, any>;
const ok = (args: string[], input?: string) => adminJson(h, args, input);
const table = (args: string[]) => adminLines(h, args);

describe('deployment-scoped groups', () => {
  it('folders: create, list (with --parent-id), update, delete', async () => {
    const top = await ok(['folders', 'create', '2', '-d', '{"name": "Finance"}']);
    const child = await ok(['folders', 'create', '2', '-d', `{"name": "Quarterly", "parentId": ${top.id}}`]);
    const lines = await table(['folders', 'list', '2']);
    expect(lines[0]).toMatch(/^ID +NAME +PARENT +POSITION +UPDATED$/);
    expect(lines.slice(1).map((l) => l.split(/\s{2,}/)[1])).toEqual(['Finance', 'Quarterly']);
    expect((await table(['folders', 'list', '2', '--parent-id', String(top.id)])).slice(1).map((l) => l.split(/\s{2,}/)[1])).toEqual(['Quarterly']);
    expect(await ok(['folders', 'update', '2', String(child.id), '-d', '-'], '{"name": "Q"}')).toMatchObject({name: 'Q', parentId: top.id});
    expect(await h.admin(['folders', 'delete', '2', String(child.id)])).toMatchObject({code: 0, stdout: `✓ Deleted folder ${child.id}\n`});
    const gone = await h.admin(['folders', 'delete', '2', String(child.id)]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(/404.*folder \d+ not found/);
    expect((await h.admin(['folders', 'get', '2', '1'])).code).toBe(2);
  });

  it('workbooks: pages with --first/--after, get, publish; embed enable/disable the dashboard', async () => {
    const ids: number[] = [];
    for (const name of ['A', 'B', 'C']) ids.push((await ok(['workbooks', 'create', '3', '-d', JSON.stringify({name})])).id);
    const first = await h.admin(['workbooks', 'list', '3', '--first', '2']);
    expect(first.stdout.trimEnd().split('\n')).toHaveLength(3);
    const cursor = /more: --after (\S+)/.exec(first.stderr)?.[1];
    expect(cursor).toBeDefined();
    const rest = await table(['workbooks', 'list', '3', '--first', '2', '--after', cursor!]);
    expect(rest.slice(1).map((l) => l.split(/\s{2,}/)[1])).toEqual(['C']);
    expect(await ok(['workbooks', 'get', '3', String(ids[0])])).toMatchObject({name: 'A', type: 'WORKBOOK'});
    expect(await ok(['workbooks', 'duplicate', '3', String(ids[0])])).toMatchObject({name: 'A (copy)'});
    const dash = await ok(['workbooks', 'publish', '3', String(ids[0]), '--title', 'Board']);
    expect(dash).toMatchObject({title: 'Board', allowEmbed: false});
    expect(await h.admin(['embed', 'enable-dashboard', dash.publicId])).toMatchObject({code: 0, stdout: `✓ Embedding enabled for dashboard ${dash.publicId}\n`});
    expect(await ok(['embed', 'get', dash.publicId])).toMatchObject({allowEmbed: true});
    expect(await ok(['--json', 'embed', 'disable-dashboard', dash.publicId])).toEqual({publicId: dash.publicId, allowEmbed: false});
    expect((await h.admin(['embed', 'enable-dashboard', 'short'])).code).toBe(2);
  });

  it('reports: create with --data inline and from stdin, filter by --search and --workbook-id, delete', async () => {
    const wb = await ok(['workbooks', 'create', '4', '-d', '{"name": "Sales"}']);
    const report = await ok(['reports', 'create', '4', '-d', '-'], JSON.stringify({name: 'Revenue', workbookId: wb.id}));
    await ok(['reports', 'create', '4', '-d', '{"name": "Churn"}']);
    expect(report.publicId).toMatch(/^[0-9A-Za-z]{12}$/);
    expect((await table(['reports', 'list', '4', '--search', 'chu'])).slice(1).map((l) => l.split(/\s{2,}/)[1])).toEqual(['Churn']);
    expect((await table(['reports', 'list', '4', '--workbook-id', String(wb.id)])).slice(1).map((l) => l.split(/\s{2,}/)[1])).toEqual(['Revenue']);
    const bad = await h.admin(['reports', 'create', '4', '-d', '{"publicId": "x"}']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^error: POST \/api\/v1\/deployments\/4\/reports failed with 400 Bad Request: publicId/);
    expect(bad.stderr).not.toMatch(STACK_LINE);
    expect((await h.admin(['reports', 'create', '4'])).stderr).toMatch(/--data is required/);
    expect(await ok(['reports', 'upsert', '4', report.publicId, '-d', '{"name": "Revenue (monthly)"}'])).toMatchObject({id: report.id, name: 'Revenue (monthly)'});
    expect(await ok(['workbooks', 'upsert', '4', 'sales-board', '-d', '{"name": "Board"}'])).toMatchObject({slug: 'sales-board', name: 'Board'});
    expect(await ok(['workbooks', 'upsert', '4', 'sales-board', '-d', '{"name": "Board 2"}'])).toMatchObject({slug: 'sales-board', name: 'Board 2'});
  });

  it('notifications: schedule a published dashboard, change the schedule', async () => {
    const wb = await ok(['workbooks', 'create', '5', '-d', '{"name": "Ops"}']);
    const dash = await ok(['workbooks', 'publish', '5', String(wb.id)]);
    const n = await ok(['notifications', 'create', '5', '-d', JSON.stringify({dashboardPublicId: dash.publicId, scheduleType: 'DAILY', hour: 7})]);
    expect(n).toMatchObject({cronExpression: '0 7 * * *', humanReadableSchedule: 'Every day at 07:00 (UTC)'});
    await ok(['notifications', 'update', '5', String(n.id), '-d', '{"scheduleType": "HOURLY", "minute": 15}']);
    const lines = await table(['notifications', 'list', '5', '--dashboard-id', String(dash.id)]);
    expect(lines[1]).toMatch(/Every hour at minute 15/);
    const added = await ok(['notifications', 'add-recipients', '5', String(n.id), '-d', '{"recipients": [{"type": "USER", "email": "ann@acme.example"}, {"type": "SLACK", "channelId": "C9", "channelName": "ops"}]}']);
    expect(added.createdRecipients).toHaveLength(2);
    expect((await table(['notifications', 'recipients', '5', String(n.id)])).slice(1)).toEqual([expect.stringMatching(/^USER +ann@acme\.example$/), expect.stringMatching(/^SLACK +ops$/)]);
    await ok(['notifications', 'remove-recipients', '5', String(n.id), '-d', '{"recipients": [{"type": "SLACK", "id": "C9"}]}']);
    expect((await table(['notifications', 'recipients', '5', String(n.id)])).slice(1)).toHaveLength(1);
  });

  it('workspace: one folder level of folders, workbooks and reports', async () => {
    const folder = await ok(['folders', 'create', '6', '-d', '{"name": "Team"}']);
    await ok(['workbooks', 'create', '6', '-d', `{"name": "Inside", "folderId": ${folder.id}}`]);
    await ok(['reports', 'create', '6', '-d', '{"name": "Outside"}']);
    const root = (await table(['workspace', 'list', '6'])).slice(1).map((l) => l.split(/\s{2,}/).slice(0, 3).join(' ').replace(/ \d+ /, ' '));
    expect(root.sort()).toEqual(['FOLDER Team', 'REPORT Outside']);
    expect((await table(['workspace', 'list', '6', '--folder-id', String(folder.id)])).slice(1)[0]).toMatch(/^WORKBOOK +\d+ +Inside/);
  });

  it('a key scoped to one deployment reads it and nothing else', async () => {
    const env = {SVC_API_URL: h.url, SVC_API_KEY: h.scopedKey};
    expect((await h.svc(['folders', 'list', '1'], {env})).code).toBe(0);
    const other = await h.svc(['folders', 'list', '2'], {env});
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/403/);
    expect((await h.svc(['folders', 'create', '1', '-d', '{"name": "x"}'], {env})).stderr).toMatch(/403.*DeploymentManage/);
  });
});

describe('account groups', () => {
  it('policies (roles): create with policies, list, get, update, delete; duplicates are 409', async () => {
    const role = await ok(['policies', 'create', '-d', JSON.stringify({name: 'Analysts', policies: [{resourceType: 'Global', resources: [], actions: ['DeploymentRead']}]})]);
    expect((await table(['policies', 'list']))[1]).toMatch(/^\d+ +Analysts +1$/);
    expect(await ok(['roles', 'update', String(role.id), '-d', '{"description": "read"}'])).toMatchObject({description: 'read'});
    expect(await ok(['policies', 'get', String(role.id)])).toMatchObject({name: 'Analysts', description: 'read'});
    expect((await h.admin(['policies', 'create', '-d', '{"name": "Analysts", "policies": []}'])).stderr).toMatch(/409/);
    expect((await h.admin(['policies', 'assign', String(role.id), '1'])).stdout).toBe(`✓ Gave role ${role.id} to user 1\n`);
    expect(await ok(['policies', 'get', String(role.id)])).toMatchObject({userIds: [1]});
    expect((await h.admin(['policies', 'unassign', String(role.id), '1'])).code).toBe(0);
    expect((await h.admin(['policies', 'assign', String(role.id), '424242'])).stderr).toMatch(/404.*user 424242 not found/);
    expect((await h.admin(['policies', 'delete', String(role.id)])).stdout).toBe(`✓ Deleted role ${role.id}\n`);
  });

  it('users: create (password never printed), update, delete; there is no list in the API', async () => {
    const user = await h.admin(['users', 'create', '-d', '{"email": "bo@acme.example", "username": "bo", "password": "p4ssw0rd-secret"}']);
    expect(user.code).toBe(0);
    expect(user.stdout).not.toContain('p4ssw0rd-secret');
    const id = (JSON.parse(user.stdout) as Json).id;
    expect(await ok(['users', 'update', String(id), '-d', '{"isAdmin": true}'])).toMatchObject({isAdmin: true});
    expect((await h.admin(['users', 'delete', String(id)])).code).toBe(0);
    expect((await h.admin(['users', 'list'])).code).toBe(2);
  });

  it('attributes: create, filter by --type, update, per-user values', async () => {
    const attr = await ok(['attributes', 'create', '-d', '{"name": "region", "type": "string", "defaultValue": "emea"}']);
    await ok(['attributes', 'create', '-d', '{"name": "max_rows", "type": "number"}']);
    expect((await table(['attributes', 'list', '--type', 'number'])).slice(1).map((l) => l.split(/\s{2,}/)[1])).toEqual(['max_rows']);
    expect(await ok(['attributes', 'update', String(attr.id), '-d', '{"displayName": "Region"}'])).toMatchObject({displayName: 'Region'});
    expect((await table(['attributes', 'values', '42'])).find((l) => l.includes('region'))).toMatch(/emea$/);
    expect(await ok(['attributes', 'set-value', '42', String(attr.id), 'apac'])).toMatchObject({value: 'apac'});
    expect((await table(['attributes', 'values', '42'])).find((l) => l.includes('region'))).toMatch(/apac$/);
  });

  it('groups: embed tenant groups with PATCH updates', async () => {
    const g = await ok(['groups', 'create', 'acme-embed', '-d', '{"name": "viewers"}']);
    expect(await ok(['groups', 'update', 'acme-embed', String(g.id), '-d', '{"description": "read only"}'])).toMatchObject({description: 'read only'});
    expect((await table(['groups', 'list', 'acme-embed']))[1]).toMatch(/viewers +read only +0$/);
    expect(await ok(['groups', 'get', 'acme-embed', String(g.id)])).toMatchObject({name: 'viewers'});
    expect((await h.admin(['groups', 'list', 'other'])).stderr).toBe('No results\n');
    expect((await h.admin(['groups', 'delete', 'acme-embed', String(g.id)])).code).toBe(0);
  });

  it('tenant settings get/update and the app config', async () => {
    expect(await ok(['tenant', 'get'])).toMatchObject({maintenanceWindowEnabled: false});
    expect(await ok(['tenant', 'update', '-d', '{"maintenanceWindowEnabled": true, "maintenanceWindowDay": "Saturday"}'])).toMatchObject({maintenanceWindowEnabled: true, maintenanceWindowDay: 'Saturday'});
    expect(await ok(['tenant', 'get'])).toMatchObject({maintenanceWindowDay: 'Saturday'});
    const bad = await h.admin(['tenant', 'update', '-d', '{"maintenanceWindowDay": "Someday"}']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/maintenanceWindowDay/);
    expect(await ok(['app', 'theme'])).toMatchObject({applyThemeGlobally: false});
    const scoped = await h.svc(['tenant', 'get'], {env: {SVC_API_URL: h.url, SVC_API_KEY: h.scopedKey}});
    expect(scoped.stderr).toMatch(/403/);
  });
});

describe('svc meta', () => {
  it('describes the cubes of a deployment chosen by --selectors, as a table or JSON', async () => {
    const selectors = JSON.stringify([{type: 'cube', deploymentId: 1, environment: 'production'}]);
    const lines = await table(['meta', '--selectors', selectors]);
    expect(lines[0]).toMatch(/^DEPLOYMENT +ENVIRONMENT +TYPE +NAME +MEASURES +DIMENSIONS$/);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => /^1 +production +cube +\S+ +\d+ +\d+$/.test(l))).toBe(true);
    const doc = await ok(['meta', '--selectors', selectors, '--json']);
    expect(doc.items.length).toBe(lines.length - 1);
    const bad = await h.admin(['meta', '--selectors', '[{']);
    expect(bad).toMatchObject({code: 2});
    expect(bad.stderr).toMatch(/^error: --selectors is not valid JSON/);
    const refused = await h.admin(['meta', '--selectors', '{"deploymentId": 1}']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/400 Bad Request: selectors/);
  });
});

describe('ancestors, workspace move and bulk user actions', () => {
  it('prints the ancestors of a folder and moves a workbook into it', async () => {
    const a = await ok(['folders', 'create', '7', '-d', '{"name": "Outer"}']);
    const b = await ok(['folders', 'create', '7', '-d', `{"name": "Inner", "parentId": ${a.id}}`]);
    expect((await table(['folders', 'ancestors', '7', String(b.id)])).slice(1)).toEqual([expect.stringMatching(new RegExp(`^${a.id} +Outer$`))]);
    const wb = await ok(['workbooks', 'create', '7', '-d', '{"name": "Moved"}']);
    expect(await ok(['workspace', 'move', '7', '--type', 'workbook', '--id', String(wb.id), '--folder-id', String(b.id)])).toMatchObject({folderId: b.id});
    expect((await table(['workbooks', 'list', '7', '--folder-id', String(b.id)])).slice(1).map((l) => l.split(/\s{2,}/)[1])).toEqual(['Moved']);
    expect((await h.admin(['workspace', 'move', '7', '--type', 'sheet', '--id', '1'])).code).toBe(2);
    const r = await ok(['reports', 'create', '7', '-d', '{"name": "Loose"}']);
    const bulk = await h.admin(['workspace', 'bulk-move', '7', '-d', JSON.stringify({folderId: a.id, items: [{id: r.id, type: 'REPORT'}, {id: 999999, type: 'REPORT'}]})]);
    expect(bulk).toMatchObject({code: 1, stdout: '✓ Moved 1 object(s)\n', stderr: 'failed: REPORT 999999: report 999999 not found\n'});
    const del = await h.admin(['workspace', 'bulk-delete', '7', '-d', JSON.stringify({items: [{id: r.id, type: 'REPORT'}]})]);
    expect(del).toMatchObject({code: 0, stdout: '✓ Deleted 1 object(s)\n'});
  });

  it('users bulk: succeeded ones, failed ones on stderr with exit 1', async () => {
    const u = await ok(['users', 'create', '-d', '{"email": "bulk@acme.example", "username": "bulk"}']);
    const run = await h.admin(['users', 'bulk', 'DEACTIVATE', String(u.id), '999999']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('✓ DEACTIVATE done for 1 user(s)\n');
    expect(run.stderr).toBe('failed: user 999999: user 999999 not found\n');
    expect((await h.admin(['users', 'bulk', 'PURGE', '1'])).code).toBe(2);
    expect((await h.admin(['users', 'bulk', 'DELETE', 'abc'])).code).toBe(2);
  });
});
