// Account and workspace objects through HTTP: every kind of the resource table (CRUD, paging, filters, 400s,
// 401/403), the singletons, attribute values, workspace, and the spec.
import {describe, expect, it} from 'vitest';
import {testAppEach} from '../helpers/startService.js';

const t = testAppEach('demo');

const post = (path: string, json: unknown, key?: string) => t.call(path, {method: 'POST', json, ...(key ? {key} : {})});
const put = (path: string, json: unknown) => t.call(path, {method: 'PUT', json});

describe('folders, workbooks and reports of a deployment', () => {
  it('creates, lists with filters, updates and deletes folders', async () => {
    const top = await post('/api/v1/deployments/1/folders', {name: 'Finance'});
    expect(top.status).toBe(200);
    expect(top.body).toMatchObject({id: expect.any(Number), deploymentId: 1, name: 'Finance', parentId: null, position: 0, type: 'FOLDER'});
    const child = await post('/api/v1/deployments/1/folders', {name: 'Quarterly', parentId: top.body.id});
    expect(child.body.parentId).toBe(top.body.id);
    const all = await t.call('/api/v1/deployments/1/folders');
    expect(all.body).toMatchObject({count: 2, pageInfo: {hasNextPage: false}});
    expect(all.body.data).toEqual(all.body.items);
    const children = await t.call(`/api/v1/deployments/1/folders?parentId=${top.body.id}`);
    expect(children.body.items.map((f: {name: string}) => f.name)).toEqual(['Quarterly']);
    const renamed = await put(`/api/v1/deployments/1/folders/${child.body.id}`, {name: 'Q reports'});
    expect(renamed.body).toMatchObject({name: 'Q reports', parentId: top.body.id});
    expect((await t.call(`/api/v1/deployments/1/folders/${child.body.id}`, {method: 'DELETE'})).body).toEqual({success: true});
    expect((await t.call(`/api/v1/deployments/1/folders/${child.body.id}`, {method: 'DELETE'})).status).toBe(404);
    expect((await t.call('/api/v1/deployments/2/folders')).body.items).toEqual([]);
  });

  it('pages with first/after', async () => {
    for (let i = 0; i < 5; i++) await post('/api/v1/deployments/1/workbooks', {name: `wb ${i}`});
    const one = await t.call('/api/v1/deployments/1/workbooks?first=2');
    expect(one.body.items.map((w: {name: string}) => w.name)).toEqual(['wb 0', 'wb 1']);
    expect(one.body.pageInfo.hasNextPage).toBe(true);
    const two = await t.call(`/api/v1/deployments/1/workbooks?first=2&after=${one.body.pageInfo.endCursor}`);
    expect(two.body.items.map((w: {name: string}) => w.name)).toEqual(['wb 2', 'wb 3']);
    const three = await t.call(`/api/v1/deployments/1/workbooks?first=2&after=${two.body.pageInfo.endCursor}`);
    expect(three.body.items.map((w: {name: string}) => w.name)).toEqual(['wb 4']);
    expect(three.body.pageInfo.hasNextPage).toBe(false);
    expect((await t.call('/api/v1/deployments/1/workbooks?first=0')).status).toBe(400);
    expect((await t.call('/api/v1/deployments/1/workbooks?after=!!')).status).toBe(400);
  });

  it('keeps references valid and slugs unique', async () => {
    expect((await post('/api/v1/deployments/1/workbooks', {name: 'x', folderId: 99999})).status).toBe(400);
    const wb = await post('/api/v1/deployments/1/workbooks', {name: 'Sales'});
    const other = await post('/api/v1/deployments/1/workbooks', {name: 'Ops'});
    expect((await put(`/api/v1/deployments/1/workbooks/${wb.body.id}`, {slug: 'sales'})).body.slug).toBe('sales');
    const taken = await put(`/api/v1/deployments/1/workbooks/${other.body.id}`, {slug: 'sales'});
    expect(taken.status).toBe(409);
    const folder = await post('/api/v1/deployments/1/folders', {name: 'Holder'});
    await put(`/api/v1/deployments/1/workbooks/${other.body.id}`, {folderId: folder.body.id});
    const busy = await t.call(`/api/v1/deployments/1/folders/${folder.body.id}`, {method: 'DELETE'});
    expect(busy.status).toBe(409);
    expect(busy.body.error).toMatch(/still holds 1 workbook/);
    await put(`/api/v1/deployments/1/workbooks/${other.body.id}`, {folderId: null});
    expect((await t.call(`/api/v1/deployments/1/folders/${folder.body.id}`, {method: 'DELETE'})).status).toBe(200);
    const bySlug = await put('/api/v1/deployments/1/workbooks/by-slug/sales', {name: 'Sales v2'});
    expect(bySlug.body).toMatchObject({id: wb.body.id, name: 'Sales v2', slug: 'sales'});
    const fresh = await put('/api/v1/deployments/1/workbooks/by-slug/fresh', {name: 'Fresh'});
    expect(fresh.body).toMatchObject({name: 'Fresh', slug: 'fresh'});
    expect(fresh.body.id).not.toBe(wb.body.id);
    expect((await put('/api/v1/deployments/1/workbooks/by-slug/Not_A_Slug', {})).status).toBe(400);
    const copy = await post(`/api/v1/deployments/1/workbooks/${wb.body.id}/duplicate`, {});
    expect(copy.body).toMatchObject({name: 'Sales v2 (copy)', slug: null});
    expect(copy.body.id).not.toBe(wb.body.id);
    const got = await t.call(`/api/v1/deployments/1/workbooks/${wb.body.id}`);
    expect(got.body).toMatchObject({name: 'Sales v2', slug: 'sales', meta: {}, type: 'WORKBOOK'});
    expect((await t.call(`/api/v1/deployments/2/workbooks/${wb.body.id}`)).status).toBe(404);
  });

  it('creates reports with a public id and filters them by workbook and search', async () => {
    const wb = await post('/api/v1/deployments/1/workbooks', {name: 'Sales'});
    const a = await post('/api/v1/deployments/1/reports', {name: 'Revenue by month', workbookId: wb.body.id});
    await post('/api/v1/deployments/1/reports', {name: 'Churn'});
    expect(a.body.publicId).toMatch(/^[0-9A-Za-z]{12}$/);
    expect((await put(`/api/v1/deployments/1/reports/by-public-id/${a.body.publicId}`, {name: 'Revenue (monthly)'})).body).toMatchObject({id: a.body.id, name: 'Revenue (monthly)'});
    const made = await put('/api/v1/deployments/1/reports/by-public-id/ABCDEFGHJK12', {name: 'Made'});
    expect(made.body).toMatchObject({publicId: 'ABCDEFGHJK12', name: 'Made'});
    expect((await t.call(`/api/v1/deployments/1/reports?workbookId=${wb.body.id}`)).body.items.map((r: {name: string}) => r.name)).toEqual(['Revenue (monthly)']);
    expect((await t.call('/api/v1/deployments/1/reports?search=CHURN')).body.items.map((r: {name: string}) => r.name)).toEqual(['Churn']);
    expect((await t.call('/api/v1/deployments/1/reports')).body.count).toBe(3);
    const bad = await post('/api/v1/deployments/1/reports', {name: 'x', publicId: 'short'});
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/publicId/);
    expect((await post('/api/v1/deployments/1/reports', {nme: 'typo'})).status).toBe(400);
  });
});

describe('account objects', () => {
  it('manages roles with policies; names are unique', async () => {
    const role = await post('/api/v1/roles', {name: 'Analysts', policies: [{resourceType: 'Deployment', resources: ['1'], actions: ['DeploymentRead', 'SchemaRead']}]});
    expect(role.body).toMatchObject({name: 'Analysts', description: null, policies: [{resourceType: 'Deployment'}]});
    expect((await post('/api/v1/roles', {name: 'Analysts', policies: []})).status).toBe(409);
    const badPolicy = await post('/api/v1/roles', {name: 'x', policies: [{resourceType: 'Planet', resources: [], actions: ['All']}]});
    expect(badPolicy.status).toBe(400);
    expect((await put(`/api/v1/roles/${role.body.id}`, {description: 'read only'})).body.description).toBe('read only');
    expect((await t.call(`/api/v1/roles/${role.body.id}`)).body.policies).toHaveLength(1);
    expect((await t.call('/api/v1/roles')).body.items).toHaveLength(1);
    expect((await t.call(`/api/v1/roles/${role.body.id}/users/1`, {method: 'PUT'})).body).toEqual({success: true});
    expect((await t.call(`/api/v1/roles/${role.body.id}`)).body.userIds).toEqual([1]);
    expect((await t.call(`/api/v1/roles/${role.body.id}/users/424242`, {method: 'PUT'})).status).toBe(404);
    await t.call(`/api/v1/roles/${role.body.id}/users/1`, {method: 'DELETE'});
    expect((await t.call(`/api/v1/roles/${role.body.id}`)).body.userIds).toEqual([]);
    expect((await t.call(`/api/v1/roles/${role.body.id}`, {method: 'DELETE'})).status).toBe(200);
  });

  it('creates, updates and deletes users without ever answering a password', async () => {
    const user = await post('/api/v1/users', {email: 'bo@acme.example', username: 'bo', password: 'correct horse'});
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({email: 'bo@acme.example', isAdmin: false, isDeactivated: false});
    expect(JSON.stringify(user.body)).not.toContain('correct horse');
    expect((await post('/api/v1/users', {email: 'bo@acme.example', username: 'bo2'})).status).toBe(409);
    expect((await post('/api/v1/users', {email: 'not-an-email', username: 'x'})).status).toBe(400);
    expect((await put(`/api/v1/users/${user.body.id}`, {isDeactivated: true})).body.isDeactivated).toBe(true);
    expect((await t.call(`/api/v1/users/${user.body.id}`, {method: 'DELETE'})).body).toEqual({success: true});
  });

  it('manages user attributes, filters them, and sets values per user', async () => {
    const region = await post('/api/v1/user-attributes', {name: 'region', type: 'string', defaultValue: 'emea'});
    await post('/api/v1/user-attributes', {name: 'max_rows', type: 'number'});
    expect((await t.call('/api/v1/user-attributes?type=number')).body.items.map((a: {name: string}) => a.name)).toEqual(['max_rows']);
    expect((await t.call('/api/v1/user-attributes?name=REG')).body).toMatchObject({count: 1});
    expect((await post('/api/v1/user-attributes', {name: 'bad name', type: 'string'})).status).toBe(400);
    expect((await post('/api/v1/user-attributes', {name: 'x', type: 'date'})).status).toBe(400);
    expect((await put(`/api/v1/user-attributes/${region.body.id}`, {displayName: 'Region'})).body.displayName).toBe('Region');
    const before = await t.call('/api/v1/user-attribute-values/7');
    expect(before.body.find((v: {name: string}) => v.name === 'region').value).toBe('emea');
    const set = await post('/api/v1/user-attribute-values', {userAttributeId: String(region.body.id), userId: '7', value: 'apac'});
    expect(set.body).toMatchObject({userId: 7, name: 'region', value: 'apac'});
    expect((await t.call('/api/v1/user-attribute-values/7')).body.find((v: {name: string}) => v.name === 'region').value).toBe('apac');
    expect((await post('/api/v1/user-attribute-values', {userAttributeId: '999999', userId: '7'})).status).toBe(400);
  });

  it('manages embed tenant groups with PATCH', async () => {
    const g = await post('/api/v1/embed-tenants/acme-embed/groups', {name: 'viewers'});
    expect(g.body).toMatchObject({name: 'viewers', userCount: 0, description: null});
    const patched = await t.call(`/api/v1/embed-tenants/acme-embed/groups/${g.body.id}`, {method: 'PATCH', json: {description: 'read only'}});
    expect(patched.body.description).toBe('read only');
    expect((await t.call('/api/v1/embed-tenants/other/groups')).body.items).toEqual([]);
    expect((await t.call(`/api/v1/embed-tenants/other/groups/${g.body.id}`)).status).toBe(404);
  });

  it('reads and changes tenant settings; reads the app config', async () => {
    const before = await t.call('/api/v1/tenant/settings');
    expect(before.body).toMatchObject({maintenanceWindowDay: 'Sunday', oidcEnabled: false});
    const after = await put('/api/v1/tenant/settings', {maintenanceWindowEnabled: true, maintenanceWindowTime: '02:30'});
    expect(after.body).toMatchObject({maintenanceWindowEnabled: true, maintenanceWindowTime: '02:30', maintenanceWindowDay: 'Sunday'});
    expect((await put('/api/v1/tenant/settings', {maintenanceWindowTime: '25:00'})).status).toBe(400);
    expect((await put('/api/v1/tenant/settings', {colour: 'red'})).status).toBe(400);
    expect((await t.call('/api/v1/app-config')).body).toMatchObject({applyThemeGlobally: false, restrictDataDownload: false});
  });
});

describe('workspace', () => {
  it('lists folders, workbooks and reports of one folder level, searchable', async () => {
    const folder = await post('/api/v1/deployments/1/folders', {name: 'Sales'});
    await post('/api/v1/deployments/1/workbooks', {name: 'Pipeline', folderId: folder.body.id});
    await post('/api/v1/deployments/1/reports', {name: 'Top accounts'});
    const root = await t.call('/api/v1/deployments/1/workspace');
    expect(root.body.items.map((o: {type: string; name: string}) => `${o.type}:${o.name}`).sort()).toEqual(['FOLDER:Sales', 'REPORT:Top accounts']);
    const inside = await t.call(`/api/v1/deployments/1/workspace?folderId=${folder.body.id}`);
    expect(inside.body.items.map((o: {name: string}) => o.name)).toEqual(['Pipeline']);
    expect((await t.call('/api/v1/deployments/1/workspace?search=top')).body.items).toHaveLength(1);
  });
});

describe('authorization and the spec', () => {
  it('401 without a credential; 403 for a key scoped elsewhere or lacking rights', async () => {
    expect((await t.call('/api/v1/roles', {key: null})).status).toBe(401);
    expect((await t.call('/api/v1/deployments/1/folders', {key: null})).status).toBe(401);
    expect((await t.call('/api/v1/deployments/1/folders', {key: t.scopedKey})).status).toBe(200);
    expect((await t.call('/api/v1/deployments/2/folders', {key: t.scopedKey})).status).toBe(403);
    const write = await post('/api/v1/deployments/1/folders', {name: 'x'}, t.scopedKey);
    expect(write.status).toBe(403);
    expect(write.body.error).toMatch(/DeploymentManage/);
    expect((await t.call('/api/v1/roles', {key: t.scopedKey})).status).toBe(403);
    expect((await t.call('/api/v1/tenant/settings', {key: t.scopedKey})).status).toBe(403);
  });

  it('documents every generated route in /api/v1/spec', async () => {
    const spec = await t.call('/api/v1/spec');
    const ops = Object.values(spec.body.paths as Record<string, Record<string, {operationId: string}>>).flatMap((p) => Object.values(p).map((o) => o.operationId));
    for (const id of ['getFolders', 'createFolder', 'updateFolder', 'deleteFolder', 'getWorkbook', 'getReports', 'createNotification', 'getRoles', 'createUser', 'getUserAttributes', 'updateGroup', 'getTenantSettings', 'updateTenantSettings', 'getAppConfig', 'updateDashboardEmbedding', 'publishDashboard', 'workspaceObjects', 'upsertUserAttributeValue', 'logs', 'pods', 'getEnvVariables', 'setEnvVariables', 'installations', 'connect', 'advanceCreationStep', 'resetCreationStep', 'describeMeta', 'getFolderAncestors', 'moveWorkspaceObject', 'bulkUserAction', 'duplicateWorkbook', 'assignRoleToUser', 'removeRoleFromUser', 'getRecipients', 'addRecipients', 'removeRecipients', 'bulkDeleteWorkspaceObjects', 'bulkMoveWorkspaceObjects', 'upsertWorkbookBySlug', 'upsertReportByPublicId']) {
      expect(ops).toContain(id);
    }
  });
});
