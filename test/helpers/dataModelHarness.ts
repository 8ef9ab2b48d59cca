// Shared by the data-model and deploy e2e tests: the bundled CLI (dist/svc.js) run as a child process against a
// `svc server --port 0` child on loopback, with a throw-away config and data directory.
import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {CLI, runCli, type Run} from './cliHarness.js';

export interface Harness {
  work: string;
  url: string;
  adminKey: string;
  /** Runs `svc …` as the admin (or with `env` overrides) and resolves when it exits. */
  svc(args: string[], env?: Record<string, string>): Promise<Run>;
  close(): void;
}

export async function startHarness(name: string, adminKey: string, speed = 20): Promise<Harness> {
  if (!existsSync(CLI)) throw new Error('dist/svc.js is missing: run `npm run build` first');
  const work = mkdtempSync(join(tmpdir(), `svc-${name}-`));
  const children: ChildProcess[] = [];
  const server = spawn(process.execPath, [CLI, 'server', '--port', '0', '--data', join(work, 'svc.db'), '--speed', String(speed), '--admin-key', adminKey], {
    env: {PATH: process.env.PATH ?? '', HOME: work, SVC_DATA_DIR: work},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(server);
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    let err = '';
    server.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const found = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (found) done(found);
    });
    server.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    server.on('exit', (code) => {
      rmSync(work, {recursive: true, force: true});
      fail(new Error(`svc server exited with ${code}: ${err}`));
    });
  });
  const svc = (args: string[], env: Record<string, string> = {}) =>
    runCli(args, {
      PATH: process.env.PATH ?? '', HOME: work, SVC_CONFIG_DIR: join(work, 'config'), NO_COLOR: '1', SVC_NO_TELEMETRY: '1', SVC_NO_UPDATE_CHECK: '1',
      SVC_API_URL: url, SVC_API_KEY: adminKey, ...env,
    });
  return {
    work,
    url,
    adminKey,
    svc,
    close() {
      for (const child of children) child.kill('SIGTERM');
      rmSync(work, {recursive: true, force: true});
    },
  };
}
