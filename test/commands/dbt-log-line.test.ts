// A line of `svc dbt logs` says how long its step took in the one form of a span (lib/time.ts timeSpan), as the
// wait's and the client's messages do: tenths of a second only where they say something.
import {describe, expect, it} from 'vitest';
import {logLine} from '../../src/commands/dbt.js';

const step = (durationMs: number | undefined) => logLine({timestamp: '2026-11-27T10:00:00.000Z', level: 'info', phase: 'dbt-compile', message: 'dbt-compile finished', durationMs, raw: {}});

describe('svc dbt logs lines', () => {
  it('says how long a step took: ms under a second, tenths under a minute, minutes and seconds above; nothing when unknown', () => {
    expect([250, 16_000, 16_240, 75_000, undefined, -1].map(step)).toEqual([
      '2026-11-27 10:00:00Z [dbt-compile] dbt-compile finished (250ms)',
      '2026-11-27 10:00:00Z [dbt-compile] dbt-compile finished (16s)',
      '2026-11-27 10:00:00Z [dbt-compile] dbt-compile finished (16.2s)',
      '2026-11-27 10:00:00Z [dbt-compile] dbt-compile finished (1m 15s)',
      '2026-11-27 10:00:00Z [dbt-compile] dbt-compile finished',
      '2026-11-27 10:00:00Z [dbt-compile] dbt-compile finished',
    ]);
  });
});
