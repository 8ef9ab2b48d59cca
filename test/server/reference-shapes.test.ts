// Issue 24 B5: where the spec says nothing else, the service's answers and accepted bodies follow the platform's
// description: workspace items, report answers on every path, a removed comment's 200, a report's `source`, the
// maintenance day in any case, and embed session ids of the documented 32-hex form. Answers are checked against
// the description's schemas (test/helpers/referenceSchemas.ts; skipped, with the reason printed, without it); the
// behaviour is asserted either way.
import {describe, expect, it} from 'vitest';
import {testAppEach} from '../helpers/startService.js';
import {conforms} from '../helpers/referenceSchemas.js';

const t = testAppEach('demo');

describe('answers in the shape of the description', () => {
  it('every workspace item carries meta and calculatedFields (the description types them as workbooks)', async () => {
    await t.call('/api/v1/deployments/1/folders', {method: 'POST', json: {name: 'Finance'}});
    await t.call('/api/v1/deployments/1/workbooks', {method: 'POST', json: {name: 'Revenue'}});
    await t.call('/api/v1/deployments/1/reports', {method: 'POST', json: {name: 'Monthly'}});
    const res = await t.call('/api/v1/deployments/1/workspace');
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: {type: string}) => i.type).sort()).toEqual(['FOLDER', 'REPORT', 'WORKBOOK']);
    for (const item of res.body.items) expect(item).toMatchObject({meta: expect.any(Object), calculatedFields: expect.any(Object)});
    conforms('WorkspaceConnectionResponse', res.body);
  });

  it('move and bulk move answer workspace items too: meta and calculatedFields on a moved report and folder', async () => {
    const folder = (await t.call('/api/v1/deployments/1/folders', {method: 'POST', json: {name: 'Finance'}})).body;
    const sub = (await t.call('/api/v1/deployments/1/folders', {method: 'POST', json: {name: 'Archive'}})).body;
    const report = (await t.call('/api/v1/deployments/1/reports', {method: 'POST', json: {name: 'Monthly'}})).body;
    const moved = await t.call('/api/v1/deployments/1/workspace/move', {method: 'POST', json: {id: report.id, type: 'REPORT', folderId: folder.id}});
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({id: report.id, folderId: folder.id, meta: {}, calculatedFields: {}});
    conforms('Workbook', moved.body);
    const bulk = await t.call('/api/v1/deployments/1/workspace/bulk-move', {method: 'POST', json: {folderId: folder.id, items: [{id: sub.id, type: 'FOLDER'}]}});
    expect(bulk.status).toBe(200);
    expect(bulk.body.moved).toEqual([expect.objectContaining({id: sub.id, parentId: folder.id, meta: {}, calculatedFields: {}})]);
    conforms('BulkMoveWorkspaceObjectsResponse', bulk.body);
  });

  it('a report names its owner and who refreshed it on create and update, as on get', async () => {
    const admin = (await t.call('/api/v1/users/me')).body;
    const created = await t.call('/api/v1/deployments/1/reports', {method: 'POST', json: {name: 'Monthly', source: 'EXCEL'}});
    expect(created.status).toBe(200);
    const owner = {id: admin.id, email: admin.email};
    expect(created.body).toMatchObject({source: 'EXCEL', userId: admin.id, user: owner, refreshedByUser: owner});
    conforms('Report', created.body);
    const updated = await t.call(`/api/v1/deployments/1/reports/${created.body.id}`, {method: 'PUT', json: {title: 'Monthly revenue'}});
    expect(updated.body).toMatchObject({title: 'Monthly revenue', source: 'EXCEL', userId: admin.id, user: owner, refreshedByUser: owner});
    conforms('Report', updated.body);
    const upserted = await t.call('/api/v1/deployments/1/reports/by-public-id/AbCdEf123456', {method: 'PUT', json: {name: 'Upserted'}});
    expect(upserted.body).toMatchObject({userId: admin.id, user: owner});
    conforms('Report', upserted.body);
    expect((await t.call(`/api/v1/deployments/1/reports/${created.body.id}`)).body).toEqual(updated.body);
  });

  it('a report source outside the description’s list is refused, naming the field', async () => {
    const res = await t.call('/api/v1/deployments/1/reports', {method: 'POST', json: {name: 'x', source: 'sql'}});
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/source/);
  });

  it('the maintenance day is taken in any case and kept as one spelling', async () => {
    for (const day of ['SATURDAY', 'saturday', 'Saturday']) {
      const res = await t.call('/api/v1/tenant/settings', {method: 'PUT', json: {maintenanceWindowDay: day}});
      expect(res.status, day).toBe(200);
      expect(res.body.maintenanceWindowDay).toBe('Saturday');
      conforms('TenantSettings', res.body);
    }
    const bad = await t.call('/api/v1/tenant/settings', {method: 'PUT', json: {maintenanceWindowDay: 'Caturday'}});
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/maintenanceWindowDay/);
  });

  it('removing a comment answers 200 with a body, as the description has it', async () => {
    const wb = (await t.call('/api/v1/deployments/1/workbooks', {method: 'POST', json: {name: 'Commented'}})).body;
    const publicId = (await t.call(`/api/v1/deployments/1/workbooks/${wb.id}/publish`, {method: 'POST', json: {workbookId: wb.id}})).body.publicId;
    const comment = (await t.call(`/api/v1/embed/dashboard/${publicId}/comments`, {method: 'POST', json: {body: 'hm'}})).body;
    const removed = await t.call(`/api/v1/embed/dashboard/${publicId}/comments/${comment.id}`, {method: 'DELETE'});
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({success: true});
  });

  it('embed session ids have the documented form (32 lowercase hex digits); revoke refuses any other', async () => {
    const {sessionId} = (await t.call('/api/v1/embed/generate-session', {method: 'POST', json: {deploymentId: 1, externalId: 'viewer-1'}})).body;
    expect(sessionId).toMatch(/^[0-9a-f]{32}$/);
    conforms('RevokeEmbedSessionInput', {sessionId});
    const malformed = await t.call('/api/v1/embed/session/revoke', {method: 'POST', json: {sessionId: `${sessionId}00`}});
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatch(/sessionId/);
    expect((await t.call('/api/v1/embed/session/revoke', {method: 'POST', json: {sessionId}})).status).toBe(200);
  });
});
