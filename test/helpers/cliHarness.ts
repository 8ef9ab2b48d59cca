// End-to-end harness for command mode: runs the bundled CLI (dist/svc.js, built by `npm test`) against a
// `svc server` child process on loopback, with a throw-away config directory per suite.
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {background, type BackgroundRun} from './background.js';

export const CLI = resolve(import.meta.dirname, '../../dist/svc.js');
/** A fixed admin key, so tests can log in without reading the server's output. */
export const ADMIN_KEY = 'svc_cliE2eAdminKey0123456789abcdefgh';
/** A line of a stack trace: never acceptable in what a user sees. */
export const STACK_LINE = /at .*\.js:\d+/;

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface Harness {
  url: string;
  scopedKey: string;
  configDir: string;
  /** Runs `svc …` with SVC_CONFIG_DIR set to this suite's directory and CI=true. */
  svc(args: string[], opts?: {env?: Record<string, string>; input?: string}): Promise<Run>;
  /** Runs `svc …` with SVC_API_URL/SVC_API_KEY pointing at the server as admin (no login needed). */
  admin(args: string[], opts?: {env?: Record<string, string>; input?: string}): Promise<Run>;
  close(): Promise<void>;
}

/** `svc …` as the admin, expected to succeed (it throws with the command's stderr otherwise). */
async function adminOk(h: Harness, args: string[], input?: string): Promise<string> {
  const run = await h.admin(args, input === undefined ? {} : {input});
  if (run.code !== 0) throw new Error(`svc ${args.join(' ')} exited ${run.code}: ${run.stderr}`);
  return run.stdout;
}

/** What `svc … --json`-style commands print, parsed, from a run as the admin that must succeed. */
export const adminJson = async (h: Harness, args: string[], input?: string) => JSON.parse(await adminOk(h, args, input)) as Record<string, any>;

/** The lines a run as the admin prints (a table), from a run that must succeed. */
export const adminLines = async (h: Harness, args: string[]) => (await adminOk(h, args)).trimEnd().split('\n');

export function runCli(args: string[], env: Record<string, string>, input?: string): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, ...args], {env, stdio: ['pipe', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({code, stdout, stderr}));
    // No input means an empty stdin that is already closed, as in CI.
    child.stdin.end(input ?? '');
  });
}

/** `svc …` as a child process that goes on while the test acts (a sign-in waiting for its approval). */
export function runInBackground(args: string[], env: Record<string, string>): BackgroundRun {
  return background(
    (onStdout) =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [CLI, ...args], {env, stdio: ['ignore', 'pipe', 'pipe']});
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => onStdout((stdout += d.toString())));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('error', reject);
        child.on('close', (code) => resolve({code, stdout, stderr}));
      }),
  );
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  scopedKey: string;
}

/**
 * Starts `svc server` on a free loopback port (demo seed) and resolves once it is listening and has printed the
 * scoped demo key (first start of its data file). `data` defaults to ':memory:'; `speed` compresses engine time.
 */
export function startServerProcess(work: string, opts: {data?: string; speed?: number; adminKey?: string} = {}): Promise<ServerProcess> {
  const args = ['server', '--port', '0', '--seed', 'demo', '--data', opts.data ?? ':memory:', '--admin-key', opts.adminKey ?? ADMIN_KEY];
  if (opts.speed !== undefined) args.push('--speed', String(opts.speed));
  const child = spawn(process.execPath, [CLI, ...args], {
    env: {PATH: process.env.PATH ?? '', HOME: work, SVC_DATA_DIR: work, CI: 'true'},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((done, fail) => {
    let out = '';
    let err = '';
    // The address comes on stdout, the scoped key on stderr; either may arrive first.
    const check = () => {
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      const scopedKey = /scoped to the first deployment[^:]*: (svc_\w+)/.exec(err)?.[1];
      if (url && scopedKey) done({child, url, scopedKey});
    };
    child.stdout.on('data', (d: Buffer) => ((out += d.toString()), check()));
    child.stderr.on('data', (d: Buffer) => ((err += d.toString()), check()));
    child.on('error', fail);
    child.on('exit', (code) => fail(new Error(`svc server exited with ${code} before listening: ${err}`)));
  });
}

export async function startHarness(): Promise<Harness> {
  const work = mkdtempSync(join(tmpdir(), 'svc-cli-e2e-'));
  const configDir = join(work, 'config');
  const {child, url, scopedKey} = await startServerProcess(work);
  const base = {PATH: process.env.PATH ?? '', HOME: work, SVC_CONFIG_DIR: configDir, CI: 'true', NO_COLOR: '1'};
  return {
    url,
    scopedKey,
    configDir,
    svc: (args, opts = {}) => runCli(args, {...base, ...opts.env}, opts.input),
    admin: (args, opts = {}) => runCli(args, {...base, SVC_API_URL: url, SVC_API_KEY: ADMIN_KEY, ...opts.env}, opts.input),
    close: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
