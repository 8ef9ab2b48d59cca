// `svc ui` refusals happen before the screen is touched: a plain `error:` line, exit code, no stack.
import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SVC = join(ROOT, 'dist/svc.js');
const configDir = mkdtempSync(join(tmpdir(), 'svc-ui-entry-'));
afterAll(() => rmSync(configDir, {recursive: true, force: true}));
const env = {...process.env, SVC_CONFIG_DIR: configDir, SVC_API_URL: '', SVC_API_KEY: ''};
const hasScript = spawnSync('script', ['--version']).status === 0;

describe('svc ui entry', () => {
  it('refuses to start without a terminal, exit 1', () => {
    const r = spawnSync(process.execPath, [SVC, 'ui'], {env, encoding: 'utf8', input: ''});
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('error: svc ui needs an interactive terminal (use command mode, e.g. svc deployments list)\n');
    expect(r.stdout).toBe('');
  });

  it('rejects a bad --speed as a usage error (exit 2)', () => {
    const r = spawnSync(process.execPath, [SVC, 'ui', '--local', '--speed', 'fast'], {env, encoding: 'utf8', input: ''});
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('error: --speed must be a positive number (got fast)');
  });

  it.skipIf(!hasScript)('in a terminal but not logged in: says how to log in, never enters the full screen', () => {
    const r = spawnSync('script', ['-qfec', `${process.execPath} ${SVC} ui`, '/dev/null'], {env, encoding: 'utf8', input: ''});
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('error: not logged in: run `svc login`, or set SVC_API_URL and SVC_API_KEY');
    expect(r.stdout).not.toContain('\u001B[?1049h');
    expect(r.stdout).not.toMatch(/\n\s+at /);
  });
});
