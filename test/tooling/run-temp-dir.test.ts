// A test run's temporary directory (helpers/runTempDir.ts): a new run removes the directories of runs whose process
// is gone (killed before their teardown), and nothing else.
import {mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {basename, dirname, join} from 'node:path';
import {describe, expect, it, onTestFinished} from 'vitest';
import {newRunDir, processAlive} from '../helpers/runTempDir.js';

/** Above any pid Linux hands out (pid_max is at most 2^22): never a live process. */
const DEAD = 2 ** 22 + 1;

describe("a test run's temporary directory", () => {
  it('tells a live process from a gone one', () => {
    expect(processAlive(process.pid)).toBe(true);
    expect(processAlive(DEAD)).toBe(false);
  });

  it("a new run removes a dead run's directory and keeps a live run's (what it holds too) and every other name", () => {
    const root = mkdtempSync(join(tmpdir(), 'svc-run-dir-test-'));
    onTestFinished(() => rmSync(root, {recursive: true, force: true}));
    const dead = `svc-test-run-${DEAD}-a1B2c3`;
    const live = `svc-test-run-${process.pid}-d4E5f6`;
    const others = ['svc-test-image-g7H8i9', `svc-test-run-${DEAD}`, `svc-test-run-${DEAD}-a1B2c3-x`, `my-svc-test-run-${DEAD}-a1B2c3`, 'svc-cli-inproc-j0K1l2'];
    for (const name of [dead, live, ...others]) {
      mkdirSync(join(root, name));
      writeFileSync(join(root, name, 'left.txt'), 'x');
    }

    const mine = newRunDir(root);

    expect(dirname(mine)).toBe(root);
    expect(basename(mine)).toMatch(new RegExp(`^svc-test-run-${process.pid}-[A-Za-z0-9]{6}$`));
    expect(statSync(mine).mode & 0o7777).toBe(0o1777);
    expect(readdirSync(root).sort()).toEqual([live, ...others, basename(mine)].sort());
    expect(readdirSync(join(root, live))).toEqual(['left.txt']);
  });
});
