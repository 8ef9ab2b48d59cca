import React from 'react';
import {Text} from 'ink';
import {useQuery} from '@tanstack/react-query';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {useApi} from '../../src/ui/hooks/useApi.js';
import {useLive} from '../../src/ui/hooks/useLive.js';
import {advanceUntil, fakeIntervals} from '../helpers/fakeIntervals.js';
import {fakeApi, renderTui, type Tui} from '../helpers/renderTui.js';

let tui: Tui | undefined;
afterEach(() => {
  vi.useRealTimers();
  tui?.unmount();
});

function Polling() {
  const api = useApi();
  const live = useLive();
  const q = useQuery({
    queryKey: ['poll'],
    queryFn: () => api.get('/api/v1/things') as Promise<{n: number}>,
    refetchInterval: live.refetchInterval(1000),
  });
  return <Text>value {q.data?.n ?? '…'}</Text>;
}

describe('live updates', () => {
  it('polls while live, stops on p, resumes on p again; r refetches even when paused', async () => {
    fakeIntervals();
    let calls = 0;
    const api = fakeApi((_m, path) => (path === '/api/v1/things' ? {n: ++calls} : undefined));
    // liveScale 0.02: the 1 s interval polls every 20 ms (fired by the test: intervals are fake).
    const t = renderTui(<Polling />, {api, liveScale: 0.02});
    tui = t;
    await advanceUntil(() => /value [3-9]/.test(t.lastFrame()), 20, {seen: t.lastFrame});
    await t.press('p');
    await t.waitForFrame('paused');
    const frozen = calls;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toBe(frozen);
    await t.press('r');
    await t.waitForFrame(`value ${frozen + 1}`);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toBe(frozen + 1);
    await t.press('p');
    await advanceUntil(() => t.lastFrame().includes(`value ${frozen + 4}`), 20, {seen: t.lastFrame});
  });

  it('shows how old the data is and a spinner while fetching', async () => {
    let release: () => void = () => {};
    const api = fakeApi((_m, path) =>
      path === '/api/v1/things' ? new Promise((r) => (release = () => r({n: 7}))) : undefined,
    );
    tui = renderTui(<Polling />, {api});
    const loading = await tui.waitForFrame('value …');
    expect(loading.split('\n')[0]).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/);
    release();
    const frame = await tui.waitForFrame('value 7');
    expect(frame.split('\n')[0]).toMatch(/⟳ updated \ds ago/);
  });
});
