// Oracle: the Prism validation proxy over the platform's reference description, in front of `svc server`, while a
// tour of CLI commands runs through it. Every request the client sends must be valid by the reference (zero
// request violations); every response violation must be fixed or listed in docs/seed-differences.md (the one list
// of sanctioned differences, read by seedDifferences.ts) with its reason.
//
// The reference is not part of the repository (test/helpers/reference.ts finds it); without it the suite is
// skipped with the reason printed.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ADMIN_KEY, runCli, startServerProcess, type ServerProcess} from '../helpers/cliHarness.js';
import {judge, prismReady, startPrismOracle, type PrismOracle} from './prism.js';
import {readSeedDifferences} from './seedDifferences.js';
import {TOUR} from './tour.js';

const present = prismReady('the Prism oracle (CLI tour)');

let server: ServerProcess;
let oracle: PrismOracle;
const work = mkdtempSync(join(tmpdir(), 'svc-prism-'));

describe.skipIf(!present)('Prism validation proxy over the reference, CLI tour', () => {
  beforeAll(async () => {
    server = await startServerProcess(work);
    oracle = await startPrismOracle(server.url);
  }, 90_000);
  afterAll(async () => {
    await oracle?.close();
    server?.child.kill('SIGTERM');
  });

  it('sends only valid requests, and every response violation is fixed or sanctioned', async () => {
    const env = {PATH: process.env.PATH ?? '', HOME: work, SVC_CONFIG_DIR: join(work, 'config'), CI: 'true', NO_COLOR: '1', SVC_API_URL: oracle.url, SVC_API_KEY: ADMIN_KEY};
    // Every entry must reach the service (a usage error, exit 2, sends nothing): a 404 or 409 still had its request
    // checked against the description.
    const unsent: string[] = [];
    for (const args of TOUR) {
      const run = await runCli(args, env);
      if (run.code === 2) unsent.push(`${args.join(' ')}: ${run.stderr.split('\n')[0]}`);
    }
    expect(unsent).toEqual([]);
    const allowlist = readSeedDifferences();
    const {requests, responses, used} = judge(oracle.exchanges, allowlist);
    expect({requests, responses}).toEqual({requests: [], responses: []});
    // The allow-list holds nothing stale: every entry is still needed by the tour.
    expect(allowlist.filter((a) => !used.has(a)).map((a) => `${a.operation} ${a.location}`)).toEqual([]);
  }, 400_000);
});
