// `svc variables unset` (the command tree in-process against the service): the variable is gone, an empty value in
// `set` is a usage error pointing at unset (the service would remove the variable), and both rebuild production.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {STACK_LINE, type Harness} from '../helpers/cliHarness.js';
import {startInProcessHarness} from '../helpers/cliInProcess.js';

let h: Harness;
beforeAll(async () => {
  h = await startInProcessHarness();
});
afterAll(() => h.close());

const buildId = async () => JSON.parse((await h.admin(['deployments', 'build-status', '3', '--branch', 'main', '--json'])).stdout).buildJobId as number;

describe('svc variables unset', () => {
  it('removes variables and rebuilds the deploy branch', async () => {
    expect((await h.admin(['variables', 'set', '3', 'OLD_FLAG=1', 'OTHER=2'])).code).toBe(0);
    const before = await buildId();
    const run = await h.admin(['variables', 'unset', '3', 'OLD_FLAG']);
    expect(run).toMatchObject({code: 0, stdout: '✓ Unset 1 variable(s)\n', stderr: ''});
    const table = (await h.admin(['variables', 'list', '3'])).stdout;
    expect(table).not.toMatch(/^OLD_FLAG /m);
    expect(table).toMatch(/^OTHER +2$/m);
    expect(await buildId()).toBeGreaterThan(before);
    const json = await h.admin(['variables', 'unset', '3', 'OTHER', '--json']);
    expect(JSON.parse(json.stdout).items.map((v: {name: string}) => v.name)).not.toContain('OTHER');
  });

  it('refuses an empty value in set (that would remove the variable) with a pointer to unset', async () => {
    const run = await h.admin(['variables', 'set', '3', 'KEEP_ME=']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/KEEP_ME: an empty value removes the variable; use `svc variables unset`/);
    expect(run.stderr).not.toMatch(STACK_LINE);
    expect((await h.admin(['variables', 'unset', '3'])).code).toBe(2);
  });
});
