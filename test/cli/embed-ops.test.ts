// The embed tenant, embed access and my-settings commands, in-process (cliInProcess.ts).
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {adminJson, adminLines, type Harness} from '../helpers/cliHarness.js';
import {startInProcessHarness} from '../helpers/cliInProcess.js';

let h: Harness;
beforeAll(async () => {
  h = await startInProcessHarness();
});
afterAll(() => h.close());

type Json = Record<string, any>;
const ok = (args: string[]) => adminJson(h, args);
const rows = (args: string[]) => adminLines(h, args);

describe('embed tenants and access', () => {
  it('provision users, list tenants and users, manage group members, grant access, delete the tenant', async () => {
    const user = await ok(['embed', 'provision-user', 'acme', '-d', '{"externalId":"u-1","email":"u1@acme.example","groups":["analysts"]}']);
    expect(user).toMatchObject({externalId: 'u-1', username: 'u1@acme.example'});
    expect((await ok(['embed', 'provision-users', 'acme', '-d', '{"users":[{"externalId":"u-2"}]}'])).succeeded).toHaveLength(1);
    expect((await rows(['embed', 'tenants']))[1]).toMatch(/^\d+ +acme +2 /);
    expect((await rows(['embed', 'users', 'acme'])).slice(1).map((l) => l.split(/\s{2,}/)[1])).toEqual(['u-1', 'u-2']);
    const group = (await ok(['groups', 'list', 'acme', '--json'])).items.find((g: Json) => g.name === 'analysts');
    expect((await ok(['groups', 'add-members', 'acme', String(group.id), '-d', '{"members":[{"externalId":"u-2"}]}'])).addedMembers).toHaveLength(1);
    expect(await h.admin(['groups', 'remove-members', 'acme', String(group.id), '-d', '{"members":[{"externalId":"u-1"}]}'])).toMatchObject({code: 0});
    expect((await ok(['groups', 'members', 'acme', String(group.id), '--json'])).items.map((u: Json) => u.externalId)).toEqual(['u-2']);

    const wb = await ok(['workbooks', 'create', '2', '-d', '{"name":"Embedded"}']);
    expect(await ok(['embed', 'set-access', '2', String(wb.id), '--allow', '--tenant', 'acme'])).toMatchObject({allowEmbed: true, tenants: [{embedTenantName: 'acme', action: 'read'}]});
    expect((await ok(['embed', 'access', '2', String(wb.id)])).allowEmbed).toBe(true);
    expect((await rows(['embed', 'tenant-workbooks', '2', 'acme'])).slice(1).map((l) => l.split(/\s{2,}/)[1])).toEqual(['Embedded']);
    const usage = await h.admin(['embed', 'set-access', '2', String(wb.id)]);
    expect(usage.code).toBe(2);
    expect((await h.admin(['embed', 'set-access', '2', String(wb.id), '--tenant', 'acme', '--action', 'maybe'])).code).toBe(2);

    expect(await h.admin(['embed', 'delete-tenant', 'acme'])).toMatchObject({code: 0, stdout: '✓ Deleted embed tenant acme\n'});
    expect((await ok(['embed', 'tenants', '--json'])).items).toEqual([]);
  });

  it('reports in sheets, the dashboard draft and the shared workspace', async () => {
    const report = await ok(['reports', 'create', '2', '-d', '{"name":"Sheet report"}']);
    const placed = await ok(['reports', 'connect-workbook', '2', String(report.id), '-d', '{"externalWorkbookId":"sheet-9","resultLocation":"A1:B2","placementId":"p-9"}']);
    expect(placed.externalWorkbookPlacements).toHaveLength(1);
    expect((await ok(['reports', 'refresh', '2', String(report.id)])).refreshedBy).toBe(placed.userId);
    expect((await ok(['reports', 'disconnect-workbook', '2', String(report.id)])).externalWorkbookPlacements).toEqual([]);
    const wb = await ok(['workbooks', 'create', '2', '-d', '{"name":"Shared board"}']);
    const draft = '{"dashboardDraft":{"widgets":[{"id":"w1","type":"AI","position":{"x":0,"y":0,"w":2,"h":2}}]}}';
    expect((await ok(['workbooks', 'dashboard', '2', String(wb.id), '-d', draft])).dashboardPublished).toBeNull();
    await ok(['workbooks', 'publish', '2', String(wb.id)]);
    expect((await ok(['workbooks', 'ai-widget-thread', '2', String(wb.id), '-d', '{"widgetId":"w1","threadId":"t1"}'])).versionNumber).toBe(2);
    expect((await rows(['workspace', 'shared', '2', '--asc'])).slice(1).map((l) => l.split(/\s{2,}/)[1])).toContain('Shared board');
  });

  it('embed sessions and dashboard comments', async () => {
    const session = await ok(['embed', 'session', '-d', '{"deploymentId":2,"externalId":"viewer-9","securityContext":{"tenant":"acme"}}']);
    expect((await ok(['embed', 'session-token', session.sessionId])).token).toMatch(/^ey/);
    expect(await ok(['embed', 'revoke-session', session.sessionId])).toEqual({success: true});
    expect((await h.admin(['embed', 'session-token', session.sessionId])).code).toBe(1);
    const wb = await ok(['workbooks', 'create', '2', '-d', '{"name":"Talked about"}']);
    const dash = await ok(['workbooks', 'publish', '2', String(wb.id)]);
    const root = await ok(['embed', 'comment', dash.publicId, '-d', '{"body":"Looks off"}']);
    expect((await ok(['embed', 'edit-comment', dash.publicId, String(root.id), '-d', '{"body":"Looks right"}'])).body).toBe('Looks right');
    expect((await ok(['embed', 'resolve-comment', dash.publicId, String(root.id)])).resolvedAt).toEqual(expect.any(String));
    expect((await ok(['embed', 'comments', dash.publicId, '--include-resolved'])).items).toHaveLength(1);
    expect(await h.admin(['embed', 'remove-comment', dash.publicId, String(root.id)])).toMatchObject({code: 0, stdout: `✓ Removed comment ${root.id}\n`});
    expect(await ok(['embed', 'mentionable', dash.publicId, '--json'])).toMatchObject({items: []});
  });

  it('users settings changes my own settings', async () => {
    expect((await ok(['users', 'settings', '-d', '{"theme":"dark"}'])).settings).toMatchObject({theme: 'dark'});
    expect((await h.admin(['users', 'settings'])).code).toBe(2);
  });
});
