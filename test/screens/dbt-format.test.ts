// How dbt runs read: durations as the real client writes them, phases recovered from a log (live, failed,
// cancelled), and the terminal notification's bytes.
import {describe, expect, it} from 'vitest';
import type {DbtLogEntry} from '../../src/api/dbt.js';
import {bar} from '../../screens/dbt/format.js';
import {endedIn, phasesFromLog} from '../../screens/dbt/runPhases.js';
import {nextFilter, recentDurations} from '../../screens/dbt/runColumns.js';
import {runDuration} from '../../src/lib/time.js';

const line = (phase: string | undefined, message: string, extra: Partial<DbtLogEntry> = {}): DbtLogEntry => ({level: 'info', message, raw: {}, ...(phase ? {phase} : {}), ...extra});

describe('dbt run formatting', () => {
  it('writes durations like the real client', () => {
    expect([999, 59_000, 912_000, 5_400_000].map((ms) => runDuration(ms))).toEqual(['999ms', '59s', '15m 12s', '1h 30m']);
    expect(runDuration(undefined)).toBe('');
    // A negative durationMs (a clock gone backwards on the server) shows as unknown on screen, as in command mode.
    expect(runDuration(-5)).toBe('');
    expect(bar(0.5, 10)).toBe('█████░░░░░');
    expect(bar(2, 4)).toBe('████');
  });

  it('reads phases from the log: closed ones with durations, the open one running', () => {
    const log = [
      line('init', 'started'), line('init', 'init finished', {durationMs: 900}),
      line('sandbox', 'Creating an isolated sandbox'),
    ];
    expect(phasesFromLog(log, false)).toEqual([
      {name: 'init', status: 'completed', durationMs: 900},
      {name: 'sandbox', status: 'running'},
    ]);
  });

  it('tells a failed phase from a cancelled one', () => {
    const failed = [line('dbt-compile', 'Compilation Error', {level: 'error'}), line('dbt-compile', 'dbt-compile failed', {level: 'error', durationMs: 4000})];
    expect(endedIn(phasesFromLog(failed, true))).toBe('failed in phase dbt-compile');
    const cancelled = [line('install', 'Installing'), line('install', 'Cancelled by API key ci during INSTALLING_DEPENDENCIES', {level: 'error', durationMs: 300})];
    expect(phasesFromLog(cancelled, true)).toEqual([{name: 'install', status: 'cancelled', durationMs: 300}]);
    expect(endedIn(phasesFromLog(cancelled, true))).toBe('cancelled during phase install');
    // A run that ended without closing its phase (lost mid-phase).
    expect(phasesFromLog([line('sandbox', 'Creating')], true)).toEqual([{name: 'sandbox', status: 'cancelled'}]);
    expect(phasesFromLog([line(undefined, 'dbt sync completed', {durationMs: 19_000})], true)).toEqual([]);
  });

  it('cycles filters through all values and back to all; the sparkline takes finished runs oldest first', () => {
    expect([undefined, 'a', 'b'].map((v) => nextFilter(['a', 'b'], v))).toEqual(['a', 'b', undefined]);
    const runs = [
      {status: 'COMPLETED', durationMs: 3, raw: {}}, {status: 'FAILED', durationMs: 9, raw: {}}, {status: 'COMPLETED', durationMs: 1, raw: {}},
    ];
    expect(recentDurations(runs, 10)).toEqual([1, 3]);
  });
});
