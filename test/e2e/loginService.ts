// A `svc server` child for the sign-in end-to-end tests, with short token and device-code lifetimes (the
// shared harness starts its server with a fixed environment), and a way to run `svc login` in the background.
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {ADMIN_KEY, CLI} from '../helpers/cliHarness.js';

export interface LoginService {
  url: string;
  work: string;
  close(): Promise<void>;
}

export async function startLoginService(env: Record<string, string>): Promise<LoginService> {
  const work = mkdtempSync(join(tmpdir(), 'svc-login-e2e-'));
  const child = spawn(process.execPath, [CLI, 'server', '--port', '0', '--seed', 'demo', '--data', ':memory:', '--admin-key', ADMIN_KEY], {
    env: {PATH: process.env.PATH ?? '', HOME: work, SVC_DATA_DIR: work, CI: 'true', ...env},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const found = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (found) done(found);
    });
    child.stderr.resume();
    child.on('error', fail);
    child.on('exit', (code) => fail(new Error(`svc server exited with ${code} before listening`)));
  });
  return {url, work, close: () => stop(child)};
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface BackgroundRun {
  /** Resolves with the output so far once `pattern` appears on stdout. */
  waitForStdout(pattern: RegExp): Promise<RegExpExecArray>;
  done: Promise<{code: number | null; stdout: string; stderr: string}>;
  kill(): void;
}

export function runInBackground(args: string[], env: Record<string, string>): BackgroundRun {
  const child = spawn(process.execPath, [CLI, ...args], {env, stdio: ['ignore', 'pipe', 'pipe']});
  let stdout = '';
  let stderr = '';
  const watchers: Array<() => void> = [];
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    for (const w of [...watchers]) w();
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{code: number | null; stdout: string; stderr: string}>((resolve) => child.on('close', (code) => resolve({code, stdout, stderr})));
  return {
    done,
    kill: () => child.kill('SIGTERM'),
    waitForStdout: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(stdout);
          if (m) {
            watchers.splice(watchers.indexOf(check), 1);
            resolve(m);
          }
        };
        watchers.push(check);
        check();
        void done.then(() => reject(new Error(`exited before printing ${pattern}: ${stdout}${stderr}`)));
      }),
  };
}
