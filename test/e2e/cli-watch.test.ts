// `svc watch` from the built CLI (dist/svc.js, `npm run build`): ctrl+c (SIGINT) ends the watch with 130 and no
// stack trace, after the text line of a sync that started. The service runs in-process at --speed 2. --until-idle
// and a deployment it cannot see: test/cli/watch.test.ts.
import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {RunningService} from '../../src/server/index.js';
import {CLI, STACK_LINE} from '../helpers/cliHarness.js';
import {runInProcess, startCliService} from '../helpers/cliInProcess.js';

const work = mkdtempSync(join(tmpdir(), 'svc-watch-'));
const children: ChildProcess[] = [];
let service: RunningService;

const baseEnv = () => ({PATH: process.env.PATH ?? '', HOME: work, SVC_CONFIG_DIR: join(work, 'config'), NO_COLOR: '1', SVC_API_URL: service.url, SVC_API_KEY: service.adminKey});

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error('dist/svc.js is missing: run `npm run build` first');
  service = await startCliService({speed: 2});
}, 60_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await service.close();
  rmSync(work, {recursive: true, force: true});
});

describe('svc watch', () => {
  it('text lines; ctrl+c ends the watch with 130, cleanly', async () => {
    const started = await runInProcess(['--json', 'dbt', 'sync', '1', '--ref', 'broken-compile'], baseEnv());
    expect(started.code, started.stderr).toBe(0);
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
});
