// dbt history over the demo seed's 160 runs: every status and trigger filter, the 100-run page cap, a cursor walk
// with no gaps or repeats (also filtered), bad filter values and cursors.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {DBT_RUN_STATUSES, DBT_TRIGGERS} from '../../src/contract/dbt.js';
import {BASE, dbtService, startSync, type DbtService} from './dbtHelpers.js';

let s: DbtService;
let running: string;
beforeAll(async () => {
  s = dbtService();
  // One live run, so RUNNING has something to find.
  running = (await startSync(s, {ref: 'main'})).syncJobId;
});
afterAll(() => s.close());

async function walk(query: string, first: number): Promise<{ids: string[]; pages: number; runs: any[]}> {
  const runs: any[] = [];
  let after: string | undefined;
  let pages = 0;
  do {
    const res = await s.call(`${BASE}?first=${first}${query}${after ? `&after=${after}` : ''}`);
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(Math.min(first, 100));
    runs.push(...res.body.items);
    pages += 1;
    after = res.body.pageInfo.hasNextPage ? res.body.pageInfo.endCursor : undefined;
    if (after) expect(res.body.items).toHaveLength(Math.min(first, 100));
  } while (after);
  return {ids: runs.map((r) => r.syncJobId), pages, runs};
}

describe('dbt history', () => {
  it('caps a page at 100 runs and says there are more', async () => {
    const res = await s.call(`${BASE}?first=500`);
    expect(res.body.items).toHaveLength(100);
    expect(res.body.pageInfo).toMatchObject({hasNextPage: true, hasPreviousPage: false, endCursor: expect.any(String)});
    const dflt = await s.call(BASE);
    expect(dflt.body.items).toHaveLength(20);
  });

  it('walks the whole seeded history by endCursor without gaps or repeats, newest first', async () => {
    const {ids, runs} = await walk('', 500);
    expect(ids.length).toBe(161);
    expect(new Set(ids).size).toBe(161);
    expect(ids[0]).toBe(running);
    const starts = runs.map((r) => Date.parse(r.startedAt));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    const small = await walk('', 7);
    expect(small.ids).toEqual(ids);
    expect(small.pages).toBe(Math.ceil(161 / 7));
  });

  it('filters by each status, and the filtered walks partition the history', async () => {
    const total = new Set<string>();
    for (const status of DBT_RUN_STATUSES) {
      const {ids, runs} = await walk(`&status=${status}`, 30);
      expect(runs.every((r) => r.status === status)).toBe(true);
      expect(ids.length, status).toBeGreaterThan(0);
      ids.forEach((id) => total.add(id));
    }
    expect(total.size).toBe(161);
    const running1 = await s.call(`${BASE}?status=RUNNING`);
    expect(running1.body.items.map((r: {syncJobId: string}) => r.syncJobId)).toEqual([running]);
  });

  it('filters by each trigger, also combined with a status', async () => {
    const counts: Record<string, number> = {};
    for (const trigger of DBT_TRIGGERS) {
      const {runs} = await walk(`&trigger=${trigger}`, 100);
      expect(runs.every((r) => r.trigger === trigger)).toBe(true);
      expect(runs.length, trigger).toBeGreaterThan(0);
      counts[trigger] = runs.length;
    }
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(161);
    const both = await walk('&status=FAILED&trigger=webhook', 5);
    expect(both.runs.every((r) => r.status === 'FAILED' && r.trigger === 'webhook')).toBe(true);
  });

  it('shows failed runs with the phase they failed in and webhook runs with their push', async () => {
    const failed = (await walk('&status=FAILED', 100)).runs;
    expect(new Set(failed.map((r) => r.failedPhase))).toEqual(new Set(['dbt-compile', 'process-manifest', 'repo-clone']));
    for (const r of failed) expect(r.phases.at(-1)).toMatchObject({phase: r.failedPhase, outcome: 'failed'});
    const webhook = (await s.call(`${BASE}?trigger=webhook&first=1`)).body.items[0];
    expect(webhook.triggerContext).toMatchObject({headSha: expect.stringMatching(/^[0-9a-f]{40}$/), pushedBranch: expect.any(String)});
    const unknown = (await s.call(`${BASE}?status=UNKNOWN&first=1`)).body.items[0];
    expect(unknown).toMatchObject({completedAt: null, durationMs: null});
  });

  it('rejects status and trigger values in the wrong case, listing the valid ones', async () => {
    const status = await s.call(`${BASE}?status=completed`);
    expect(status.status).toBe(400);
    expect(status.body.error).toContain('RUNNING, COMPLETED, FAILED, CANCELLED, UNKNOWN');
    const trigger = await s.call(`${BASE}?trigger=API`);
    expect(trigger.status).toBe(400);
    expect(trigger.body.error).toContain('manual, api, webhook, agent, unknown');
  });

  it('rejects cursors it did not issue and a non-positive first', async () => {
    expect((await s.call(`${BASE}?after=bogus`)).status).toBe(400);
    expect((await s.call(`${BASE}?first=0`)).status).toBe(400);
    expect((await s.call(`${BASE}?first=-3`)).status).toBe(400);
  });

  it('keeps the other deployments’ histories apart', async () => {
    const other = await s.call('/api/v1/deployments/2/dbt-sync');
    expect(other.body).toMatchObject({items: [], pageInfo: {hasNextPage: false}});
  });
});
