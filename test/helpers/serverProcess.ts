// `svc server` as a child process, for e2e tests of the service itself: each test's children are killed and its
// temporary directories removed after it, and the listening line is read from the child's stdout.
import type {ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach} from 'vitest';

/** Children and directories a test makes, cleaned after each test: push spawned children, call tempDir(). */
export function spawnedPerTest(prefix: string): {children: ChildProcess[]; dirs: string[]; tempDir(): string} {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  afterEach(() => {
    for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const d of dirs.splice(0)) rmSync(d, {recursive: true, force: true});
  });
  return {
    children,
    dirs,
    tempDir() {
      const d = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(d);
      return d;
    },
  };
}

/**
 * Collects a server child's stdout and stderr. `url` resolves with the address of its `listening on …` line and
 * rejects when none comes within `timeoutMs` or the child exits first.
 */
export function serverOutput(child: ChildProcess, timeoutMs: number): {url: Promise<string>; stdout(): string; stderr(): string} {
  let out = '';
  let err = '';
  child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line; stderr: ${err}`)), timeoutMs);
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /listening on (\S+)\n/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      reject(new Error(`exited early; stderr: ${err}`));
    });
  });
  return {url, stdout: () => out, stderr: () => err};
}
