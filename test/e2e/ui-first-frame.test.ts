// The console's first frame is painted from data: `svc ui` asks for the deployments list and the signed-in user
// while Ink and React load, so the first thing drawn on the alternate screen is the rows and the header's user,
// never a "Loading deployments…" frame replaced a moment later.
import {spawn, spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {RunningService} from '../../src/server/index.js';
import {startTestService} from '../helpers/startService.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SVC = join(ROOT, 'dist/svc.js');
const hasScript = spawnSync('script', ['--version']).status === 0;
const ENTER_ALT = '\u001B[?1049h';
const plain = (s: string) => s.replace(/\u001B\[[0-9;?]*[A-Za-z]/g, '');

let service: RunningService;
const configDir = mkdtempSync(join(tmpdir(), 'svc-first-frame-'));
beforeAll(async () => {
  service = await startTestService({seed: 'demo'});
});
afterAll(async () => {
  await service.close();
  rmSync(configDir, {recursive: true, force: true});
});

/** Runs `svc ui` in a pseudo-terminal until the first deployment row is on screen, then quits; returns the output. */
function firstRows(): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn('script', ['-qfec', `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(SVC)} ui`, '/dev/null'], {
      env: {PATH: process.env.PATH ?? '', HOME: configDir, TERM: 'xterm-256color', SVC_API_URL: service.url, SVC_API_KEY: service.adminKey, SVC_CONFIG_DIR: configDir},
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let quit = false;
    const timer = setTimeout(() => (child.kill('SIGKILL'), fail(new Error(`no rows within 15 s:\n${plain(out).slice(-1500)}`))), 15_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!quit && out.includes('analytics-prod')) {
        quit = true;
        child.stdin.write('q');
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      if (quit) done(out);
      else fail(new Error(`svc ui exited before showing rows:\n${plain(out).slice(-1500)}`));
    });
  });
}

describe.skipIf(!hasScript)('svc ui first frame', () => {
  it('paints the rows and the signed-in user in the first frame, with no loading frame before them', async () => {
    const out = await firstRows();
    const screen = out.slice(out.indexOf(ENTER_ALT));
    const beforeRows = plain(screen.slice(0, screen.indexOf('analytics-prod')));
    expect(beforeRows).not.toContain('Loading deployments');
    expect(beforeRows).toContain('admin@acme.example');
    expect(beforeRows).toMatch(/ID +NAME +URL/);
  });
});
