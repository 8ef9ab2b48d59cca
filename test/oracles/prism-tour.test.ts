// Oracle: the Prism validation proxy over the platform's reference description, in front of `svc server`, while a
// tour of CLI commands runs through it. Every request the client sends must be valid by the reference (zero
// request violations); every response violation must be fixed or listed in docs/seed-differences.md (the one list
// of sanctioned differences, read by seedDifferences.ts) with its reason.
//
// The reference is not part of the repository (test/helpers/reference.ts finds it); without it the suite is
// skipped with the reason printed.
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ADMIN_KEY, runCli, startServerProcess, type ServerProcess} from '../helpers/cliHarness.js';
import {startRecordingProxy, type RecordingProxy} from '../helpers/recordingProxy.js';
import {TOUR} from './tour.js';
import {readSeedDifferences, type AllowEntry} from './seedDifferences.js';
import {REFERENCE_PATH as REFERENCE, referencePresent} from '../helpers/reference.js';

const ROOT = resolve(import.meta.dirname, '../..');
const PRISM = join(ROOT, 'node_modules/.bin/prism');
const present = referencePresent();
if (!present) process.stdout.write(`skipping the Prism oracle: no reference description at ${REFERENCE} (set SVC_REFERENCE_API)\n`);

interface Violation {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}
const allowlist = readSeedDifferences();
/** Prism's answer for a request whose route the reference does not have. */
const UNDESCRIBED = 'Selected route not found';
/** Prism's warning for a status the operation does not list. */
const NO_SUCH_STATUS = 'Unable to match the returned status code';
/** `response.body.items.*.api_credentials` matches that field of every item (and anything inside it). */
const locationMatches = (pattern: string, where: string) =>
  new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('\\d+')}(\\.|$)`).test(where);

const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const {port} = s.address() as {port: number};
      s.close(() => done(port));
    });
  });

let server: ServerProcess;
let prism: ChildProcess;
let proxy: RecordingProxy;
const work = mkdtempSync(join(tmpdir(), 'svc-prism-'));

async function startPrism(upstream: string): Promise<{child: ChildProcess; url: string}> {
  const port = await freePort();
  const child = spawn(process.execPath, [PRISM, 'proxy', REFERENCE, upstream, '--port', String(port), '--host', '127.0.0.1', '--errors', 'false', '-v', 'warn'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const up = await fetch(`${url}/api/v1/regions`, {signal: AbortSignal.timeout(2000)}).then(() => true, () => false);
    if (up) return {child, url};
    if (child.exitCode !== null) throw new Error(`prism exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error('prism did not start within 60 s');
}

describe.skipIf(!present)('Prism validation proxy over the reference, CLI tour', () => {
  beforeAll(async () => {
    server = await startServerProcess(work);
    const started = await startPrism(server.url);
    prism = started.child;
    proxy = await startRecordingProxy(started.url);
  }, 90_000);
  afterAll(async () => {
    await proxy?.close();
    prism?.kill('SIGTERM');
    server?.child.kill('SIGTERM');
  });

  it('sends only valid requests, and every response violation is fixed or sanctioned', async () => {
    const env = {PATH: process.env.PATH ?? '', HOME: work, SVC_CONFIG_DIR: join(work, 'config'), CI: 'true', NO_COLOR: '1', SVC_API_URL: proxy.url, SVC_API_KEY: ADMIN_KEY};
    // Every entry must reach the service (a usage error, exit 2, sends nothing): a 404 or 409 still had its request
    // checked against the description.
    const unsent: string[] = [];
    for (const args of TOUR) {
      const run = await runCli(args, env);
      if (run.code === 2) unsent.push(`${args.join(' ')}: ${run.stderr.split('\n')[0]}`);
    }
    expect(unsent).toEqual([]);
    const requestViolations: string[] = [];
    const unsanctioned: string[] = [];
    const used = new Set<AllowEntry>();
    for (const e of proxy.exchanges) {
      const header = e.responseHeaders['sl-violations'];
      if (typeof header !== 'string' || header === '') continue;
      const operation = `${e.method} ${e.path.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;
      for (const v of JSON.parse(header) as Violation[]) {
        const where = v.location.join('.');
        const line = `${operation} ${where} ${v.code ?? ''}: ${v.message}`;
        if (v.message === UNDESCRIBED) {
          const allowed = allowlist.find((a) => a.operation === operation && a.location === 'undescribed');
          if (allowed) used.add(allowed);
          else requestViolations.push(line);
          continue;
        }
        // The description documents success answers only; an error answer (4xx) of a command given an id that is
        // not there is not a difference in shape.
        if (v.message.startsWith(NO_SUCH_STATUS) && e.status >= 400) continue;
        if (v.location[0] === 'request') {
          requestViolations.push(line);
          continue;
        }
        const allowed = allowlist.find((a) => a.operation === operation && locationMatches(a.location, where) && (a.code === undefined || a.code === String(v.code)));
        if (allowed) used.add(allowed);
        else unsanctioned.push(line);
      }
    }
    const problems = {requests: [...new Set(requestViolations)], responses: [...new Set(unsanctioned)]};
    expect(problems).toEqual({requests: [], responses: []});
    // The allow-list holds nothing stale: every entry is still needed by the tour.
    expect(allowlist.filter((a) => !used.has(a)).map((a) => `${a.operation} ${a.location}`)).toEqual([]);
  }, 400_000);
});
