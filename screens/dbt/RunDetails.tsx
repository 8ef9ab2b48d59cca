// The parts of the dbt run screen below its status line: the phase timeline with bars scaled to the longest
// phase, the log lines (for the pager) and the result with its generated files.
import React from 'react';
import {Box, Text} from 'ink';
import type {DbtLogEntry, DbtSyncResult} from '../../src/api/dbt.js';
import {Timeline} from '../../src/ui/components/Timeline.js';
import {color, glyph} from '../../src/ui/theme.js';
import {elapsedSince, runDuration} from '../../src/lib/time.js';
import {bar} from './format.js';
import type {RunPhase} from './runPhases.js';
import {maxOf} from '../../src/lib/lists.js';

const BAR_WIDTH = 20;

/** The phases with their durations; the running one counts its time from its first log line to `now`, ticking. */
export function PhaseTimeline({phases, now}: {readonly phases: readonly RunPhase[]; readonly now?: number}) {
  const longest = maxOf(phases.map((p) => p.durationMs ?? 0), 1);
  return (
    <Timeline
      steps={phases.map((p) => ({
        name: p.name,
        status: p.status,
        detail:
          p.durationMs !== undefined
            ? `${bar(p.durationMs / longest, BAR_WIDTH)} ${runDuration(p.durationMs)}`
            : p.status === 'running' && now !== undefined && p.startedAt
              ? `for ${elapsedSince(p.startedAt, now)}`
              : undefined,
      }))}
    />
  );
}

const time = (iso: string | undefined) => (iso ?? '').slice(11, 19);
const clean = (text: string) => text.replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, ' ');

/** A log entry numbered by its line in the whole log (the service only appends), for the pager. */
export interface RunLogLine {
  readonly seq: number;
  readonly entry: DbtLogEntry;
}

/** The entry as plain text: what `/` matches and wrapping measures. */
export function runLogText({entry: e}: RunLogLine): string {
  return `${time(e.timestamp)} [${e.phase ?? 'sync'}] ${clean(e.message ?? JSON.stringify(e.raw))}`;
}

export function RunLogLineView({line: {entry: e}}: {readonly line: RunLogLine}) {
  return (
    <Text color={e.level === 'error' ? color.error : undefined}>
      <Text color={color.muted}>{time(e.timestamp)}</Text> <Text color={color.accent}>[{e.phase ?? 'sync'}]</Text>{' '}
      {clean(e.message ?? JSON.stringify(e.raw))}
    </Text>
  );
}

export function ResultView({result, branch, files}: {readonly result: DbtSyncResult; readonly branch?: string; readonly files: number}) {
  const cubes = result.cubeCount ?? 0;
  const count = result.generatedFiles.length;
  return (
    <Box flexDirection="column">
      <Text color={color.success}>
        {glyph.ok} Generated {cubes} cube{cubes === 1 ? '' : 's'} in {count} file{count === 1 ? '' : 's'}
        {result.durationMs !== undefined ? ` in ${runDuration(result.durationMs)}` : ''}
        {branch ? ` on ${branch}` : ''}
      </Text>
      {result.generatedFiles.slice(0, files).map((path) => (
        <Text key={path} wrap="truncate-end">  {path}</Text>
      ))}
      {count > files ? <Text color={color.muted}>  … {count - files} more</Text> : null}
    </Box>
  );
}
