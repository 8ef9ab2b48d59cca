// The Embed Tenants, Dashboard Embed Access and Usage Analytics operations and PATCH /users/me/settings:
// behaviour, who may call them, and every served answer validated against the reference description's schema.
// The reference is not part of the repository (test/helpers/reference.ts finds it); the schema checks are skipped
// (with a printed reason) when it is absent.
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {testApp, type CallOptions, type TestApp} from '../helpers/startService.js';
import {conforms} from '../helpers/referenceSchemas.js';

let t: TestApp;
const call = (path: string, opts: CallOptions = {}) => t.call(path, opts);
beforeEach(() => {
  t = testApp('demo');
});
afterEach(() => t.close());

describe('Embed Tenants', () => {
  it('provisions embed users by externalId, lists them, puts them in groups, and deletes a tenant with everything in it', async () => {
    const one = await call('/api/v1/embed-tenants/acme/user', {method: 'POST', json: {externalId: 'u-1', email: 'u1@acme.example', groups: ['analysts'], userProfile: {displayName: 'Una'}}});
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({username: 'u1@acme.example', externalId: 'u-1', email: 'u1@acme.example', firstName: 'Una'});
    conforms('EmbedUser', one.body);
    // Provisioning the same externalId again updates, never duplicates.
    const again = await call('/api/v1/embed-tenants/acme/user', {method: 'POST', json: {externalId: 'u-1', email: 'una@acme.example'}});
    expect(again.body.id).toBe(one.body.id);

    const bulk = await call('/api/v1/embed-tenants/acme/users', {method: 'POST', json: {users: [{externalId: 'u-2'}, {externalId: 'u-3', email: 'u3@acme.example'}]}});
    expect(bulk.status).toBe(200);
    expect(bulk.body.succeeded).toHaveLength(2);
    expect(bulk.body.failed).toEqual([]);
    conforms('ProvisionEmbedUsersResponse', bulk.body);
    expect((await call('/api/v1/embed-tenants/acme/users', {method: 'POST', json: {users: []}})).status).toBe(400);

    const users = await call('/api/v1/embed-tenants/acme/users?search=acme');
    expect(users.body.items.map((u: {externalId: string}) => u.externalId)).toEqual(['u-1', 'u-3']);
    conforms('EmbedUsersPublicResponse', users.body);

    const tenants = await call('/api/v1/embed-tenants');
    expect(tenants.body.items).toEqual([expect.objectContaining({name: 'acme', userCount: 3})]);
    conforms('EmbedTenantsPublicResponse', tenants.body);

    const group = (await call('/api/v1/embed-tenants/acme/groups')).body.items.find((g: {name: string}) => g.name === 'analysts');
    expect(group.userCount).toBe(1);
    const added = await call(`/api/v1/embed-tenants/acme/groups/${group.id}/users`, {method: 'POST', json: {members: [{externalId: 'u-1'}, {embedUserId: bulk.body.succeeded[0].id}]}});
    expect(added.status).toBe(200);
    expect(added.body.addedMembers.map((u: {externalId: string}) => u.externalId)).toEqual(['u-2']);
    expect(added.body.unchangedMembers.map((u: {externalId: string}) => u.externalId)).toEqual(['u-1']);
    conforms('EmbedGroupMembersMutationResponse', added.body);
    expect((await call(`/api/v1/embed-tenants/acme/groups/${group.id}/users`, {method: 'POST', json: {members: [{externalId: 'nobody'}]}})).status).toBe(400);
    expect((await call(`/api/v1/embed-tenants/acme/groups/${group.id}/users`, {method: 'DELETE', json: {members: [{externalId: 'u-1'}]}})).status).toBe(204);
    const members = await call(`/api/v1/embed-tenants/acme/groups/${group.id}/users`);
    expect(members.body.items.map((u: {externalId: string}) => u.externalId)).toEqual(['u-2']);
    conforms('EmbedUsersPublicResponse', members.body);
    expect((await call(`/api/v1/embed-tenants/acme/groups/${group.id}`)).body.userCount).toBe(1);

    expect((await call('/api/v1/embed-tenants/acme', {method: 'DELETE'})).status).toBe(204);
    expect((await call('/api/v1/embed-tenants')).body.items).toEqual([]);
    expect((await call('/api/v1/embed-tenants/acme/users')).body.items).toEqual([]);
    expect((await call('/api/v1/embed-tenants/acme', {method: 'DELETE'})).status).toBe(204);
  });

  it('is refused to a credential scoped to deployments or without the manage permission', async () => {
    expect(t.scopedKey).toBeDefined();
    const scoped = await call('/api/v1/embed-tenants/acme/user', {method: 'POST', key: t.scopedKey, json: {externalId: 'x'}});
    expect(scoped.status).toBe(403);
    expect((await call('/api/v1/embed-tenants', {key: t.scopedKey})).status).toBe(403);
    expect((await call('/api/v1/embed-tenants', {key: null})).status).toBe(401);
  });
});

describe('Dashboard Embed Access', () => {
  it('grants and withdraws a tenant and all embed users, and lists what a tenant can read', async () => {
    const wb = (await call('/api/v1/deployments/1/workbooks', {method: 'POST', json: {name: 'Sales'}})).body;
    const other = (await call('/api/v1/deployments/1/workbooks', {method: 'POST', json: {name: 'Ops'}})).body;
    const path = `/api/v1/deployments/1/workbooks/${wb.id}/embed-access`;
    const initial = await call(path);
    expect(initial.body).toEqual({allowEmbed: false, allEmbedUsers: {enabled: false, action: 'none', groupId: null}, tenants: []});
    conforms('EmbedAccessResponse', initial.body);

    const granted = await call(path, {method: 'PUT', json: {allowEmbed: true, embedTenantName: 'acme', action: 'read'}});
    expect(granted.body).toMatchObject({allowEmbed: true, tenants: [{embedTenantName: 'acme', action: 'read', groupId: expect.any(Number)}]});
    conforms('EmbedAccessResponse', granted.body);
    await call(`/api/v1/deployments/1/workbooks/${other.id}/embed-access`, {method: 'PUT', json: {allowEmbed: true, allEmbedUsers: true}});

    const readable = await call('/api/v1/deployments/1/embed-tenants/acme/workbooks');
    expect(readable.body.items.map((w: {id: number}) => w.id)).toEqual([wb.id, other.id]);
    conforms('EmbedTenantWorkbooksListResponse', readable.body);
    expect((await call('/api/v1/deployments/1/embed-tenants/acme/workbooks?accessSource=tenant')).body.items.map((w: {id: number}) => w.id)).toEqual([wb.id]);
    expect((await call('/api/v1/deployments/1/embed-tenants/beta/workbooks')).body.items.map((w: {id: number}) => w.id)).toEqual([other.id]);
    // The workbook itself does not show the access it carries.
    expect((await call(`/api/v1/deployments/1/workbooks/${wb.id}`)).body.embedAccess).toBeUndefined();

    await call(path, {method: 'PUT', json: {embedTenantName: 'acme', action: 'none'}});
    expect((await call('/api/v1/deployments/1/embed-tenants/acme/workbooks?accessSource=tenant')).body.items).toEqual([]);
    expect((await call(path, {method: 'PUT', json: {action: 'read'}})).status).toBe(400);
    expect((await call('/api/v1/deployments/1/workbooks/999999/embed-access')).status).toBe(404);
  });

  it('a key scoped to another deployment gets nothing', async () => {
    const deployments = (await call('/api/v1/deployments?first=3')).body.items as Array<{id: number}>;
    const other = deployments.find((d) => d.id !== 1)!;
    const wb = (await call(`/api/v1/deployments/${other.id}/workbooks`, {method: 'POST', json: {name: 'Hidden'}})).body;
    const res = await call(`/api/v1/deployments/${other.id}/workbooks/${wb.id}/embed-access`, {key: t.scopedKey});
    expect(res.status).toBe(403);
  });
});

describe('Usage Analytics and my settings', () => {
  it('issues a data token that the data API of the named deployment accepts', async () => {
    const res = await call('/api/v1/usage-analytics/token', {method: 'POST'});
    expect(res.status).toBe(200);
    conforms('UsageAnalyticsTokenResponse', res.body);
    const url = new URL(res.body.apiUrl);
    expect(url.pathname).toBe(`/data/${res.body.deploymentId}/cubejs-api/v1`);
    const meta = await t.app.request(`${url.pathname}/load?query=${encodeURIComponent('{"measures":[]}')}`, {headers: {authorization: res.body.token}});
    expect([200, 400]).toContain(meta.status);
  });

  it('PATCH /users/me/settings changes only the caller, keeps omitted settings and clears nulls', async () => {
    const first = await call('/api/v1/users/me/settings', {method: 'PATCH', json: {theme: 'dark', locale: 'de-DE', timezone: 'Europe/Berlin'}});
    expect(first.status).toBe(200);
    expect(first.body.settings).toEqual({theme: 'dark', locale: 'de-DE', timezone: 'Europe/Berlin'});
    conforms('User', first.body);
    const second = await call('/api/v1/users/me/settings', {method: 'PATCH', json: {locale: null, alternatingRowColors: true}});
    expect(second.body.settings).toEqual({theme: 'dark', timezone: 'Europe/Berlin', alternatingRowColors: true});
    expect((await call('/api/v1/users/me/settings', {method: 'PATCH', json: {colour: 'red'}})).status).toBe(400);
    expect((await call('/api/v1/users/me/settings', {method: 'PATCH', key: null, json: {theme: 'x'}})).status).toBe(401);
    // A read-only key cannot write, not even its user's settings.
    expect((await call('/api/v1/users/me/settings', {method: 'PATCH', key: t.scopedKey, json: {theme: 'x'}})).status).toBe(403);
  });
});

describe('Reports in spreadsheets, workbook dashboards and the shared workspace', () => {
  it('connects a report to a sheet, shows it stale after the query changes, refreshes and disconnects it', async () => {
    const report = (await call('/api/v1/deployments/1/reports', {method: 'POST', json: {name: 'Revenue', jsonQuery: '{"measures":["orders.count"]}'}})).body;
    const path = `/api/v1/deployments/1/reports/${report.id}`;
    const connected = await call(`${path}/connect-workbook`, {method: 'PUT', json: {externalWorkbookId: 'sheet-1', resultLocation: 'Sheet1!A1:C10', anchorCell: 'A1', host: 'GOOGLE_SHEETS', placementId: 'p-1'}});
    expect(connected.status).toBe(200);
    expect(connected.body).toMatchObject({externalWorkbookId: 'sheet-1', externalWorkbookPlacements: [{id: 'p-1', workbookId: 'sheet-1', syncStatus: 'UP_TO_DATE'}]});
    conforms('Report', connected.body);
    await call(path, {method: 'PUT', json: {jsonQuery: '{"measures":["orders.total"]}'}});
    const stale = await call(`${path}/refresh`, {method: 'PUT', json: {placementId: 'nope'}});
    expect(stale.status).toBe(404);
    const refreshed = await call(`${path}/refresh`, {method: 'PUT', json: {placementId: 'p-1'}});
    expect(refreshed.body.externalWorkbookPlacements[0]).toMatchObject({syncStatus: 'UP_TO_DATE', refreshedAt: expect.any(String), refreshedByUserId: refreshed.body.userId});
    expect(refreshed.body.refreshedBy).toBe(refreshed.body.userId);
    conforms('Report', refreshed.body);
    const gone = await call(`${path}/connect-workbook`, {method: 'DELETE', json: {externalWorkbookId: 'sheet-1'}});
    expect(gone.body.externalWorkbookPlacements).toEqual([]);
    conforms('Report', gone.body);
    expect((await call(`${path}/connect-workbook`, {method: 'PUT', json: {externalWorkbookId: 'sheet-1'}})).status).toBe(400);
  });

  it('getReport and the report list carry the owner and who refreshed it, as the reference requires', async () => {
    const report = (await call('/api/v1/deployments/1/reports', {method: 'POST', json: {name: 'Owners', jsonQuery: '{"measures":["orders.count"]}'}})).body;
    const one = await call(`/api/v1/deployments/1/reports/${report.id}`);
    expect(one.body).toMatchObject({userId: expect.any(Number), user: {email: expect.any(String)}, refreshedByUser: {id: one.body.userId}});
    conforms('Report', one.body);
    const list = await call('/api/v1/deployments/1/reports');
    expect(list.body.items.find((r: {id: number}) => r.id === report.id)).toMatchObject({userId: one.body.userId, user: one.body.user});
    conforms('ReportsListResponse', list.body);
  });

  it('saves a dashboard draft, publishes it, points an AI widget at a thread, and lists the workbook as shared', async () => {
    const wb = (await call('/api/v1/deployments/1/workbooks', {method: 'POST', json: {name: 'Board'}})).body;
    const hidden = (await call('/api/v1/deployments/1/workbooks', {method: 'POST', json: {name: 'Private'}})).body;
    const draft = {title: 'Board', widgets: [{id: 'w-ai', type: 'AI', position: {x: 0, y: 0, w: 4, h: 3}}, {id: 'w-text', type: 'TEXT', position: {x: 4, y: 0, w: 4, h: 1}}]};
    const saved = await call(`/api/v1/deployments/1/workbooks/${wb.id}/dashboard`, {method: 'PUT', json: {dashboardDraft: draft}});
    expect(saved.body).toEqual({dashboardDraft: draft, dashboardPublished: null});
    conforms('WorkbookDashboard', saved.body);
    const thread = (json: object) => call(`/api/v1/deployments/1/workbooks/${wb.id}/dashboard/ai-widget-thread`, {method: 'POST', json});
    expect((await thread({widgetId: 'w-ai', threadId: 't-1'})).status).toBe(404);
    const published = await call(`/api/v1/deployments/1/workbooks/${wb.id}/publish`, {method: 'POST', json: {workbookId: wb.id}});
    expect(published.body).toMatchObject({config: draft, versionNumber: 1});
    conforms('Dashboard', published.body);
    const pointed = await thread({widgetId: 'w-ai', threadId: 't-1'});
    expect(pointed.status).toBe(200);
    expect(pointed.body.versionNumber).toBe(2);
    expect(pointed.body.config.widgets[0].config).toEqual({threadId: 't-1'});
    conforms('Dashboard', pointed.body);
    expect((await thread({widgetId: 'w-text', threadId: 't-1'})).status).toBe(409);
    expect((await thread({widgetId: 'w-ai', threadId: 't-2', checksum: 'stale'})).status).toBe(409);

    const shared = await call('/api/v1/deployments/1/shared-workspace');
    expect(shared.body.items.map((w: {id: number}) => w.id)).toEqual([wb.id]);
    expect(shared.body.items.map((w: {id: number}) => w.id)).not.toContain(hidden.id);
    conforms('WorkspaceConnectionResponse', shared.body);
    expect((await call('/api/v1/deployments/1/shared-workspace?types=REPORT')).body.items).toEqual([]);
    expect((await call('/api/v1/deployments/1/shared-workspace?orderByField=size')).status).toBe(400);
  });
});

describe('Embed sessions', () => {
  it('a session is exchanged for a data token with its security context until it is revoked or expires', async () => {
    const opened = await call('/api/v1/embed/generate-session', {method: 'POST', json: {deploymentId: 1, externalId: 'viewer-1', embedTenantName: 'acme', securityContext: {tenant: 'acme'}}});
    expect(opened.status).toBe(200);
    conforms('GenerateSessionResponse', opened.body);
    const sessionId = opened.body.sessionId as string;
    // Never starts with '-' (a command line would read it as an option): hex.
    expect(sessionId).toMatch(/^[0-9a-f]{32}$/);
    expect((await call('/api/v1/embed-tenants/acme/users')).body.items.map((u: {externalId: string}) => u.externalId)).toEqual(['viewer-1']);

    const exchanged = await call('/api/v1/embed/session/token', {method: 'POST', json: {sessionId}});
    expect(exchanged.status).toBe(200);
    conforms('GenerateEmbedTokenResponse', exchanged.body);
    const claims = JSON.parse(Buffer.from(String(exchanged.body.token).split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({scope: 'data', deploymentId: 1, security_context: {tenant: 'acme'}, sub: 'viewer-1'});
    // The token is refused on the management API.
    expect((await call('/api/v1/deployments', {key: exchanged.body.token})).status).toBeGreaterThanOrEqual(401);

    // A key scoped to another deployment cannot exchange or revoke it: the policy refuses the session's deployment.
    const scopedTo = (await call('/api/v1/users/me', {key: t.scopedKey})).body.credential.deploymentIds as number[];
    const elsewhere = (await call('/api/v1/embed/generate-session', {method: 'POST', json: {deploymentId: scopedTo[0]! + 1, externalId: 'viewer-2'}})).body.sessionId;
    const refused = await call('/api/v1/embed/session/token', {method: 'POST', key: t.scopedKey, json: {sessionId: elsewhere}});
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(`this credential is not authorized for deployment ${scopedTo[0]! + 1}`);
    expect((await call('/api/v1/embed/session/revoke', {method: 'POST', key: t.scopedKey, json: {sessionId: elsewhere}})).status).toBe(403);
    expect((await call('/api/v1/embed/session/revoke', {method: 'POST', json: {sessionId}})).status).toBe(200);
    expect((await call('/api/v1/embed/session/token', {method: 'POST', json: {sessionId}})).status).toBe(403);
    expect((await call('/api/v1/embed/session/token', {method: 'POST', json: {sessionId: 'made-up'}})).status).toBe(404);

    const late = (await call('/api/v1/embed/generate-session', {method: 'POST', json: {deploymentId: 1, isEphemeral: true}})).body.sessionId;
    t.clock.advance(25 * 3600 * 1000);
    expect((await call('/api/v1/embed/session/token', {method: 'POST', json: {sessionId: late}})).status).toBe(403);
    expect((await call('/api/v1/embed/generate-session', {method: 'POST', json: {deploymentId: 1}})).status).toBe(400);
  });
});

describe('Comments on published dashboards', () => {
  it('threads, replies, own edits and removals, resolving, and mentionable embed users', async () => {
    const wb = (await call('/api/v1/deployments/1/workbooks', {method: 'POST', json: {name: 'Commented'}})).body;
    const publicId = (await call(`/api/v1/deployments/1/workbooks/${wb.id}/publish`, {method: 'POST', json: {workbookId: wb.id}})).body.publicId;
    const base = `/api/v1/embed/dashboard/${publicId}/comments`;
    const root = await call(base, {method: 'POST', json: {body: 'Why did revenue drop?'}});
    expect(root.status).toBe(200);
    expect(root.body).toMatchObject({body: 'Why did revenue drop?', isOwn: true, dashboardId: publicId});
    conforms('EmbedDashboardCommentDto', root.body);
    const reply = (await call(base, {method: 'POST', json: {body: 'Holidays.', parentId: root.body.id}})).body;
    expect((await call(base, {method: 'POST', json: {body: 'x', parentId: reply.id}})).status).toBe(400);
    const edited = await call(`${base}/${reply.id}`, {method: 'PATCH', json: {body: 'Public holidays.'}});
    expect(edited.body).toMatchObject({body: 'Public holidays.', editedAt: expect.any(String)});

    // Another user may read but not change or remove it.
    const other = await call('/api/v1/users', {method: 'POST', json: {email: 'critic@example.com', username: 'critic'}});
    const key = (await call('/api/v1/api-keys', {method: 'POST', json: {name: 'critic', userId: other.body.id}})).body.key;
    expect((await call(`${base}/${reply.id}`, {method: 'PATCH', key, json: {body: 'mine now'}})).status).toBe(403);
    expect((await call(`${base}/${reply.id}`, {method: 'DELETE', key})).status).toBe(403);
    expect((await call(base, {key})).body.items[0].root.isOwn).toBe(false);

    const list = await call(base);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0].replies.map((r: {body: string}) => r.body)).toEqual(['Public holidays.']);
    conforms('EmbedDashboardCommentThreadsListResponse', list.body);
    const resolved = await call(`${base}/${root.body.id}/resolve`, {method: 'POST', json: {resolved: true}});
    expect(resolved.body.resolvedAt).toEqual(expect.any(String));
    conforms('EmbedDashboardCommentThreadDto', resolved.body);
    expect((await call(base)).body.items).toEqual([]);
    expect((await call(`${base}?resolvedOnly=true`)).body.items).toHaveLength(1);
    expect(await call(`${base}/${reply.id}`, {method: 'DELETE'})).toMatchObject({status: 200, body: {success: true}});
    expect((await call(`${base}?includeResolved=true`)).body.items[0].replies[0]).toMatchObject({body: '', removedAt: expect.any(String)});

    await call('/api/v1/embed-tenants/acme/user', {method: 'POST', json: {externalId: 'v-1', email: 'v1@acme.example'}});
    await call('/api/v1/embed-tenants/beta/user', {method: 'POST', json: {externalId: 'v-2'}});
    expect((await call(`${base}/mentionable-users`)).body.items).toEqual([]);
    await call(`/api/v1/deployments/1/workbooks/${wb.id}/embed-access`, {method: 'PUT', json: {allowEmbed: true, embedTenantName: 'acme'}});
    const mentionable = await call(`${base}/mentionable-users`);
    expect(mentionable.body.items.map((u: {username: string}) => u.username)).toEqual(['v1@acme.example']);
    conforms('EmbedMentionableUsersListResponse', mentionable.body);
    expect((await call('/api/v1/embed/dashboard/AAAAAAAAAAAA/comments')).status).toBe(404);
  });
});

describe('Python analysis over a dashboard (postDashboardPythonRun)', () => {
  it('checks who asks, the dashboard and the body, then answers that Python analysis is not enabled here', async () => {
    const wb = (await call('/api/v1/deployments/1/workbooks', {method: 'POST', json: {name: 'Py'}})).body;
    const publicId = (await call(`/api/v1/deployments/1/workbooks/${wb.id}/publish`, {method: 'POST', json: {workbookId: wb.id}})).body.publicId;
    const run = (id: string, json: unknown, key?: string | null) =>
      call(`/api/v1/embed/dashboard/${id}/python-run`, {method: 'POST', json, ...(key !== undefined ? {key} : {})});
    const body = {reportId: 1, reportVersionId: 1, sqlQuery: 'SELECT 1'};
    expect((await run(publicId, body, null)).status).toBe(401);
    expect((await run('AAAAAAAAAAAA', body)).status).toBe(404);
    expect((await run(publicId, {...body, reportId: 'one'})).status).toBe(400);
    expect((await run(publicId, {reportId: 1, sqlQuery: 'SELECT 1'})).status).toBe(400);
    const refused = await run(publicId, body);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain('Python analysis is not enabled for this account');
  });
});
