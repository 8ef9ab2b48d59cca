// The query layer without React: the same option objects the screens use, driven by query-core observers
// against the real local service (what command mode and the UI both rely on).
import {MutationObserver, QueryObserver, type QueryClient} from '@tanstack/query-core';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {updateDeployment} from '../../src/api/deployments.js';
import {buildQueries} from '../../src/queries/builds.js';
import {deploymentMutations, deploymentQueries} from '../../src/queries/deployments.js';
import {advanceUntil, fakeIntervals} from '../helpers/fakeIntervals.js';
import {testQueryClient} from '../helpers/renderTui.js';
import {instrument, startDemo} from '../helpers/screenApp.js';
import {eventually} from '../helpers/eventually.js';

const clients: QueryClient[] = [];
const newClient = () => {
  const client = testQueryClient();
  clients.push(client);
  return client;
};
const statusCalls = /build-status/;

afterEach(() => {
  vi.useRealTimers();
  for (const c of clients.splice(0)) c.clear();
});

describe('deployment queries', () => {
  it('serve command mode through fetchQuery: one offset page', async () => {
    const {api} = await startDemo();
    const page = await newClient().fetchQuery(deploymentQueries.page(api, 40, 10));
    expect(page.deployments.map((d) => d.name)).toEqual(['sandbox-38', 'sandbox-39', 'sandbox-40', 'sandbox-41', 'sandbox-42']);
    expect(page.total).toBe(45);
  });

  it('page through every deployment by offset and stop at the total', async () => {
    const {api} = await startDemo();
    const spy = instrument(api);
    const data = await newClient().fetchInfiniteQuery({...deploymentQueries.list(spy.api, {limit: 20}), pages: 5});
    expect(data.pages.map((p) => p.deployments.length)).toEqual([20, 20, 5]);
    expect(data.pageParams).toEqual([0, 20, 40]);
    expect(spy.count(/deployments/)).toBe(3);
  });

  it('remove refetches the active list before it resolves', async () => {
    const {api} = await startDemo();
    const client = newClient();
    const list = new QueryObserver(client, deploymentQueries.page(api, 0, 5));
    const seen: string[][] = [];
    const off = list.subscribe((r) => r.data && seen.push(r.data.deployments.map((d) => d.name)));
    await eventually(() => seen.length > 0, 'the first page');
    expect(seen.at(-1)).toContain('analytics-prod');
    await new MutationObserver(client, deploymentMutations.remove(api, client)).mutate('1');
    expect(seen.at(-1)).not.toContain('analytics-prod');
    off();
  });
});

describe('build status polling', () => {
  it('polls while the build runs and never again once it is built', async () => {
    const {api, clock} = await startDemo();
    await updateDeployment(api, '1', {releaseChannelVersion: '1.3.2'});
    const spy = instrument(api);
    fakeIntervals();
    const observer = new QueryObserver(newClient(), buildQueries.status(spy.api, '1', 'main', {paused: false, intervalMs: 10}));
    const statuses: string[] = [];
    const off = observer.subscribe((r) => r.data && statuses.at(-1) !== r.data.status && statuses.push(r.data.status));
    await advanceUntil(() => spy.count(statusCalls) > 3, 10);
    expect(statuses).toEqual(['building']);
    clock.advance(6_000);
    await advanceUntil(() => statuses.length === 2, 10);
    expect(statuses).toEqual(['building', 'built']);
    const atEnd = spy.count(statusCalls);
    // 100 poll intervals pass: a poll still running would have asked (counted as it is sent).
    await vi.advanceTimersByTimeAsync(1_000);
    await spy.landed();
    expect(spy.count(statusCalls)).toBe(atEnd);
    off();
  });

  it('does not poll while live updates are paused', async () => {
    const {api} = await startDemo();
    await updateDeployment(api, '1', {releaseChannelVersion: '1.3.2'});
    const spy = instrument(api);
    fakeIntervals();
    const observer = new QueryObserver(newClient(), buildQueries.status(spy.api, '1', 'main', {paused: true, intervalMs: 10}));
    const off = observer.subscribe(() => {});
    await eventually(() => spy.count(statusCalls) === 1, 'the first status request');
    await vi.advanceTimersByTimeAsync(1_000);
    await spy.landed();
    expect(spy.count(statusCalls)).toBe(1);
    off();
  });
});
