// The Prism oracle's machinery, shared by the CLI tour (prism-tour.test.ts) and the console's screens
// (prism-console.test.tsx): Prism's validation proxy over the platform's reference description in front of a
// service, a recording proxy in front of Prism, and the one reading of Prism's `sl-violations` header against
// docs/seed-differences.md (the allow-list).
//
// The reference is not part of the repository (test/helpers/reference.ts finds it); tests skip without it.
import {spawn, type ChildProcess} from 'node:child_process';
import {createServer} from 'node:net';
import {join, resolve} from 'node:path';
import {startRecordingProxy, type Exchange, type RecordingProxy} from '../helpers/recordingProxy.js';
import {REFERENCE_PATH as REFERENCE, referencePresent} from '../helpers/reference.js';
import {readSeedDifferences, type AllowEntry} from './seedDifferences.js';

const ROOT = resolve(import.meta.dirname, '../..');
const PRISM = join(ROOT, 'node_modules/.bin/prism');

/** Whether the reference is there; prints why the calling suite is skipped when it is not. */
export function prismReady(suite: string): boolean {
  const present = referencePresent();
  if (!present) process.stdout.write(`skipping ${suite}: no reference description at ${REFERENCE} (set SVC_REFERENCE_API)\n`);
  return present;
}

interface Violation {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}
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

async function startPrism(upstream: string): Promise<{child: ChildProcess; url: string}> {
  const port = await freePort();
  // One process: under NODE_ENV=production (the tests' environment) Prism's default forks a worker that loads it
  // all again and pipes its log through the first, a few seconds of CPU more per start.
  const child = spawn(process.execPath, [PRISM, 'proxy', REFERENCE, upstream, '--port', String(port), '--host', '127.0.0.1', '--errors', 'false', '-v', 'warn', '--multiprocess', 'false'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Its log is read as it comes (a process writing to a full pipe nobody reads stops), the end kept for an error.
  let log = '';
  const keep = (chunk: Buffer) => void (log = (log + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const up = await fetch(`${url}/api/v1/regions`, {signal: AbortSignal.timeout(2000)}).then(() => true, () => false);
    if (up) return {child, url};
    if (child.exitCode !== null) throw new Error(`prism exited with ${child.exitCode}: ${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`prism did not start within 60 s: ${log}`);
}

export interface PrismOracle {
  /** Where clients send their requests: the recording proxy in front of Prism. */
  url: string;
  /** Every exchange so far, with Prism's `sl-violations` header. */
  exchanges: Exchange[];
  close(): Promise<void>;
}

/** Prism's validation proxy in front of `upstream`, and a recording proxy in front of Prism. */
export async function startPrismOracle(upstream: string): Promise<PrismOracle> {
  const prism = await startPrism(upstream);
  let proxy: RecordingProxy;
  try {
    proxy = await startRecordingProxy(prism.url);
  } catch (e) {
    prism.child.kill('SIGTERM');
    throw e;
  }
  return {
    url: proxy.url,
    exchanges: proxy.exchanges,
    async close() {
      await proxy.close();
      prism.child.kill('SIGTERM');
    },
  };
}

/** The operation of an exchange as the allow-list writes it: numeric ids become `{id}`. */
export const operationOf = (e: Pick<Exchange, 'method' | 'path'>) => `${e.method} ${e.path.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;

export interface Verdict {
  /** Request violations, and undescribed operations the allow-list does not sanction. */
  requests: string[];
  /** Response violations the allow-list does not sanction. */
  responses: string[];
  /** The allow-list entries these exchanges needed. */
  used: Set<AllowEntry>;
}

/** Reads Prism's violations of `exchanges` against docs/seed-differences.md. */
export function judge(exchanges: readonly Exchange[], allowlist: readonly AllowEntry[] = readSeedDifferences()): Verdict {
  const requests: string[] = [];
  const responses: string[] = [];
  const used = new Set<AllowEntry>();
  for (const e of exchanges) {
    const header = e.responseHeaders['sl-violations'];
    if (typeof header !== 'string' || header === '') continue;
    const operation = operationOf(e);
    for (const v of JSON.parse(header) as Violation[]) {
      const where = v.location.join('.');
      const line = `${operation} ${where} ${v.code ?? ''}: ${v.message}`;
      if (v.message === UNDESCRIBED) {
        const allowed = allowlist.find((a) => a.operation === operation && a.location === 'undescribed');
        if (allowed) used.add(allowed);
        else requests.push(line);
        continue;
      }
      // The description documents success answers only; an error answer (4xx) of a request given an id that is
      // not there is not a difference in shape.
      if (v.message.startsWith(NO_SUCH_STATUS) && e.status >= 400) continue;
      if (v.location[0] === 'request') {
        requests.push(line);
        continue;
      }
      const allowed = allowlist.find((a) => a.operation === operation && locationMatches(a.location, where) && (a.code === undefined || a.code === String(v.code)));
      if (allowed) used.add(allowed);
      else responses.push(line);
    }
  }
  return {requests: [...new Set(requests)], responses: [...new Set(responses)], used};
}
