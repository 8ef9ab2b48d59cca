// A fresh SVC_CONFIG_DIR for each test of the calling file, removed after it, the variable put back.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach} from 'vitest';

/** Registers the hooks; the returned function gives the current test's directory. */
export function tempConfigDirPerTest(prefix: string): () => string {
  let dir = '';
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.SVC_CONFIG_DIR;
    dir = mkdtempSync(join(tmpdir(), prefix));
    process.env.SVC_CONFIG_DIR = dir;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.SVC_CONFIG_DIR;
    else process.env.SVC_CONFIG_DIR = saved;
    rmSync(dir, {recursive: true, force: true});
  });
  return () => dir;
}
