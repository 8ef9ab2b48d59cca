// The gate workflow against the real local service on loopback: the service clock only moves when the
// workflow sleeps, so a sync, a dev-branch build and "Continue wait" all pass deterministically.
import {afterEach, describe, expect, it} from 'vitest';
import type {Api} from '../../src/api/client.js';
import {listBranches} from '../../src/api/dataModel.js';
import {ManualClock} from '../../src/server/engines/clock.js';
import type {RunningService} from '../../src/server/index.js';
import {cleanupGate, gate, runGate, type GateEvent} from '../../src/workflows/dbtGate.js';
import {sessionReleased} from '../helpers/devMode.js';
import {adminApi, startTestService, TEST_EPOCH} from '../helpers/startService.js';

const running: RunningService[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
});

async function service(): Promise<{api: Api; clock: ManualClock}> {
  const clock = new ManualClock(TEST_EPOCH);
  const svc = await startTestService({seed: 'demo', clock});
  running.push(svc);
  return {api: adminApi(svc), clock};
}

/** Every sleep of the workflow moves the service clock by as much. */
const onClock = (clock: ManualClock) => ({timeoutMs: 10 * 60_000, intervalMs: 1000, now: () => clock.now(), sleep: async (ms: number) => void clock.advance(ms)});

describe('dbt gate workflow', () => {
  it('passes for main: sync, dev mode, valid model, a query through Continue wait; cleanup removes both branches and the session', async () => {
    const {api, clock} = await service();
    const before = (await listBranches(api, '1')).map((b) => b.name);
    const events: GateEvent[] = [];
    const outcome = await gate(api, {deploymentId: '1', ref: 'main', ...onClock(clock), onStep: (e) => events.push(e)});
    expect(outcome.verdict, outcome.reason).toBe('PASS');
    expect(outcome.syncBranch).toMatch(/^dbt-sync\/main-\d{14}-[0-9a-f]{8}$/);
    expect(outcome.devBranch).toMatch(/^dev-/);
    expect(outcome.measure).toMatch(/\./);
    expect(outcome.total).toBeGreaterThan(0);
    // Steps were reported in order, each finishing before the next began.
    const finished = events.filter((e) => e.status === 'completed').map((e) => e.step);
    expect(finished).toEqual(['sync', 'devMode', 'validate', 'query', 'verdict', 'cleanup']);
    expect(events.some((e) => e.step === 'query' && /Continue wait/.test(e.detail ?? ''))).toBe(true);
    expect(outcome.cleanup).toEqual({removed: [outcome.devBranch, outcome.syncBranch], problems: []});
    const after = (await listBranches(api, '1')).map((b) => b.name);
    expect(after).toEqual(before);
    expect(await sessionReleased(api)).toBe(true);
  });

  it('queries the measure asked for and sums it over the rows', async () => {
    const {api, clock} = await service();
    const outcome = await runGate(api, {deploymentId: '1', ref: 'main', measure: 'fct_orders.count', ...onClock(clock)});
    expect(outcome).toMatchObject({verdict: 'PASS', measure: 'fct_orders.count', total: 2400});
    await cleanupGate(api, '1', outcome);
    expect((await listBranches(api, '1')).map((b) => b.name)).not.toContain(outcome.syncBranch);
  });

  it('fails for a ref whose dbt compile breaks, names the step, and cleanup leaves nothing behind', async () => {
    const {api, clock} = await service();
    const before = (await listBranches(api, '1')).map((b) => b.name);
    const events: GateEvent[] = [];
    const outcome = await gate(api, {deploymentId: '1', ref: 'broken-compile', ...onClock(clock), onStep: (e) => events.push(e)});
    expect(outcome.verdict).toBe('FAIL');
    expect(outcome.reason).toMatch(/^sync: dbt sync \S+ failed: /);
    expect(outcome.devBranch).toBeUndefined();
    expect(events.find((e) => e.step === 'sync' && e.status === 'failed')).toBeDefined();
    expect(events.some((e) => e.step === 'devMode')).toBe(false);
    expect((await listBranches(api, '1')).map((b) => b.name)).toEqual(before);
    expect(outcome.cleanup.problems).toEqual([]);
  });

  it('fails on a query of a measure the model does not have, after cleanup of what it created', async () => {
    const {api, clock} = await service();
    const outcome = await gate(api, {deploymentId: '1', ref: 'main', measure: 'fct_orders.nope', ...onClock(clock)});
    expect(outcome.verdict).toBe('FAIL');
    expect(outcome.reason).toMatch(/^query: .*fct_orders\.nope/);
    expect(outcome.cleanup.removed).toHaveLength(2);
    expect(await sessionReleased(api)).toBe(true);
  });

  it('refuses a full commit SHA before any request', async () => {
    const {api, clock} = await service();
    await expect(runGate(api, {deploymentId: '1', ref: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678', ...onClock(clock)})).rejects.toThrow(/is a commit SHA/);
  });
});
