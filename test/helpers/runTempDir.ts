// One temporary directory per test run, for everything the run puts in the system's temporary directory: vitest's
// globalSetup (vitest.config.ts, before the run's other setup) makes it and points TMPDIR at it, so the run's image
// (seedImage.ts), every test's mkdtemp and the processes tests spawn write under it; its teardown removes it. A run
// killed before its teardown (SIGTERM to vitest skips it) leaves it behind, so a run's directory is named after the
// process that owns it, and setup removes those whose process is gone: never a live run's, never another name.
import {chmodSync, mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

/** A run's directory: `svc-test-run-<pid of vitest's process>-<mkdtemp's six characters>`. */
const RUN_DIR = /^svc-test-run-(\d+)-[A-Za-z0-9]{6}$/;

/** Whether process `pid` exists (EPERM: it does, another user's). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the run directories under `root` whose process is gone; makes this process's own there and returns it. */
export function newRunDir(root: string): string {
  for (const name of readdirSync(root)) {
    const pid = RUN_DIR.exec(name)?.[1];
    if (pid !== undefined && !processAlive(Number(pid))) rmSync(join(root, name), {recursive: true, force: true});
  }
  const dir = mkdtempSync(join(root, `svc-test-run-${process.pid}-`));
  // Open to every user, as the system's is (sticky: each removes only their own): a test acts as another user there.
  chmodSync(dir, 0o1777);
  return dir;
}

/**
 * The run's directory, once made. Every project (tier) runs the globalSetup in vitest's one process: the first
 * makes it and the others find TMPDIR pointing at it already.
 */
const RUN_DIR_MADE = Symbol.for('svc.test.runTempDir');
type RunGlobal = {[RUN_DIR_MADE]?: string};

/** globalSetup: TMPDIR is the run's own directory until the run ends (the workers start after it, with it set). */
export default function setup(): (() => void) | undefined {
  const run = globalThis as RunGlobal;
  if (run[RUN_DIR_MADE] !== undefined) return undefined;
  const before = process.env.TMPDIR;
  const dir = (run[RUN_DIR_MADE] = newRunDir(tmpdir()));
  process.env.TMPDIR = dir;
  return () => {
    delete run[RUN_DIR_MADE];
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, {recursive: true, force: true});
  };
}
