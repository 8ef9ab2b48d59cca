// `svc deploy` at scale: a project of 5,000 files (~50 MB) of which 10 change between deploys. Counts the
// upload/file requests that reach the service through a counting proxy (must be exactly 10 per deploy), and
// times the hashing step of workflows/deploy.ts in-process against a 1 s budget.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {request, createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {collectFiles, hashFiles} from '../../src/workflows/deploy.js';
import {timeNode, type BenchContext, type Suite} from './measure.js';

const FILES = 5_000;
const CHANGED = 10;
const FILE_BYTES = 10_000;
const DEPLOYMENT = '3';

/** Forwards every request to the service untouched, counting upload/file requests. */
function countingProxy(target: string): Promise<{url: string; uploads: () => number; server: Server}> {
  const upstream = new URL(target);
  let uploads = 0;
  const server = createServer((req, res) => {
    if (req.url?.includes('/data-model/upload/file')) uploads++;
    const out = request({host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers}, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  // The suite has no teardown: an unref'd proxy lets the bench process end when the service closes.
  server.unref();
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, uploads: () => uploads, server})));
}

const body = (seed: string) => `${seed}\n${'0123456789abcdef'.repeat(FILE_BYTES / 16)}`.slice(0, FILE_BYTES);

let project: string | undefined;
let proxy: Awaited<ReturnType<typeof countingProxy>> | undefined;
let round = 0;

function projectDir(): string {
  if (project) return project;
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-deploy-'));
  project = dir;
  process.on('exit', () => rmSync(dir, {recursive: true, force: true}));
  for (let i = 0; i < FILES; i++) {
    const sub = join(dir, 'assets', `part-${String(Math.floor(i / 100)).padStart(2, '0')}`);
    if (i % 100 === 0) mkdirSync(sub, {recursive: true});
    writeFileSync(join(sub, `file-${String(i).padStart(4, '0')}.txt`), body(`file ${i}`));
  }
  return dir;
}

async function deployOnce(ctx: BenchContext): Promise<{ms: number; uploads: number}> {
  proxy ??= await countingProxy(ctx.url);
  const before = proxy.uploads();
  const ms = await timeNode([ctx.cli, 'deploy', DEPLOYMENT, '--directory', projectDir()], {SVC_API_URL: proxy.url, SVC_API_KEY: ctx.adminKey, SVC_CONFIG_DIR: '/nonexistent-svc-bench', SVC_NO_TELEMETRY: '1'});
  return {ms, uploads: proxy.uploads() - before};
}

export const deploySuite: Suite = {
  id: 'deploy',
  title: 'Deploy',
  description:
    `A project of ${FILES.toLocaleString('en')} files of ${FILE_BYTES.toLocaleString('en')} bytes (~50 MB). "svc deploy" is the bundled CLI, ` +
    `a fresh process, deploying it after ${CHANGED} files changed; the service counts its upload/file requests through a proxy and the run ` +
    `fails unless exactly ${CHANGED} arrive. "hash" is collectFiles + hashFiles of workflows/deploy.ts in-process; "budget" is the 1 s target.`,
  measures: [
    {name: 'budget: 1 s', run: () => Promise.resolve(1_000)},
    {
      name: `hash ${FILES} files (in-process)`,
      run: async () => {
        const dir = projectDir();
        const started = performance.now();
        const hashes = await hashFiles(dir, await collectFiles(dir));
        const ms = performance.now() - started;
        if (hashes.size !== FILES) throw new Error(`hashed ${hashes.size} files, expected ${FILES}`);
        return ms;
      },
    },
    {
      name: `svc deploy, ${CHANGED} of ${FILES} changed`,
      run: async (ctx) => {
        const dir = projectDir();
        // The first deploy of the project sends everything; after it each run changes exactly CHANGED files.
        if (round === 0) await deployOnce(ctx);
        round++;
        for (let i = 0; i < CHANGED; i++) {
          const n = (round * CHANGED + i) % FILES;
          writeFileSync(join(dir, 'assets', `part-${String(Math.floor(n / 100)).padStart(2, '0')}`, `file-${String(n).padStart(4, '0')}.txt`), body(`file ${n} round ${round}`));
        }
        const {ms, uploads} = await deployOnce(ctx);
        if (uploads !== CHANGED) throw new Error(`deploy sent ${uploads} upload/file requests for ${CHANGED} changed files`);
        return ms;
      },
    },
  ],
  targets: [
    {label: `hashing ${FILES} files vs the 1 s budget`, measure: `hash ${FILES} files (in-process)`, baseline: 'budget: 1 s', maxRatio: 1},
    {label: `deploy of ${CHANGED} changed files vs hashing alone`, measure: `svc deploy, ${CHANGED} of ${FILES} changed`, baseline: `hash ${FILES} files (in-process)`, maxRatio: Number.POSITIVE_INFINITY},
  ],
};
