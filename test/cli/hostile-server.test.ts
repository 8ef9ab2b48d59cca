// The CLI (the command tree in-process) against a hostile server (two stub servers on 127.0.0.1 ports): it must
// not carry a secret across a redirect, must not let the server drive the terminal, must not read a broken answer
// as "No results", and must print a list of any size.
import type {ServerResponse} from 'node:http';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {json, startStub, text} from '../helpers/httpStub.js';
import {STACK_LINE} from '../helpers/cliHarness.js';
import {runInProcess} from '../helpers/cliInProcess.js';

const ESC = '\u001b';
const HOSTILE = `evil${ESC}]0;pwned\u0007${ESC}[2J\r\u009b1m\u202eorp`;
/** Characters a terminal would act on (TAB and LF aside). */
const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const BIG = 200_000;

let stub: Awaited<ReturnType<typeof startStub>>;
let other: Awaited<ReturnType<typeof startStub>>;
let body: unknown;
let status = 200;

beforeAll(async () => {
  other = await startStub({'/steal': (_q, res, got) => json(res, 200, {got})});
  const bigList = JSON.stringify({items: Array.from({length: BIG}, (_, i) => ({id: i + 1, name: `d${i + 1}`}))});
  stub = await startStub({
    '/api/v1/deployments/1/env-vars': (_q, res: ServerResponse) => {
      res.writeHead(307, {location: `${other.url}/steal`});
      res.end();
    },
    '/api/v1/deployments': (_q, res) => json(res, status, body),
    '/api/v1/regions': (_q, res) => text(res, 200, bigList, 'application/json'),
  });
});

afterAll(async () => {
  await stub.close();
  await other.close();
});

const work = mkdtempSync(join(tmpdir(), 'svc-hostile-'));
const svc = (args: string[]) =>
  runInProcess(args, {HOME: work, SVC_CONFIG_DIR: join(work, 'config'), CI: 'true', NO_COLOR: '1', SVC_API_URL: stub.url, SVC_API_KEY: 'svc_k'});

describe('svc against a hostile server', () => {
  it('does not re-send an env-var password to the other port a 307 points at', async () => {
    const run = await svc(['variables', 'set', '1', 'CUBEJS_DB_PASS=hunter2']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('redirected (307) to another origin');
    expect(other.requests).toEqual([]);
    expect(run.stderr).not.toMatch(STACK_LINE);
  });

  it('prints names with escape sequences as inert text in tables and as the same document with --json', async () => {
    body = {items: [{id: 1, name: HOSTILE, deploymentUrl: 'https://x.example'}]};
    status = 200;
    const table = await svc(['deployments', 'list']);
    expect(table.code).toBe(0);
    expect(table.stdout).not.toMatch(ACTIVE);
    expect(table.stdout).toContain('evil\\x1b]0;pwned\\x07\\x1b[2J');
    const raw = await svc(['deployments', 'list', '--json']);
    expect(raw.stdout).not.toMatch(ACTIVE);
    expect(JSON.parse(raw.stdout)).toEqual(body);
  });

  it('keeps server text in error lines inert', async () => {
    body = {error: `nope ${HOSTILE}`};
    status = 400;
    const run = await svc(['deployments', 'list']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('nope evil\\x1b]0;pwned');
    expect(run.stderr).not.toMatch(ACTIVE);
  });

  it('fails (exit 1) on a null or wrong-shaped list instead of printing "No results"', async () => {
    status = 200;
    for (const [answer, got] of [
      [null, 'got null'],
      [{items: 'x'}, 'got an object with fields items'],
      ['a string', 'got a string'],
      [{items: [1, 2]}, 'expected list item 1 to be a JSON object, got a number'],
    ] as const) {
      body = answer;
      const run = await svc(['deployments', 'list']);
      expect(run.code, JSON.stringify(answer)).toBe(1);
      expect(run.stderr).toContain('unexpected answer from the service: expected');
      expect(run.stderr).toContain(got);
      expect(run.stderr).not.toContain('No results');
    }
  });

  it(`prints a list of ${BIG.toLocaleString('en')} rows`, async () => {
    const run = await svc(['regions']);
    expect(run.stderr).not.toContain('Maximum call stack');
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(BIG + 1);
    expect(lines.at(-1)).toMatch(/d200000/);
  }, 60_000);
});
