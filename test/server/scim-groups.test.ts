// SCIM Groups and discovery through HTTP: members, displayName filter, PatchOp on members, and the
// ServiceProviderConfig / ResourceTypes / Schemas documents; SCIM operations in the OpenAPI document.
import {beforeEach, describe, expect, it} from 'vitest';
import {SCIM_ACCOUNT_SCHEMA, SCIM_ENTERPRISE_SCHEMA, SCIM_GROUP_SCHEMA, SCIM_LIST_SCHEMA, SCIM_PATCH_SCHEMA, SCIM_USER_SCHEMA} from '../../src/contract/scim.js';
import {scimAppEach} from '../helpers/scim.js';

const {t, scim} = scimAppEach();
let ann: string;
let bob: string;
let cid: string;
const patchOp = (...Operations: unknown[]) => ({schemas: [SCIM_PATCH_SCHEMA], Operations});
const memberIds = (body: {members?: Array<{value: string}>}) => (body.members ?? []).map((m) => m.value);

beforeEach(async () => {
  const user = async (userName: string) => (await scim('/Users', {method: 'POST', json: {userName}})).body.id as string;
  ann = await user('ann@example.com');
  bob = await user('bob@example.com');
  cid = await user('cid@example.com');
});

async function createGroup(displayName: string, members: string[] = []): Promise<string> {
  const res = await scim('/Groups', {method: 'POST', json: {schemas: [SCIM_GROUP_SCHEMA], displayName, members: members.map((value) => ({value}))}});
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe('groups', () => {
  it('creates a group with members, shown with their names and on each member user', async () => {
    const res = await scim('/Groups', {method: 'POST', json: {displayName: 'Analysts', externalId: 'g-1', members: [{value: ann}, {value: bob}]}});
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(res.body.meta.location);
    expect(res.body).toMatchObject({schemas: [SCIM_GROUP_SCHEMA], displayName: 'Analysts', externalId: 'g-1', meta: {resourceType: 'Group'}});
    expect(res.body.members.map((m: {value: string; display: string}) => [m.value, m.display])).toEqual([
      [ann, 'ann@example.com'],
      [bob, 'bob@example.com'],
    ]);
    expect((await scim(`/Users/${ann}`)).body.groups).toEqual([{value: res.body.id, display: 'Analysts', $ref: res.body.meta.location}]);
  });

  it('refuses unknown members (400) and a taken displayName (409)', async () => {
    const unknown = await scim('/Groups', {method: 'POST', json: {displayName: 'X', members: [{value: 'ghost'}]}});
    expect(unknown.body).toMatchObject({status: '400', scimType: 'invalidValue', detail: 'members: no user with id ghost'});
    await createGroup('Analysts');
    expect((await scim('/Groups', {method: 'POST', json: {displayName: 'analysts'}})).body).toMatchObject({status: '409', scimType: 'uniqueness'});
  });

  it('lists with displayName eq, paging, and excludedAttributes=members', async () => {
    await createGroup('Analysts', [ann]);
    await createGroup('Admins', [bob]);
    await createGroup('Auditors');
    const hit = await scim(`/Groups?filter=${encodeURIComponent('displayName eq "admins"')}`);
    expect(hit.body).toMatchObject({schemas: [SCIM_LIST_SCHEMA], totalResults: 1, itemsPerPage: 1, startIndex: 1});
    expect(hit.body.Resources[0].displayName).toBe('Admins');
    const page = await scim('/Groups?startIndex=2&count=1');
    expect(page.body).toMatchObject({totalResults: 3, itemsPerPage: 1, startIndex: 2});
    expect(page.body.Resources[0].displayName).toBe('Admins');
    const slim = await scim('/Groups?excludedAttributes=members');
    expect(slim.body.Resources.every((g: object) => !('members' in g))).toBe(true);
    const withAnn = await scim(`/Groups?filter=${encodeURIComponent(`members eq "${ann}"`)}`);
    expect(withAnn.body.Resources.map((g: {displayName: string}) => g.displayName)).toEqual(['Analysts']);
  });

  it('PATCH adds, removes (by filter or list) and replaces members', async () => {
    const id = await createGroup('Analysts', [ann]);
    const add = await scim(`/Groups/${id}`, {method: 'PATCH', json: patchOp({op: 'add', path: 'members', value: [{value: bob}, {value: cid}, {value: ann}]})});
    expect(memberIds(add.body)).toEqual([ann, bob, cid]);
    const removeOne = await scim(`/Groups/${id}`, {method: 'PATCH', json: patchOp({op: 'remove', path: `members[value eq "${bob}"]`})});
    expect(memberIds(removeOne.body)).toEqual([ann, cid]);
    const removeList = await scim(`/Groups/${id}`, {method: 'PATCH', json: patchOp({op: 'Remove', path: 'members', value: [{value: ann}]})});
    expect(memberIds(removeList.body)).toEqual([cid]);
    const replaced = await scim(`/Groups/${id}`, {
      method: 'PATCH',
      // Okta renames with a path-less replace that echoes the read-only id.
      json: patchOp({op: 'replace', path: 'members', value: [{value: bob}]}, {op: 'replace', value: {id, displayName: 'Data analysts'}}),
    });
    expect(replaced.body).toMatchObject({displayName: 'Data analysts'});
    expect(memberIds(replaced.body)).toEqual([bob]);
    const cleared = await scim(`/Groups/${id}`, {method: 'PATCH', json: patchOp({op: 'remove', path: 'members'})});
    expect(memberIds(cleared.body)).toEqual([]);
    const ghost = await scim(`/Groups/${id}`, {method: 'PATCH', json: patchOp({op: 'add', path: 'members', value: [{value: 'ghost'}]})});
    expect(ghost.status).toBe(400);
  });

  it('PUT replaces the whole membership; DELETE keeps the users; deleting a user leaves its groups', async () => {
    const id = await createGroup('Analysts', [ann, bob]);
    const put = await scim(`/Groups/${id}`, {method: 'PUT', json: {displayName: 'Analysts', members: [{value: cid}]}});
    expect(memberIds(put.body)).toEqual([cid]);
    expect((await scim(`/Users/${cid}`, {method: 'DELETE'})).status).toBe(204);
    expect(memberIds((await scim(`/Groups/${id}`)).body)).toEqual([]);
    expect((await scim(`/Groups/${id}`, {method: 'DELETE'})).status).toBe(204);
    expect((await scim(`/Groups/${id}`)).status).toBe(404);
    expect((await scim(`/Users/${ann}`)).status).toBe(200);
  });
});

describe('discovery', () => {
  it('ServiceProviderConfig says what is supported', async () => {
    const res = await scim('/ServiceProviderConfig');
    expect(res.headers.get('content-type')).toBe('application/scim+json');
    expect(res.body).toMatchObject({patch: {supported: true}, filter: {supported: true, maxResults: 1000}, bulk: {supported: false}, sort: {supported: false}});
  });

  it('ResourceTypes and Schemas list User and Group, each fetchable by id', async () => {
    const types = await scim('/ResourceTypes');
    expect(types.body).toMatchObject({schemas: [SCIM_LIST_SCHEMA], totalResults: 2});
    expect(types.body.Resources.map((r: {endpoint: string}) => r.endpoint)).toEqual(['/Users', '/Groups']);
    expect((await scim('/ResourceTypes/Group')).body).toMatchObject({schema: SCIM_GROUP_SCHEMA});
    const schemas = await scim('/Schemas');
    expect(schemas.body.Resources.map((s: {id: string}) => s.id)).toEqual([SCIM_USER_SCHEMA, SCIM_ENTERPRISE_SCHEMA, SCIM_ACCOUNT_SCHEMA, SCIM_GROUP_SCHEMA]);
    expect((await scim('/ResourceTypes/User')).body.schemaExtensions).toEqual([
      {schema: SCIM_ENTERPRISE_SCHEMA, required: false},
      {schema: SCIM_ACCOUNT_SCHEMA, required: true},
    ]);
    const user = await scim(`/Schemas/${encodeURIComponent(SCIM_USER_SCHEMA)}`);
    expect(user.body.attributes.find((a: {name: string}) => a.name === 'userName')).toMatchObject({required: true, uniqueness: 'server'});
    expect((await scim('/Schemas/urn:nope')).status).toBe(404);
  });

  it('every SCIM operation is in /api/v1/spec under the SCIM tag with the SCIM media type', async () => {
    const spec = (await t.call('/api/v1/spec')).body;
    const scimPaths = Object.keys(spec.paths).filter((p) => p.startsWith('/api/scim/v2/'));
    expect(scimPaths.sort()).toEqual(
      ['.search', 'Groups', 'Groups/.search', 'Groups/{id}', 'ResourceTypes', 'ResourceTypes/{id}', 'Schemas', 'Schemas/{id}', 'ServiceProviderConfig', 'Users', 'Users/.search', 'Users/{id}']
        .map((p) => `/api/scim/v2/${p}`)
        .sort(),
    );
    const users = spec.paths['/api/scim/v2/Users/{id}'];
    expect(Object.keys(users).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    expect(users.patch.tags).toEqual(['SCIM']);
    expect(Object.keys(users.patch.requestBody.content)).toEqual(['application/scim+json']);
    expect(Object.keys(users.get.responses['404'].content)).toEqual(['application/scim+json']);
  });
});
