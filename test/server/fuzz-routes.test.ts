// Every route the service documents (enumerated from GET /api/v1/spec, so a new route is fuzzed without
// touching this file) gets random path ids, query values, bodies, content types and credentials. Whatever
// comes in: never a 5xx; every 4xx carries `{error: string}` (SCIM routes: an RFC 7644 error body); a refused
// request changes nothing in the store; and the data file passes SQLite's integrity and foreign-key checks.
import fc from 'fast-check';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {SCIM_ERROR_SCHEMA} from '../../src/contract/scim.js';
import {testApp, type TestApp} from '../helpers/startService.js';

interface Operation {
  method: string;
  path: string;
  query: string[];
  bodyKeys: string[] | null;
}

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
// Rows a refused request must leave alone (audit and telemetry may record the attempt itself).
const GUARDED = ['deployments', 'environments', 'api_keys', 'users', 'branches', 'branch_files', 'resources', 'env_vars', 'dbt_syncs', 'scim_users', 'scim_groups', 'roles'];
// Browser pages answer a person, not a client: HTML errors are right there.
const HTML_PAGES = new Set(['/device', '/oauth/callback']);

let t: TestApp;
let scimToken: string;
const operations: Operation[] = [];
let spec: any;

async function fresh(): Promise<void> {
  t?.close();
  t = testApp('demo');
  scimToken = (await t.call('/api/v1/api-keys', {method: 'POST', json: {name: 'fuzz-scim', scim: true}})).body.key;
}

function resolveSchema(schema: any): any {
  if (schema?.$ref) return spec.components?.schemas?.[String(schema.$ref).split('/').pop()!] ?? {};
  return schema ?? {};
}

beforeAll(async () => {
  await fresh();
  spec = (await t.call('/api/v1/spec')).body;
  for (const [path, ops] of Object.entries<any>(spec.paths)) {
    for (const [method, op] of Object.entries<any>(ops)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const query = (op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name as string);
      const body = op.requestBody ? resolveSchema(Object.values<any>(op.requestBody.content ?? {})[0]?.schema) : null;
      operations.push({method: method.toUpperCase(), path, query, bodyKeys: body ? Object.keys(body.properties ?? {}) : null});
    }
  }
}, 30_000);
afterAll(() => t.close());

const ids = fc.oneof(
  fc.constantFrom('1', '2', '3', '0', '-1', '999999', '1.5', '1e3', 'abc', 'main', '..', '%', ' ', '9007199254740993'),
  fc.string({maxLength: 12}).filter((s) => s !== ''),
);
const values = fc.oneof(fc.constantFrom('', '0', '-1', '1', '50', 'abc', 'true', 'null', '999999999999999999999', 'SUCCESS', 'x'.repeat(300)), fc.string({maxLength: 20}));
const anyJson = fc.jsonValue({maxDepth: 3});

function bodyArb(keys: string[] | null) {
  const shaped = keys && keys.length > 0 ? fc.dictionary(fc.constantFrom(...keys), anyJson, {maxKeys: keys.length}) : anyJson;
  return fc.oneof(
    shaped.map((v) => ({text: JSON.stringify(v), type: 'application/json'})),
    anyJson.map((v) => ({text: JSON.stringify(v), type: 'application/json'})),
    fc.string({maxLength: 40}).map((s) => ({text: s, type: 'application/json'})),
    fc.constantFrom({text: '{"a":', type: 'application/json'}, {text: 'a=1', type: 'application/x-www-form-urlencoded'}, {text: '{}', type: 'text/plain'}, {text: '', type: 'application/json'}),
  );
}

type Who = 'admin' | 'scoped' | 'scim' | 'none' | 'garbage' | 'api-key-scheme';
function authorization(who: Who): string | undefined {
  switch (who) {
    case 'admin':
      return `Bearer ${t.adminKey}`;
    case 'scoped':
      return `Bearer ${t.scopedKey}`;
    case 'scim':
      return `Bearer ${scimToken}`;
    case 'api-key-scheme':
      return `Api-Key ${t.adminKey}`;
    case 'garbage':
      return 'Bearer svc_\u00e9 x';
    case 'none':
      return undefined;
  }
}

interface Watch {
  clear(): void;
  /** What changed since `clear`: "<table> <insert|delete>", each once. */
  changes(): string[];
}
const watches = new WeakMap<TestApp, Watch>();
/**
 * The guarded tables' inserts and deletes, by table and kind: temporary triggers (in the test's connection only,
 * not in the store) note each one; set up once per app. Cheaper than counting every guarded table's rows twice per
 * case (~6,000 cases), and it also sees an insert and a delete that would leave a count as it was.
 */
function watch(): Watch {
  let w = watches.get(t);
  if (w) return w;
  const db = t.ctx.db;
  const tables = new Set((db.prepare("select name from sqlite_master where type='table'").all() as Array<{name: string}>).map((r) => r.name));
  db.exec('create temp table fuzz_changes (name text not null, change text not null)');
  for (const name of GUARDED.filter((n) => tables.has(n))) {
    for (const change of ['insert', 'delete']) {
      db.exec(`create temp trigger fuzz_${change}_${name} after ${change} on main.${name} begin insert into fuzz_changes values ('${name}', '${change}'); end`);
    }
  }
  const clear = db.prepare('delete from temp.fuzz_changes');
  const changed = db.prepare("select distinct name || ' ' || change as c from temp.fuzz_changes order by c");
  w = {clear: () => void clear.run(), changes: () => (changed.all() as Array<{c: string}>).map((r) => r.c)};
  watches.set(t, w);
  return w;
}

/**
 * What is wrong with an answer to `op` (none: []): a 5xx; a 4xx without its error body; a refused request that
 * changed a guarded table. Plain checks, one expect.fail for what they find: an expect() is costlier than the check,
 * and a run makes ~6,000 cases of two to four checks each.
 */
function faults(op: Operation, res: Response, text: string): string[] {
  if (res.status >= 500) return ['a 5xx'];
  if (res.status < 400) return [];
  if (HTML_PAGES.has(op.path) && /text\/html/.test(res.headers.get('content-type') ?? '')) return [];
  const parsed = JSON.parse(text) as {schemas?: unknown; status?: unknown; error?: unknown};
  const found: string[] = [];
  if (op.path.startsWith('/api/scim/')) {
    if (!Array.isArray(parsed.schemas) || !parsed.schemas.includes(SCIM_ERROR_SCHEMA)) found.push(`schemas ${JSON.stringify(parsed.schemas)} lack ${SCIM_ERROR_SCHEMA}`);
    if (parsed.status !== String(res.status)) found.push(`status ${JSON.stringify(parsed.status)}, not "${res.status}"`);
  } else if (typeof parsed.error !== 'string') {
    found.push(`error ${JSON.stringify(parsed.error)} is not a message`);
  }
  return [...found, ...watch().changes().map((change) => `the refused request made a change: ${change}`)];
}

let cases = 0;

describe('every documented route under random input', () => {
  it('the spec lists the routes to fuzz', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it('no 5xx, errors carry their message, refused requests change nothing', async () => {
    for (const op of operations) {
      const isScim = op.path.startsWith('/api/scim/');
      const who = fc.constantFrom<Who>(...(isScim ? (['scim', 'scim', 'admin', 'none', 'garbage', 'api-key-scheme'] as const) : (['admin', 'admin', 'admin', 'scoped', 'scim', 'none', 'garbage'] as const)));
      const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      await fc.assert(
        fc.asyncProperty(
          fc.array(ids, {minLength: params.length, maxLength: params.length}),
          fc.dictionary(fc.constantFrom(...op.query, 'offset', 'limit', 'zz'), values, {maxKeys: 4}),
          op.bodyKeys !== null ? fc.option(bodyArb(op.bodyKeys), {freq: 8}) : fc.constant(null),
          who,
          fc.constantFrom<Record<string, string>>({}, {accept: 'text/html'}, {'x-forwarded-for': '1.2.3.4'}, {'content-length': '5'}, {accept: 'application/scim+json'}),
          async (pathIds, query, body, w, extra) => {
            cases++;
            let url = op.path;
            params.forEach((p, i) => (url = url.replace(`{${p}}`, encodeURIComponent(pathIds[i]!))));
            const qs = new URLSearchParams(query).toString();
            const headers: Record<string, string> = {...extra};
            const auth = authorization(w);
            if (auth !== undefined) headers.authorization = auth;
            if (body) headers['content-type'] = body.type;
            else delete headers['content-length'];
            if (body) delete headers['content-length'];
            watch().clear();
            const res = await t.app.request(`${url}${qs ? `?${qs}` : ''}`, {method: op.method, headers, body: body?.text});
            const text = await res.text();
            const what = `${op.method} ${url}?${qs} as ${w} body=${body?.text ?? '-'} → ${res.status} ${text.slice(0, 300)}`;
            const found = faults(op, res, text);
            if (found.length > 0) expect.fail(`${what}: ${found.join('; ')}`);
          },
        ),
        {numRuns: RUNS},
      );
      // A lucky DELETE of the admin's own key or user would make the rest of the run all 401s.
      if ((await t.call('/api/v1/users/me')).status !== 200) await fresh();
    }
    expect(cases).toBeGreaterThanOrEqual(operations.length * RUNS);
  }, 110_000);

  it('the store passes integrity and foreign-key checks afterwards', () => {
    expect(t.ctx.db.pragma('integrity_check', {simple: true})).toBe('ok');
    expect(t.ctx.db.pragma('foreign_key_check')).toEqual([]);
  });
});
