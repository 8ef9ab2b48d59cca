// Oracle: every PatchOp list of scim/oracleCases.ts is applied to the same starting user through the service's
// PATCH /Users/{id} and through the independent `scim-patch` package; the results must be equal (ignoring meta
// and the read-only attributes; name.formatted is compared: the starting user has one the provider wrote). Where the two disagree the RFC sides with the
// service, and the case is listed in DISAGREEMENTS with the section and what the service must answer instead.
import {scimPatch, type ScimPatchOperation, type ScimResource} from 'scim-patch';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {SCIM_ACCOUNT_SCHEMA, SCIM_ENTERPRISE_SCHEMA, SCIM_PATCH_SCHEMA} from '../../src/contract/scim.js';
import {testApp, type TestApp} from '../helpers/startService.js';
import {CASES, START} from './scim/oracleCases.js';

type Json = Record<string, unknown>;

/** RFC 7644 rules scim-patch 0.8 does not follow, and what the service answers instead. */
const DISAGREEMENTS: Record<string, {rfc: string; expect: (status: number, body: Json) => void}> = {
  'replace through a value filter that matches nothing': {
    // "If the target location is a multi-valued attribute for which a value selection filter ("valuePath")
    // has been supplied and no record match was made, the service provider SHALL indicate failure by returning
    // HTTP status code 400 and a "scimType" error code of "noTarget"." scim-patch adds a new value instead.
    rfc: 'RFC 7644 §3.5.2.3',
    expect: (status, body) => {
      expect(status).toBe(400);
      expect(body.scimType).toBe('noTarget');
    },
  },
  'path-less replace of a complex attribute keeps the unnamed sub-attributes': {
    // "Sub-attributes that are not specified in the "value" parameter are left unchanged." scim-patch replaces
    // `name` whole when the operation has no path, dropping givenName.
    rfc: 'RFC 7644 §3.5.2.3',
    expect: (status, body) => {
      expect(status).toBe(200);
      expect(body.name).toMatchObject({givenName: 'Grace', familyName: 'H.'});
    },
  },
  'path-less add of the extension object': {
    // Without a path "the "value" parameter SHALL contain a set of attributes to be added to the resource"
    // (RFC 7644 §3.5.2.1); an extension's attributes travel in a container named by the schema URN (RFC 7643
    // §3.3), which is merged like any complex attribute. scim-patch splits the URN at its "." ("2.0") and
    // stores the attributes under a bogus `urn:…:enterprise:2` / `0:User` nesting instead.
    rfc: 'RFC 7644 §3.5.2.1, RFC 7643 §3.3',
    expect: (status, body) => {
      expect(status).toBe(200);
      expect(body[SCIM_ENTERPRISE_SCHEMA]).toEqual({employeeNumber: '42', department: 'Ops', division: 'North', manager: {value: 'boss-1', displayName: 'Boss'}});
      expect(Object.keys(body).filter((k) => k.startsWith('urn:ietf:params:scim:schemas:extension:'))).toEqual([SCIM_ENTERPRISE_SCHEMA]);
    },
  },
};

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = testApp('empty');
  token = (await t.call('/api/v1/api-keys', {method: 'POST', json: {name: 'idp', scim: true}})).body.key;
});
afterAll(() => t.close());

/** Drops what only one side produces: meta, ids, read-only and derived attributes, empty values. */
function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value as Json)) {
    if (['meta', 'id', 'groups', 'schemas', SCIM_ACCOUNT_SCHEMA].includes(k)) continue;
    const n = normalise(v);
    if (n === null || n === undefined) continue;
    if (Array.isArray(n) && n.length === 0) continue;
    if (typeof n === 'object' && !Array.isArray(n) && Object.keys(n as Json).length === 0) continue;
    out[k] = n;
  }
  return out;
}

describe('SCIM PATCH against the scim-patch oracle', () => {
  it('has at least 20 operation lists, covering add, replace, remove, filters and the extension', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(20);
    const ops = CASES.flatMap((c) => c.ops);
    for (const op of ['add', 'replace', 'remove']) expect(ops.some((o) => o.op === op)).toBe(true);
    expect(ops.some((o) => o.path?.includes('['))).toBe(true);
    expect(ops.some((o) => o.path?.startsWith(SCIM_ENTERPRISE_SCHEMA) || (o.value && typeof o.value === 'object' && SCIM_ENTERPRISE_SCHEMA in (o.value as Json)))).toBe(true);
  });

  it.each(CASES.map((c, i) => [c.name, c, i] as const))('%s', async (_name, c, i) => {
    // Each user gets its own addresses: an email names one account user.
    const emails = START.emails.map((e) => ({...e, value: `${i}.${e.value}`}));
    const created = await t.call('/api/scim/v2/Users', {key: token, method: 'POST', json: {...START, emails, userName: `oracle-${i}@example.com`}});
    expect(created.status).toBe(201);
    const before = created.body as Json;

    let expected: unknown;
    let oracleError: Error | undefined;
    try {
      expected = scimPatch(structuredClone(before) as unknown as ScimResource, c.ops as ScimPatchOperation[]);
    } catch (err) {
      oracleError = err as Error;
    }
    const res = await t.call(`/api/scim/v2/Users/${String(before.id)}`, {key: token, method: 'PATCH', json: {schemas: [SCIM_PATCH_SCHEMA], Operations: c.ops}});

    const known = DISAGREEMENTS[c.name];
    if (known) {
      expect(known.rfc).toMatch(/^RFC 7644 §/);
      known.expect(res.status, res.body);
      // It is a real disagreement: the oracle does something else.
      expect(oracleError === undefined && JSON.stringify(normalise(expected)) === JSON.stringify(normalise(res.body))).toBe(false);
      return;
    }
    if (oracleError) {
      expect(res.status, `scim-patch refused it (${oracleError.message}); the service answered ${JSON.stringify(res.body)}`).toBe(400);
      return;
    }
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(normalise(res.body)).toEqual(normalise(expected));
    // The stored user is what PATCH answered.
    const stored = await t.call(`/api/scim/v2/Users/${String(before.id)}`, {key: token});
    expect(normalise(stored.body)).toEqual(normalise(res.body));
  });
});
