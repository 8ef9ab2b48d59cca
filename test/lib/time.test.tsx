// One duration format for the whole tree (src/lib/time.ts): a run's, a step's or a phase's duration and how long
// something has been running read the same on every screen and in every command (the step timeline wrote `2m14s`,
// the build timeline `1m 05s`, the activity list `1m 5s` for the same kind of value).
import React from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import {age, elapsedSince, runDuration, shortDuration, timeSpan} from '../../src/lib/time.js';
import {Timeline} from '../../src/ui/components/Timeline.js';
import {eventText, type ActivityRun} from '../../src/workflows/activity.js';
import {BuildTimeline} from '../../screens/build/BuildTimeline.js';
import {renderTui, type Tui} from '../helpers/renderTui.js';

const NOW = Date.parse('2026-11-21T12:00:00.000Z');
let tui: Tui | undefined;
afterEach(() => tui?.unmount());

describe('durations', () => {
  it('runDuration: milliseconds under a second, then seconds, minutes and seconds, hours and minutes', () => {
    expect([0, 999, 1000, 59_999, 60_000, 912_000, 3_599_999, 5_400_000].map((ms) => runDuration(ms))).toEqual(['0ms', '999ms', '1s', '59s', '1m 0s', '15m 12s', '59m 59s', '1h 30m']);
    expect(runDuration(undefined)).toBe('');
    expect(runDuration(-1)).toBe('');
    // A fraction just under a second stays in milliseconds (it once rounded to "1000ms").
    expect([999.6, 0.4, 1000.9].map((ms) => runDuration(ms))).toEqual(['999ms', '0ms', '1s']);
  });

  it('timeSpan: what a message states, true to a tenth of a second under a minute, never rounded down to zero', () => {
    expect([0, 40, 500, 999.6, 1000, 1500, 12_000, 59_940, 59_960, 125_000, 1_800_400, 5_400_000, -5].map((ms) => timeSpan(ms))).toEqual([
      '0ms', '40ms', '500ms', '1s', '1s', '1.5s', '12s', '59.9s', '1m 0s', '2m 5s', '30m 0s', '1h 30m', '0ms',
    ]);
  });

  it('elapsedSince ticks by whole seconds from an ISO time or epoch ms, and says nothing without a time', () => {
    expect(elapsedSince('2026-11-21T11:58:55.500Z', NOW)).toBe('1m 4s');
    expect(elapsedSince(NOW - 400, NOW)).toBe('0s');
    expect(elapsedSince(NOW + 5000, NOW)).toBe('0s');
    expect(elapsedSince(NOW - 7_260_000, NOW)).toBe('2h 1m');
    expect(elapsedSince(undefined, NOW)).toBe('');
    expect(elapsedSince('not a time', NOW)).toBe('');
  });

  it('shortDuration and age: one unit, for lists and headers', () => {
    expect([3, 125, 7300, 200_000].map(shortDuration)).toEqual(['3s', '2m', '2h', '2d']);
    expect(age('2026-11-21T11:57:00.000Z', NOW)).toBe('3m');
    expect(age(undefined, NOW)).toBe('');
  });

  it('the step timeline, the build timeline and the activity line write a duration alike', async () => {
    tui = renderTui(
      <>
        <Timeline steps={[{name: 'building', status: 'completed', durationMs: 65_000}]} />
        <BuildTimeline steps={[{name: 'warmup', state: 'running', at: new Date(NOW - 65_000).toISOString()}]} now={NOW} />
      </>,
    );
    const frame = await tui.waitForFrame('warmup');
    expect(frame).toMatch(/building\s+completed\s+1m 5s/);
    expect(frame).toMatch(/warmup\s+11:58:55 · running 1m 5s/);
    const run: ActivityRun = {key: 'sync:1:s1', kind: 'sync', deploymentId: '1', deploymentName: 'prod', id: 's1', ref: 'main', status: 'succeeded', durationMs: 65_000};
    expect(eventText('finished', run)).toContain('succeeded after 1m 5s');
  });
});
