// Object operations beyond CRUD through HTTP: publishing and embedding dashboards, notification schedules and
// recipients, folder ancestors, moves and bulk operations, bulk user actions, and meta selectors.
import {describe, expect, it} from 'vitest';
import {testAppEach} from '../helpers/startService.js';

const t = testAppEach('demo');

const post = (path: string, json: unknown, key?: string) => t.call(path, {method: 'POST', json, ...(key ? {key} : {})});
const put = (path: string, json: unknown) => t.call(path, {method: 'PUT', json});

describe('dashboards, embedding and notifications', () => {
  it('publishes a workbook, enables and disables embedding, and schedules a notification', async () => {
    const wb = await post('/api/v1/deployments/1/workbooks', {name: 'Exec'});
    const dash = await post(`/api/v1/deployments/1/workbooks/${wb.body.id}/publish`, {workbookId: wb.body.id});
    expect(dash.body).toMatchObject({title: 'Exec', allowEmbed: false, status: 'published', publicId: expect.stringMatching(/^[0-9A-Za-z]{12}$/)});
    const publicId = dash.body.publicId;
    const on = await t.call(`/api/v1/embed/dashboard/${publicId}`, {method: 'PATCH', json: {allowEmbed: true}});
    expect(on.body).toEqual({publicId, allowEmbed: true});
    expect((await t.call(`/api/v1/embed/dashboard/${publicId}`)).body.allowEmbed).toBe(true);
    expect((await t.call(`/api/v1/embed/dashboard/${publicId}`, {method: 'PATCH', json: {}})).status).toBe(400);
    expect((await t.call('/api/v1/embed/dashboard/AAAAAAAAAAAA', {method: 'PATCH', json: {allowEmbed: true}})).status).toBe(404);
    // The scoped key may read deployment 1's dashboard but not one of deployment 2.
    expect((await t.call(`/api/v1/embed/dashboard/${publicId}`, {key: t.scopedKey!})).status).toBe(200);
    const wb2 = await post('/api/v1/deployments/2/workbooks', {name: 'Other'});
    const dash2 = await post(`/api/v1/deployments/2/workbooks/${wb2.body.id}/publish`, {workbookId: wb2.body.id});
    expect((await t.call(`/api/v1/embed/dashboard/${dash2.body.publicId}`, {key: t.scopedKey!})).status).toBe(403);

    const weekly = await post('/api/v1/deployments/1/notifications', {dashboardPublicId: publicId, scheduleType: 'WEEKLY', dayOfWeek: 1, hour: 8, minute: 30});
    expect(weekly.body).toMatchObject({dashboardId: dash.body.id, cronExpression: '30 8 * * 1', humanReadableSchedule: 'Every Monday at 08:30 (UTC)', isEnabled: true});
    const changed = await put(`/api/v1/deployments/1/notifications/${weekly.body.id}`, {scheduleType: 'DAILY', isEnabled: false});
    expect(changed.body).toMatchObject({cronExpression: '30 8 * * *', isEnabled: false});
    expect((await t.call(`/api/v1/deployments/1/notifications?dashboardId=${dash.body.id}`)).body.items).toHaveLength(1);
    const custom = await post('/api/v1/deployments/1/notifications', {dashboardId: dash.body.id, scheduleType: 'CUSTOM'});
    expect(custom.status).toBe(400);
    expect(custom.body.error).toMatch(/customCron/);
    expect((await post('/api/v1/deployments/1/notifications', {dashboardId: 424242, scheduleType: 'DAILY'})).status).toBe(400);
  });
});

describe('ancestors, moves and bulk user actions', () => {
  it('lists the ancestors of a folder and moves objects between folders, never into themselves', async () => {
    const a = await post('/api/v1/deployments/1/folders', {name: 'A'});
    const b = await post('/api/v1/deployments/1/folders', {name: 'B', parentId: a.body.id});
    const c = await post('/api/v1/deployments/1/folders', {name: 'C', parentId: b.body.id});
    const up = await t.call(`/api/v1/deployments/1/folders/${c.body.id}/ancestors`);
    expect(up.body.map((f: {name: string}) => f.name)).toEqual(['A', 'B']);
    const loop = await post('/api/v1/deployments/1/workspace/move', {id: a.body.id, type: 'FOLDER', folderId: c.body.id});
    expect(loop.status).toBe(400);
    expect(loop.body.error).toMatch(/cannot move into itself/);
    const wb = await post('/api/v1/deployments/1/workbooks', {name: 'W'});
    const moved = await post('/api/v1/deployments/1/workspace/move', {id: wb.body.id, type: 'WORKBOOK', folderId: b.body.id});
    expect(moved.body).toMatchObject({id: wb.body.id, folderId: b.body.id});
    expect((await post('/api/v1/deployments/1/workspace/move', {id: wb.body.id, type: 'REPORT'})).status).toBe(404);
    expect((await post('/api/v1/deployments/1/workspace/move', {id: wb.body.id, type: 'SHEET'})).status).toBe(400);
  });

  it('deactivates, activates and deletes users in bulk, reporting the unknown ones', async () => {
    const a = await post('/api/v1/users', {email: 'a@acme.example', username: 'a'});
    const b = await post('/api/v1/users', {email: 'b@acme.example', username: 'b'});
    const off = await post('/api/v1/users/bulk', {action: 'DEACTIVATE', userIds: [a.body.id, b.body.id, 999999]});
    expect(off.body).toEqual({action: 'DEACTIVATE', succeeded: [a.body.id, b.body.id], failed: [{userId: 999999, error: 'user 999999 not found'}]});
    expect((await post('/api/v1/users/bulk', {action: 'DELETE', userIds: [a.body.id]})).body.succeeded).toEqual([a.body.id]);
    expect((await put(`/api/v1/users/${a.body.id}`, {isAdmin: true})).status).toBe(404);
    expect((await post('/api/v1/users/bulk', {action: 'PURGE', userIds: [1]})).status).toBe(400);
    expect((await post('/api/v1/users/bulk', {action: 'DELETE', userIds: [b.body.id]}, t.scopedKey)).status).toBe(403);
  });
});

describe('notification recipients and workspace bulk operations', () => {
  it('adds recipients once per person or channel, lists them apart from the notification, removes them', async () => {
    const wb = await post('/api/v1/deployments/1/workbooks', {name: 'R'});
    const dash = await post(`/api/v1/deployments/1/workbooks/${wb.body.id}/publish`, {workbookId: wb.body.id});
    const n = await post('/api/v1/deployments/1/notifications', {dashboardId: dash.body.id, scheduleType: 'DAILY'});
    const path = `/api/v1/deployments/1/notifications/${n.body.id}/recipients`;
    const first = await post(path, {recipients: [{type: 'USER', email: 'Ann@acme.example'}, {type: 'SLACK', channelId: 'C1', channelName: 'ops'}]});
    expect(first.body.createdRecipients).toHaveLength(2);
    const second = await post(path, {recipients: [{type: 'USER', email: 'Ann@acme.example'}, {type: 'SLACK', channelId: 'C1', channelName: 'ops-alerts'}]});
    expect(second.body).toMatchObject({createdRecipients: [], updatedRecipients: [expect.objectContaining({channelName: 'ops-alerts'})]});
    expect(second.body.unchangedRecipients).toEqual([expect.objectContaining({email: 'Ann@acme.example'})]);
    // The same address in other letter case is the same person.
    expect((await post(path, {recipients: [{type: 'USER', email: 'ann@ACME.example'}]})).body.createdRecipients).toEqual([]);
    expect((await t.call(path)).body.items).toHaveLength(2);
    expect((await t.call(`/api/v1/deployments/1/notifications/${n.body.id}`)).body).not.toHaveProperty('recipients');
    expect((await post(path, {recipients: [{type: 'SLACK'}]})).body.error).toMatch(/channelId/);
    expect((await post(path, {recipients: [{type: 'EMBED_USER', externalId: 'x'}]})).status).toBe(400);
    await t.call(path, {method: 'DELETE', json: {recipients: [{type: 'SLACK', id: 'C1'}]}});
    expect((await t.call(path)).body.items.map((r: {type: string}) => r.type)).toEqual(['USER']);
    expect((await t.call('/api/v1/deployments/1/notifications/999999/recipients')).status).toBe(404);
  });

  it('bulk-moves and bulk-deletes, reporting each failure with its status', async () => {
    const f = await post('/api/v1/deployments/1/folders', {name: 'Box'});
    const w = await post('/api/v1/deployments/1/workbooks', {name: 'W'});
    const r = await post('/api/v1/deployments/1/reports', {name: 'R'});
    const moved = await post('/api/v1/deployments/1/workspace/bulk-move', {folderId: f.body.id, items: [{id: w.body.id, type: 'WORKBOOK'}, {id: r.body.id, type: 'REPORT'}, {id: f.body.id, type: 'FOLDER'}, {id: 999999, type: 'REPORT'}]});
    expect(moved.body.moved.map((o: {id: number}) => o.id)).toEqual([w.body.id, r.body.id]);
    expect(moved.body.failed).toEqual([
      {id: f.body.id, type: 'FOLDER', error: {status: 400, message: expect.stringMatching(/into itself/)}},
      {id: 999999, type: 'REPORT', error: {status: 404, message: 'report 999999 not found'}},
    ]);
    const del = await post('/api/v1/deployments/1/workspace/bulk-delete', {items: [{id: f.body.id, type: 'FOLDER'}, {id: w.body.id, type: 'WORKBOOK'}]});
    expect(del.body.deleted).toEqual([{id: w.body.id, type: 'WORKBOOK'}]);
    expect(del.body.failed[0]).toMatchObject({id: f.body.id, error: {status: 409}});
    expect((await post('/api/v1/deployments/1/workspace/bulk-delete', {items: []})).status).toBe(400);
  });
});

describe('meta', () => {
  it('describes the cubes of a deployment chosen by selectors, filtered by type and name', async () => {
    const all = await post('/api/v1/meta', {selectors: [{type: 'cube', deploymentId: 1, environment: 'production'}]});
    expect(all.status).toBe(200);
    expect(all.body.items.length).toBeGreaterThan(0);
    expect(all.body.items.every((m: {type: string; deploymentId: number}) => m.type === 'cube' && m.deploymentId === 1)).toBe(true);
    const name = all.body.items[0].name as string;
    const one = await post('/api/v1/meta', {selectors: [{deploymentId: 1, name}]});
    expect(one.body.items).toHaveLength(1);
    expect(one.body.items[0].measures.length + one.body.items[0].dimensions.length).toBeGreaterThan(0);
    expect((await post('/api/v1/meta', {selectors: []})).status).toBe(400);
    expect((await post('/api/v1/meta', {selectors: [{deploymentId: 1, environment: 'no-such-branch'}]})).status).toBe(404);
    expect((await post('/api/v1/meta', {selectors: [{deploymentId: 1}]}, t.scopedKey)).status).toBe(200);
    expect((await post('/api/v1/meta', {selectors: [{deploymentId: 2}]}, t.scopedKey)).status).toBe(403);
  });
});
