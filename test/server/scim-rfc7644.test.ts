// RFC 7644 rules identity providers rely on: replace on a complex attribute keeps the sub-attributes it does
// not name (§3.5.2.3), a replace whose value filter matches nothing is 400 noTarget (§3.5.2.3), list filters
// on multi-valued attributes (§3.4.2.2 valuePath), and the enterprise extension (RFC 7643 §4.3) is kept.
import {beforeEach, describe, expect, it} from 'vitest';
import {SCIM_ENTERPRISE_SCHEMA, SCIM_PATCH_SCHEMA, SCIM_USER_SCHEMA} from '../../src/contract/scim.js';
import {scimAppEach} from '../helpers/scim.js';

const {scim, createUser} = scimAppEach();
const patch = (id: string, ...Operations: unknown[]) => scim(`/Users/${id}`, {method: 'PATCH', json: {schemas: [SCIM_PATCH_SCHEMA], Operations}});
const ENT = SCIM_ENTERPRISE_SCHEMA;

describe('replace on a complex attribute (§3.5.2.3)', () => {
  it('keeps the sub-attributes the value does not name, with a path and without one', async () => {
    const id = await createUser('jo@example.com', {name: {givenName: 'Jo', familyName: 'March'}});
    const named = await patch(id, {op: 'replace', path: 'name', value: {givenName: 'Josephine'}});
    expect(named.status).toBe(200);
    expect(named.body.name).toEqual({givenName: 'Josephine', familyName: 'March', formatted: 'Josephine March'});
    const pathless = await patch(id, {op: 'replace', value: {name: {familyName: 'Bhaer'}}});
    expect(pathless.body.name).toEqual({givenName: 'Josephine', familyName: 'Bhaer', formatted: 'Josephine Bhaer'});
    const manager = await patch(id, {op: 'add', path: `${ENT}:manager`, value: {value: 'm-1', displayName: 'Boss'}}, {op: 'replace', path: `${ENT}:manager`, value: {value: 'm-2'}});
    expect(manager.body[ENT]).toEqual({manager: {value: 'm-2', displayName: 'Boss'}});
  });
});

describe('replace with a value filter that matches nothing (§3.5.2.3)', () => {
  it('is 400 noTarget and changes nothing', async () => {
    const id = await createUser('al@example.com', {emails: [{value: 'al@example.com', type: 'work', primary: true}]});
    for (const path of ['emails[type eq "home"].value', 'emails[type eq "home"]', 'emails[value eq "nobody@example.com"].primary']) {
      const res = await patch(id, {op: 'replace', path: 'displayName', value: 'changed'}, {op: 'replace', path, value: path.endsWith('primary') ? true : 'al@home.example'});
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({status: '400', scimType: 'noTarget'});
    }
    const after = (await scim(`/Users/${id}`)).body;
    expect(after.displayName).toBeUndefined();
    expect(after.emails).toEqual([{value: 'al@example.com', type: 'work', primary: true}]);
    // A filter that matches replaces the matching value only.
    const hit = await patch(id, {op: 'replace', path: 'emails[type eq "work"].value', value: 'al@corp.example'});
    expect(hit.body.emails).toEqual([{value: 'al@corp.example', type: 'work', primary: true}]);
  });
});

describe('list filters on multi-valued attributes (§3.4.2.2)', () => {
  beforeEach(async () => {
    await createUser('h1@example.com', {emails: [{value: 'h1@home.example', type: 'home'}, {value: 'h1@corp.example', type: 'work', primary: true}]});
    await createUser('w1@example.com', {emails: [{value: 'w1@corp.example', type: 'work', primary: true}]});
    await createUser('h2@example.com', {emails: [{value: 'h2@home.example', type: 'home', primary: true}]});
  });
  const names = async (filter: string) => {
    const res = await scim(`/Users?filter=${encodeURIComponent(filter)}`);
    expect(res.status).toBe(200);
    return res.body.Resources.map((u: {userName: string}) => u.userName);
  };

  it('emails[type eq "home"] and friends select users by one email value', async () => {
    expect(await names('emails[type eq "home"]')).toEqual(['h1@example.com', 'h2@example.com']);
    expect(await names('emails.type eq "home"')).toEqual(['h1@example.com', 'h2@example.com']);
    // Both conditions must hold for the SAME email: h1 has a home email and a corp email, but no home corp email.
    expect(await names('emails[type eq "home" and value ew "corp.example"]')).toEqual([]);
    expect(await names('emails[type eq "work" and primary eq true]')).toEqual(['h1@example.com', 'w1@example.com']);
    expect(await names('not (emails[type eq "home"]) and userName sw "w"')).toEqual(['w1@example.com']);
    expect(await names('emails[primary eq false]')).toEqual(['h1@example.com']);
  });

  it('refuses value filters on single-valued attributes and unknown sub-attributes with invalidFilter', async () => {
    for (const filter of ['userName[value eq "x"]', 'emails[shoe eq "x"]', 'emails[type eq "home"']) {
      const res = await scim(`/Users?filter=${encodeURIComponent(filter)}`);
      expect(res.status).toBe(400);
      expect(res.body.scimType).toBe('invalidFilter');
    }
  });
});

describe('the enterprise extension (RFC 7643 §4.3)', () => {
  it('is kept on create, changed by PATCH paths into it, filtered on, and dropped by a PUT without it', async () => {
    const id = await createUser('ed@example.com', {schemas: [SCIM_USER_SCHEMA, ENT], [ENT]: {employeeNumber: '701', department: 'Finance', manager: {value: 'boss-1'}}});
    const got = (await scim(`/Users/${id}`)).body;
    expect(got.schemas).toContain(ENT);
    expect(got[ENT]).toEqual({employeeNumber: '701', department: 'Finance', manager: {value: 'boss-1'}});

    const changed = await patch(
      id,
      {op: 'replace', path: `${ENT}:department`, value: 'Ops'},
      {op: 'add', path: `${ENT}:manager.displayName`, value: 'Boss One'},
      {op: 'add', value: {[`${ENT}:costCenter`]: 'CC-9', [ENT]: {division: 'North'}}},
      {op: 'remove', path: `${ENT}:employeeNumber`},
    );
    expect(changed.status).toBe(200);
    expect(changed.body[ENT]).toEqual({department: 'Ops', manager: {value: 'boss-1', displayName: 'Boss One'}, costCenter: 'CC-9', division: 'North'});
    // Entra ID sends the manager as a bare id.
    const entra = await patch(id, {op: 'Add', path: `${ENT}:manager`, value: 'boss-2'});
    expect(entra.body[ENT].manager).toEqual({value: 'boss-2', displayName: 'Boss One'});

    await createUser('other@example.com', {[ENT]: {department: 'Finance'}});
    const list = await scim(`/Users?filter=${encodeURIComponent(`${ENT}:department eq "ops"`)}`);
    expect(list.body.Resources.map((u: {id: string}) => u.id)).toEqual([id]);

    const bad = await patch(id, {op: 'replace', path: `${ENT}:shoeSize`, value: '44'});
    expect(bad.body).toMatchObject({status: '400', scimType: 'invalidPath'});

    const replaced = await scim(`/Users/${id}`, {method: 'PUT', json: {schemas: [SCIM_USER_SCHEMA], userName: 'ed@example.com'}});
    expect(replaced.body[ENT]).toBeUndefined();
    expect(replaced.body.schemas).not.toContain(ENT);
  });
});

describe('a body that is not JSON (§3.12)', () => {
  it('is 400 invalidSyntax on create, replace and patch; a JSON body with a wrong value stays invalidValue', async () => {
    const id = await createUser('syntax@example.com');
    for (const [method, path] of [['POST', '/Users'], ['PUT', `/Users/${id}`], ['PATCH', `/Users/${id}`], ['POST', '/Groups']] as const) {
      const res = await scim(path, {method, body: '{"userName": ', headers: {'content-type': 'application/scim+json'}});
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body).toMatchObject({status: '400', scimType: 'invalidSyntax', detail: 'Malformed JSON in request body'});
    }
    expect((await scim('/Users', {method: 'POST', json: {userName: 7}})).body.scimType).toBe('invalidValue');
  });
});
