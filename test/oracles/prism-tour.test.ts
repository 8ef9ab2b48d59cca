// Oracle: the Prism validation proxy over the platform's reference description, in front of the service, while a
// tour of CLI commands runs through it. Every request the client sends must be valid by the reference (zero
// request violations); every response violation must be fixed or listed in docs/seed-differences.md (the one list
// of sanctioned differences, read by seedDifferences.ts) with its reason.
//
// The commands run in this process (helpers/cliInProcess.ts: `run(argv)` of the command tree, its own environment
// and captured output and exit code) against the service in-process; Prism is the only child process. What the
// built binary adds (main.ts, the process) is covered by test/e2e/cli-smoke.test.ts.
//
// The reference is not part of the repository (test/helpers/reference.ts finds it); without it the suite is
// skipped with the reason printed.
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {RunningService} from '../../src/server/index.js';
import {ADMIN_KEY} from '../helpers/cliHarness.js';
import {runInProcess, startCliService} from '../helpers/cliInProcess.js';
import {judge, prismReady, startPrismOracle, type PrismOracle} from './prism.js';
import {readSeedDifferences} from './seedDifferences.js';
import {argsOf, exitOf, fillIn, TOUR, TOUR_FILES, valueAt} from './tour.js';

const present = prismReady('the Prism oracle (CLI tour)');

let server: RunningService;
let oracle: PrismOracle;
const work = mkdtempSync(join(tmpdir(), 'svc-prism-'));

describe.skipIf(!present)('Prism validation proxy over the reference, CLI tour', () => {
  beforeAll(async () => {
    server = await startCliService();
    oracle = await startPrismOracle(server.url);
  }, 90_000);
  afterAll(async () => {
    await oracle?.close();
    await server?.close();
  });

  it('sends only valid requests, and every response violation is fixed or sanctioned', async () => {
    const env = {HOME: work, SVC_CONFIG_DIR: join(work, 'config'), CI: 'true', NO_COLOR: '1', SVC_API_URL: oracle.url, SVC_API_KEY: ADMIN_KEY};
    for (const [path, content] of Object.entries(TOUR_FILES)) {
      mkdirSync(dirname(join(work, path)), {recursive: true});
      writeFileSync(join(work, path), content);
    }
    // Every entry must reach the service and end as it declares (exit 0 unless it says otherwise: a usage error,
    // exit 2, sends nothing; a 404 or 409 still had its request checked against the description). A step that
    // creates an object must print the id later entries need.
    const values: Record<string, string> = {WORK: work, API_KEY: ADMIN_KEY};
    const failed: string[] = [];
    for (const entry of TOUR) {
      const {args, missing} = fillIn(argsOf(entry), values);
      if (missing.length > 0) {
        failed.push(`${args.join(' ')}: no value for ${missing.join(', ')}`);
        continue;
      }
      const run = await runInProcess(args, env);
      if (run.code !== exitOf(entry)) failed.push(`${args.join(' ')}: exit ${run.code}, not ${exitOf(entry)}: ${run.stderr.split('\n')[0]}`);
      for (const [name, path] of Object.entries(Array.isArray(entry) ? {} : (entry.capture ?? {}))) {
        const value = valueAt(run.stdout, path);
        if (value === undefined) failed.push(`${args.join(' ')}: no ${path} in its output (exit ${run.code}: ${run.stderr.split('\n')[0]})`);
        else values[name] = value;
      }
    }
    expect(failed).toEqual([]);
    const allowlist = readSeedDifferences();
    const {requests, responses, used} = judge(oracle.exchanges, allowlist);
    expect({requests, responses}).toEqual({requests: [], responses: []});
    // The allow-list holds nothing stale: every entry is still needed by the tour.
    expect(allowlist.filter((a) => !used.has(a)).map((a) => `${a.operation} ${a.location}`)).toEqual([]);
  }, 900_000);
});
