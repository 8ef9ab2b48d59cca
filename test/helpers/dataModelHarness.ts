// Shared by the data-model and deploy tests: the command tree in-process (cliInProcess.ts) against the service
// in-process on loopback, on a data file in a throw-away directory, its engines `speed`× faster than real time (or
// on a clock the test holds, such as a JumpClock).
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {expect} from 'vitest';
import type {Clock} from '../../src/server/engines/clock.js';
import type {Run} from './cliHarness.js';
import {runInProcess, startCliService, type Watch} from './cliInProcess.js';

export interface Harness {
  work: string;
  url: string;
  adminKey: string;
  /** Runs `svc …` as the admin (or with `env` overrides); `watch` sees its output so far whenever more comes. */
  svc(args: string[], env?: Record<string, string>, watch?: Watch): Promise<Run>;
  /** `svc data-model file-hashes` of a branch (default: the command's), parsed; the test fails if the command does. */
  fileHashes(deployment: string, branch?: string): Promise<Record<string, {hash: string}>>;
  close(): Promise<void>;
}

export async function startHarness(name: string, adminKey: string, pace: number | Clock = 20): Promise<Harness> {
  const work = mkdtempSync(join(tmpdir(), `svc-${name}-`));
  const service = await startCliService({dataFile: join(work, 'svc.db'), adminKey, ...(typeof pace === 'number' ? {speed: pace} : {clock: pace})});
  const svc = (args: string[], env: Record<string, string> = {}, watch?: Watch) =>
    runInProcess(args, {HOME: work, SVC_CONFIG_DIR: join(work, 'config'), NO_COLOR: '1', SVC_API_URL: service.url, SVC_API_KEY: adminKey, ...env}, undefined, watch);
  return {
    work,
    url: service.url,
    adminKey,
    svc,
    async fileHashes(deployment, branch) {
      const run = await svc(['data-model', 'file-hashes', deployment, ...(branch === undefined ? [] : ['--branch', branch])]);
      expect(run.code, run.stderr).toBe(0);
      return JSON.parse(run.stdout) as Record<string, {hash: string}>;
    },
    async close() {
      await service.close();
      rmSync(work, {recursive: true, force: true});
    },
  };
}
