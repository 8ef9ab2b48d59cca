// `svc watch` end to end: the bundled CLI (dist/svc.js, `npm run build`) against a `svc server` child on loopback
// (--speed 2, so a broken-compile sync fails in about 8 s). --until-idle after a failed sync exits 1 with parseable
// JSON lines; ctrl+c (SIGINT) ends the watch with 130 and no stack trace; a deployment it cannot see is refused.
import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {CLI, runCli, STACK_LINE, startServerProcess} from '../helpers/cliHarness.js';

const ADMIN_KEY = 'svc_e2eWatch0123456789abcdefghijklmn';
const work = mkdtempSync(join(tmpdir(), 'svc-watch-'));
const children: ChildProcess[] = [];
let url = '';

const baseEnv = () => ({PATH: process.env.PATH ?? '', HOME: work, SVC_CONFIG_DIR: join(work, 'config'), NO_COLOR: '1', SVC_API_URL: url, SVC_API_KEY: ADMIN_KEY});
const svc = (args: string[]) => runCli(args, baseEnv());

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error('dist/svc.js is missing: run `npm run build` first');
  const server = await startServerProcess(work, {data: join(work, 'watch.db'), speed: 2, adminKey: ADMIN_KEY});
  children.push(server.child);
  url = server.url;
}, 60_000);

afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
  rmSync(work, {recursive: true, force: true});
});

async function startBrokenSync(deployment: string): Promise<string> {
  const started = await svc(['--json', 'dbt', 'sync', deployment, '--ref', 'broken-compile']);
  expect(started.code, started.stderr).toBe(0);
  return JSON.parse(started.stdout).syncJobId as string;
}

describe('svc watch', () => {
  it('--until-idle --json: a sync that fails is started, changes phase, finishes failed; exit 1', async () => {
    const syncJobId = await startBrokenSync('1');
    const run = await svc(['--json', 'watch', '--deployment', '1', '--until-idle']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).not.toMatch(STACK_LINE);
    expect(run.stderr).toContain('idle: 1 watched run failed');
    const lines = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const mine = lines.filter((l) => l.id === syncJobId);
    expect(mine[0]).toMatchObject({event: 'started', kind: 'sync', deploymentId: '1', ref: 'broken-compile', trigger: 'api', status: 'running'});
    expect(mine.at(-1)).toMatchObject({event: 'finished', status: 'failed', phase: 'dbt-compile', durationMs: expect.any(Number)});
    expect(mine.some((l) => l.event === 'phase')).toBe(true);
  }, 60_000);

  it('text lines; ctrl+c ends the watch with 130, cleanly', async () => {
    await startBrokenSync('1');
    const child = spawn(process.execPath, [CLI, 'watch', '-d', '1'], {env: baseEnv(), stdio: ['ignore', 'pipe', 'pipe']});
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const sawStart = new Promise<void>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        if (/started sync \S+ on \S+ \(1\): running/.test(stdout)) resolve();
      });
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await sawStart;
    expect(stdout).toMatch(/^\d\d:\d\d:\d\d started sync [0-9a-f-]+ on \S+ \(1\): running [A-Z_]+ · ref broken-compile · api$/m);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).not.toMatch(STACK_LINE);
  }, 60_000);

  it('refuses a deployment the credential cannot see, naming it; exit 1', async () => {
    const run = await svc(['watch', '--deployment', 'no-such-deployment', '--until-idle']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/error: no deployment 'no-such-deployment' among the \d+ this credential can see/);
    expect(run.stderr).not.toMatch(STACK_LINE);
  }, 60_000);
});
