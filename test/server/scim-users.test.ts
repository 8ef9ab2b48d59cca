// SCIM Users through HTTP: RFC 7644 list paging and filters, create/get/replace/patch/delete, error bodies.
import {beforeEach, describe, expect, it} from 'vitest';
import {SCIM_ACCOUNT_SCHEMA, SCIM_ENTERPRISE_SCHEMA, SCIM_ERROR_SCHEMA, SCIM_LIST_SCHEMA, SCIM_PATCH_SCHEMA, SCIM_USER_SCHEMA} from '../../src/contract/scim.js';
import {parseCsv} from '../helpers/csv.js';
import {scimAppEach} from '../helpers/scim.js';

const {t, token, scim, createUser} = scimAppEach();
const patchOp = (...Operations: unknown[]) => ({schemas: [SCIM_PATCH_SCHEMA], Operations});

describe('create and get', () => {
  it('creates a user: 201, Location, SCIM media type, the stored representation', async () => {
    const res = await scim('/Users', {
      method: 'POST',
      headers: {'content-type': 'application/scim+json'},
      json: {
        schemas: [SCIM_USER_SCHEMA],
        userName: 'jane@example.com',
        externalId: 'okta-00u1',
        name: {givenName: 'Jane', familyName: 'Doe'},
        emails: [{value: 'jane@example.com', type: 'work', primary: true}],
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': {department: 'Finance'},
      },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/scim+json');
    expect(res.headers.get('location')).toBe(res.body.meta.location);
    expect(res.body).toEqual({
      schemas: [SCIM_USER_SCHEMA, SCIM_ENTERPRISE_SCHEMA, SCIM_ACCOUNT_SCHEMA],
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      externalId: 'okta-00u1',
      userName: 'jane@example.com',
      name: {givenName: 'Jane', familyName: 'Doe', formatted: 'Jane Doe'},
      emails: [{value: 'jane@example.com', type: 'work', primary: true}],
      active: true,
      groups: [],
      [SCIM_ENTERPRISE_SCHEMA]: {department: 'Finance'},
      [SCIM_ACCOUNT_SCHEMA]: {userId: expect.any(Number)},
      meta: {resourceType: 'User', created: '2026-06-01T09:00:00.000Z', lastModified: '2026-06-01T09:00:00.000Z', location: expect.stringContaining(`/api/scim/v2/Users/${res.body.id}`)},
    });
    expect((await scim(`/Users/${res.body.id}`)).body).toEqual(res.body);
  });

  it('refuses a taken userName (ignoring case) with 409 uniqueness', async () => {
    await createUser('jane@example.com');
    const res = await scim('/Users', {method: 'POST', json: {userName: 'JANE@example.com'}});
    expect(res.status).toBe(409);
    expect(res.body).toEqual({schemas: [SCIM_ERROR_SCHEMA], status: '409', scimType: 'uniqueness', detail: 'userName "JANE@example.com" is already taken'});
  });

  it('rejects a body without userName (400 invalidValue) and answers 404 in SCIM form for an unknown id', async () => {
    const bad = await scim('/Users', {method: 'POST', json: {name: {givenName: 'X'}}});
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({schemas: [SCIM_ERROR_SCHEMA], status: '400', scimType: 'invalidValue', detail: expect.stringContaining('userName')});
    const missing = await scim('/Users/no-such-id');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({schemas: [SCIM_ERROR_SCHEMA], status: '404', detail: 'user no-such-id not found'});
  });
});

describe('list', () => {
  beforeEach(async () => {
    for (const n of [1, 2, 3, 4, 5]) await createUser(`user${n}@example.com`, {displayName: `User ${n}`, active: n !== 4});
  });

  // Six account users: the seeded admin (one user store: SCIM lists every account user), then the five above.
  it('is an RFC 7644 ListResponse paged by 1-based startIndex and count', async () => {
    const page = await scim('/Users?startIndex=3&count=2');
    expect(page.body).toMatchObject({schemas: [SCIM_LIST_SCHEMA], totalResults: 6, itemsPerPage: 2, startIndex: 3});
    expect(page.body.Resources.map((u: {userName: string}) => u.userName)).toEqual(['user2@example.com', 'user3@example.com']);
    const all = await scim('/Users');
    expect(all.body).toMatchObject({totalResults: 6, itemsPerPage: 6, startIndex: 1});
    expect((await scim('/Users?startIndex=6&count=10')).body.Resources).toHaveLength(1);
    expect((await scim('/Users?startIndex=9')).body).toMatchObject({totalResults: 6, itemsPerPage: 0, startIndex: 9, Resources: []});
  });

  it('takes startIndex below 1 as 1 and count 0 as "just the total"', async () => {
    expect((await scim('/Users?startIndex=0&count=1')).body).toMatchObject({startIndex: 1, itemsPerPage: 1});
    expect((await scim('/Users?count=0')).body).toMatchObject({totalResults: 6, itemsPerPage: 0, Resources: []});
    expect((await scim('/Users?count=abc')).status).toBe(400);
  });

  it('filters by userName eq (case-insensitive), and more', async () => {
    const byName = await scim(`/Users?filter=${encodeURIComponent('userName eq "USER3@example.com"')}`);
    expect(byName.body).toMatchObject({totalResults: 1});
    expect(byName.body.Resources[0].userName).toBe('user3@example.com');
    const q = async (f: string) => (await scim(`/Users?filter=${encodeURIComponent(f)}`)).body.Resources.map((u: {displayName: string}) => u.displayName);
    expect(await q('active eq false')).toEqual(['User 4']);
    expect(await q('userName sw "user1" or displayName eq "User 5"')).toEqual(['User 1', 'User 5']);
    expect(await q('not (active eq true) and userName co "4"')).toEqual(['User 4']);
    expect(await q('userName eq "nobody@example.com"')).toEqual([]);
  });

  it('explains a filter it cannot read with 400 invalidFilter', async () => {
    for (const f of ['userName eq', 'password eq "x"', 'userName like "x"', 'userName eq "x" and']) {
      const res = await scim(`/Users?filter=${encodeURIComponent(f)}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({schemas: [SCIM_ERROR_SCHEMA], status: '400', scimType: 'invalidFilter'});
    }
  });
});

describe('replace, patch and delete', () => {
  let id: string;
  beforeEach(async () => {
    id = await createUser('jane@example.com', {name: {givenName: 'Jane', familyName: 'Doe'}, emails: [{value: 'jane@example.com', primary: true}]});
  });

  it('PUT replaces every attribute: what is left out is gone', async () => {
    t.clock.advance(60_000);
    const res = await scim(`/Users/${id}`, {method: 'PUT', json: {userName: 'jane.doe@example.com', displayName: 'JD', active: false}});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({id, userName: 'jane.doe@example.com', displayName: 'JD', active: false, emails: []});
    expect(res.body.name).toBeUndefined();
    expect(res.body.meta.lastModified).toBe('2026-06-01T09:01:00.000Z');
    expect((await scim(`/Users/${id}`, {method: 'PUT', json: {userName: 'x'}})).status).toBe(200);
    expect((await scim('/Users/nope', {method: 'PUT', json: {userName: 'y'}})).status).toBe(404);
  });

  it('PATCH deactivates with replace active (also the string form some providers send)', async () => {
    const off = await scim(`/Users/${id}`, {method: 'PATCH', json: patchOp({op: 'replace', path: 'active', value: false})});
    expect(off.body.active).toBe(false);
    const on = await scim(`/Users/${id}`, {method: 'PATCH', json: patchOp({op: 'Replace', value: {active: 'True'}})});
    expect(on.body.active).toBe(true);
    const removed = await scim(`/Users/${id}`, {method: 'PATCH', json: patchOp({op: 'remove', path: 'active'})});
    expect(removed.body.active).toBe(false);
  });

  it('PATCH adds, replaces and removes attributes, all in one request', async () => {
    const res = await scim(`/Users/${id}`, {
      method: 'PATCH',
      json: patchOp(
        {op: 'add', path: 'emails', value: [{value: 'jd@example.org', type: 'home'}]},
        {op: 'replace', path: 'name.familyName', value: 'Smith'},
        {op: 'remove', path: 'name.givenName'},
        {op: 'add', path: 'emails[type eq "work"].value', value: 'jane@work.example'},
        {op: 'add', value: {displayName: 'Jane S.', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department': 'Ops'}},
      ),
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toEqual({familyName: 'Smith', formatted: 'Smith'});
    expect(res.body.displayName).toBe('Jane S.');
    expect(res.body.emails).toEqual([
      {value: 'jane@example.com', primary: true},
      {value: 'jd@example.org', type: 'home'},
      {value: 'jane@work.example', type: 'work'},
    ]);
    const dropped = await scim(`/Users/${id}`, {method: 'PATCH', json: patchOp({op: 'remove', path: 'emails[value eq "jd@example.org"]'})});
    expect(dropped.body.emails.map((e: {value: string}) => e.value)).toEqual(['jane@example.com', 'jane@work.example']);
  });

  it('a PATCH that fails changes nothing, and says why', async () => {
    const cases: Array<[unknown, string]> = [
      [patchOp({op: 'replace', path: 'displayName', value: 'changed'}, {op: 'remove'}), 'noTarget'],
      [patchOp({op: 'replace', path: 'shoeSize', value: 44}), 'invalidPath'],
      [patchOp({op: 'replace', path: 'active', value: 'maybe'}), 'invalidValue'],
      [patchOp({op: 'remove', path: 'userName'}), 'invalidValue'],
      [patchOp({op: 'merge', path: 'active', value: true}), 'invalidSyntax'],
      [{schemas: ['urn:wrong'], Operations: [{op: 'remove', path: 'displayName'}]}, 'invalidValue'],
    ];
    for (const [body, scimType] of cases) {
      const res = await scim(`/Users/${id}`, {method: 'PATCH', json: body});
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({status: '400', scimType});
    }
    expect((await scim(`/Users/${id}`)).body.displayName).toBeUndefined();
    await createUser('taken@example.com');
    const clash = await scim(`/Users/${id}`, {method: 'PATCH', json: patchOp({op: 'replace', path: 'userName', value: 'Taken@example.com'})});
    expect(clash.body).toMatchObject({status: '409', scimType: 'uniqueness'});
  });

  it('DELETE answers 204 with no body, then the user is gone', async () => {
    const res = await t.app.request(`/api/scim/v2/Users/${id}`, {method: 'DELETE', headers: {authorization: `Bearer ${token()}`}});
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await scim(`/Users/${id}`)).status).toBe(404);
    expect((await scim(`/Users/${id}`, {method: 'DELETE'})).status).toBe(404);
  });

  it('each change is an audit event named after the SCIM operation', async () => {
    await scim(`/Users/${id}`, {method: 'PATCH', json: patchOp({op: 'replace', path: 'active', value: false})});
    await scim(`/Users/${id}`, {method: 'DELETE'});
    const res = await t.app.request('/api/v1/audit-logs/export?search=scimUser', {headers: {authorization: `Bearer ${t.adminKey}`}});
    const names = parseCsv(await res.text()).slice(1).map((record) => record[2]);
    expect(names).toEqual(['scimUser.create', 'scimUser.patch', 'scimUser.delete']);
  });
});
