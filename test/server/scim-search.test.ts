// SCIM reads as identity providers shape them: a client-written name.formatted is kept (RFC 7643 §4.1.1),
// attributes / excludedAttributes on Users and Groups alike (RFC 7644 §3.4.2.5, §3.9), SearchRequest bodies at
// /Users/.search, /Groups/.search and /.search (§3.4.3), and a body that is not JSON is invalidSyntax on every
// SCIM write (§3.12).
import {beforeEach, describe, expect, it} from 'vitest';
import {SCIM_ENTERPRISE_SCHEMA, SCIM_GROUP_SCHEMA, SCIM_LIST_SCHEMA, SCIM_PATCH_SCHEMA, SCIM_USER_SCHEMA} from '../../src/contract/scim.js';
import {scimAppEach} from '../helpers/scim.js';

const {t, scim, createUser} = scimAppEach();
const ENT = SCIM_ENTERPRISE_SCHEMA;
const SEARCH = 'urn:ietf:params:scim:api:messages:2.0:SearchRequest';
const search = (path: string, body: Record<string, unknown>) => scim(path, {method: 'POST', json: {schemas: [SEARCH], ...body}});
const names = (body: {Resources: Array<{userName?: string; displayName?: string}>}) => body.Resources.map((r) => r.userName ?? r.displayName);

describe('name.formatted', () => {
  it('keeps what the client wrote through create, get, PATCH of the other parts and a PUT that repeats it', async () => {
    const id = await createUser('grace@example.com', {name: {givenName: 'Grace', familyName: 'Hopper', formatted: 'Rear Admiral Grace M. Hopper'}});
    expect((await scim(`/Users/${id}`)).body.name).toEqual({givenName: 'Grace', familyName: 'Hopper', formatted: 'Rear Admiral Grace M. Hopper'});
    const patched = await scim(`/Users/${id}`, {method: 'PATCH', json: {schemas: [SCIM_PATCH_SCHEMA], Operations: [{op: 'replace', path: 'name.familyName', value: 'Murray'}]}});
    expect(patched.body.name).toEqual({givenName: 'Grace', familyName: 'Murray', formatted: 'Rear Admiral Grace M. Hopper'});
    const put = await scim(`/Users/${id}`, {method: 'PUT', json: {schemas: [SCIM_USER_SCHEMA], userName: 'grace@example.com', name: {givenName: 'G', formatted: 'Dr. G'}}});
    expect(put.body.name).toEqual({givenName: 'G', formatted: 'Dr. G'});
    const filtered = await scim(`/Users?filter=${encodeURIComponent('name.formatted eq "dr. g"')}`);
    expect(names(filtered.body)).toEqual(['grace@example.com']);
  });

  it('is made of the given and family names only when nobody wrote one (a PUT without it, a remove)', async () => {
    const id = await createUser('ada@example.com', {name: {givenName: 'Ada', familyName: 'Lovelace', formatted: 'The Countess'}});
    const removed = await scim(`/Users/${id}`, {method: 'PATCH', json: {schemas: [SCIM_PATCH_SCHEMA], Operations: [{op: 'remove', path: 'name.formatted'}]}});
    expect(removed.body.name).toEqual({givenName: 'Ada', familyName: 'Lovelace', formatted: 'Ada Lovelace'});
    await scim(`/Users/${id}`, {method: 'PATCH', json: {schemas: [SCIM_PATCH_SCHEMA], Operations: [{op: 'replace', path: 'name.formatted', value: 'Lady Ada'}]}});
    const put = await scim(`/Users/${id}`, {method: 'PUT', json: {schemas: [SCIM_USER_SCHEMA], userName: 'ada@example.com', name: {givenName: 'Ada', familyName: 'King'}}});
    expect(put.body.name).toEqual({givenName: 'Ada', familyName: 'King', formatted: 'Ada King'});
    const schema = (await scim(`/Schemas/${SCIM_USER_SCHEMA}`)).body;
    const formatted = schema.attributes.find((a: {name: string}) => a.name === 'name').subAttributes.find((a: {name: string}) => a.name === 'formatted');
    expect(formatted.mutability).toBe('readWrite');
  });
});

describe('attributes and excludedAttributes', () => {
  let id: string;
  beforeEach(async () => {
    id = await createUser('lin@example.com', {
      name: {givenName: 'Lin', familyName: 'Ma'},
      displayName: 'Lin M.',
      emails: [{value: 'lin@example.com', type: 'work', primary: true}],
      [ENT]: {department: 'Ops', costCenter: 'CC-7'},
    });
  });

  it('a user read returns only the attributes asked for, plus id and schemas; sub-attributes and extension paths too', async () => {
    const only = await scim(`/Users/${id}?attributes=userName,name.givenName,emails.value`);
    expect(only.status).toBe(200);
    expect(only.body).toEqual({schemas: expect.any(Array), id, userName: 'lin@example.com', name: {givenName: 'Lin'}, emails: [{value: 'lin@example.com'}]});
    const ext = await scim(`/Users/${id}?attributes=${encodeURIComponent(`${ENT}:department,DISPLAYNAME`)}`);
    expect(ext.body).toEqual({schemas: expect.any(Array), id, displayName: 'Lin M.', [ENT]: {department: 'Ops'}});
  });

  it('excludedAttributes leaves those out (never id or schemas), on a read and in the list', async () => {
    const without = await scim(`/Users/${id}?excludedAttributes=${encodeURIComponent(`emails,groups,meta,name.familyName,${ENT},id,schemas`)}`);
    expect(without.body).toMatchObject({id, schemas: expect.any(Array), userName: 'lin@example.com', name: {givenName: 'Lin', formatted: 'Lin Ma'}, active: true});
    for (const gone of ['emails', 'groups', 'meta', ENT]) expect(without.body, gone).not.toHaveProperty(gone);
    expect(without.body.name).not.toHaveProperty('familyName');
    const list = await scim(`/Users?filter=${encodeURIComponent('userName eq "lin@example.com"')}&attributes=userName`);
    expect(list.body.Resources).toEqual([{schemas: expect.any(Array), id, userName: 'lin@example.com'}]);
    const slim = await scim('/Users?excludedAttributes=groups,emails');
    expect(slim.body.Resources.length).toBeGreaterThan(1);
    expect(slim.body.Resources.every((u: object) => !('groups' in u) && !('emails' in u) && 'userName' in u)).toBe(true);
  });

  it('groups take the same parameters (one implementation)', async () => {
    const created = await scim('/Groups', {method: 'POST', json: {schemas: [SCIM_GROUP_SCHEMA], displayName: 'Ops', members: [{value: id}]}});
    const gid = created.body.id as string;
    expect((await scim(`/Groups/${gid}?attributes=displayName`)).body).toEqual({schemas: [SCIM_GROUP_SCHEMA], id: gid, displayName: 'Ops'});
    expect((await scim(`/Groups/${gid}?attributes=members.value`)).body).toEqual({schemas: [SCIM_GROUP_SCHEMA], id: gid, members: [{value: id}]});
    expect((await scim(`/Groups/${gid}?excludedAttributes=members`)).body).not.toHaveProperty('members');
  });
});

describe('POST …/.search (RFC 7644 §3.4.3)', () => {
  let ids: string[];
  beforeEach(async () => {
    ids = [];
    for (const n of [1, 2, 3]) ids.push(await createUser(`s${n}@example.com`, {displayName: `S ${n}`}));
    await scim('/Groups', {method: 'POST', json: {schemas: [SCIM_GROUP_SCHEMA], displayName: 'Searchers', members: [{value: ids[0]}]}});
    await scim('/Groups', {method: 'POST', json: {schemas: [SCIM_GROUP_SCHEMA], displayName: 'Seekers'}});
  });

  it('Users/.search takes filter, attributes, startIndex and count, and answers a ListResponse like the list', async () => {
    const res = await search('/Users/.search', {filter: 'userName sw "s"', attributes: ['userName'], startIndex: 2, count: 1});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/scim+json');
    expect(res.body).toEqual({schemas: [SCIM_LIST_SCHEMA], totalResults: 3, itemsPerPage: 1, startIndex: 2, Resources: [{schemas: expect.any(Array), id: ids[1], userName: 's2@example.com'}]});
    const get = await scim(`/Users?filter=${encodeURIComponent('userName sw "s"')}&attributes=userName&startIndex=2&count=1`);
    expect(res.body).toEqual(get.body);
    const excluded = await search('/Users/.search', {filter: 'displayName eq "S 3"', excludedAttributes: ['groups', 'meta']});
    expect(excluded.body.Resources).toHaveLength(1);
    expect(excluded.body.Resources[0]).not.toHaveProperty('meta');
    expect(excluded.body.Resources[0].displayName).toBe('S 3');
  });

  it('Groups/.search, and /.search over users then groups, paging across both', async () => {
    expect(names((await search('/Groups/.search', {filter: 'displayName sw "Se"'})).body)).toEqual(['Searchers', 'Seekers']);
    const all = await search('/.search', {filter: 'displayName sw "S"'});
    expect(all.body).toMatchObject({totalResults: 5, itemsPerPage: 5, startIndex: 1});
    expect(names(all.body)).toEqual(['s1@example.com', 's2@example.com', 's3@example.com', 'Searchers', 'Seekers']);
    const straddle = await search('/.search', {filter: 'displayName sw "S"', startIndex: 3, count: 2, attributes: ['displayName']});
    expect(straddle.body).toMatchObject({totalResults: 5, itemsPerPage: 2, startIndex: 3});
    expect(straddle.body.Resources.map((r: {displayName: string}) => r.displayName)).toEqual(['S 3', 'Searchers']);
    // An attribute only users have: groups match none, users still do.
    expect(names((await search('/.search', {filter: 'userName eq "s2@example.com"'})).body)).toEqual(['s2@example.com']);
    // A search is a read that happens to be a POST: no audit event, so nothing counts it as a change.
    const recorded = t.ctx.db.prepare('SELECT name FROM audit_events').pluck().all() as string[];
    expect(recorded.filter((n) => /search/i.test(n))).toEqual([]);
    expect(recorded).toContain('scimGroup.create');
  });

  it('refuses a body without the SearchRequest schema, and a filter no resource type can read', async () => {
    const wrong = await scim('/Users/.search', {method: 'POST', json: {schemas: ['urn:wrong'], filter: 'userName pr'}});
    expect(wrong).toMatchObject({status: 400, body: {status: '400', scimType: 'invalidValue'}});
    const bad = await search('/.search', {filter: 'shoeSize eq "44"'});
    expect(bad).toMatchObject({status: 400, body: {scimType: 'invalidFilter'}});
  });
});

describe('a body that is not JSON (§3.12)', () => {
  it('is 400 invalidSyntax on every SCIM write, whichever JSON media type it claims', async () => {
    const uid = await createUser('syntax@example.com');
    const gid = (await scim('/Groups', {method: 'POST', json: {schemas: [SCIM_GROUP_SCHEMA], displayName: 'Syntax'}})).body.id as string;
    const writes = [
      ['POST', '/Users'], ['PUT', `/Users/${uid}`], ['PATCH', `/Users/${uid}`],
      ['POST', '/Groups'], ['PUT', `/Groups/${gid}`], ['PATCH', `/Groups/${gid}`],
      ['POST', '/Users/.search'], ['POST', '/Groups/.search'], ['POST', '/.search'],
    ] as const;
    for (const [method, path] of writes) {
      for (const type of ['application/scim+json', 'application/json']) {
        for (const body of ['{"userName": ', '', 'not json']) {
          const res = await scim(path, {method, body, headers: {'content-type': type}});
          expect(res.status, `${method} ${path} ${type} ${JSON.stringify(body)}`).toBe(400);
          expect(res.body, `${method} ${path} ${type} ${JSON.stringify(body)}`).toMatchObject({status: '400', scimType: 'invalidSyntax'});
        }
      }
    }
  });
});
