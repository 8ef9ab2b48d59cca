// The parts of the dbt run screen below its status line: the phase timeline with bars scaled to the longest
// phase, the log tail and the result with its generated files.
import React from 'react';
import {Box, Text} from 'ink';
import type {DbtLogEntry, DbtSyncResult} from '../../src/api/dbt.js';
import {Timeline} from '../../src/ui/components/Timeline.js';
import {color, glyph} from '../../src/ui/theme.js';
import {bar, formatSyncDuration} from './format.js';
import type {RunPhase} from './runPhases.js';
import {maxOf} from '../../src/api/lists.js';

const BAR_WIDTH = 20;

export function PhaseTimeline({phases}: {readonly phases: readonly RunPhase[]}) {
  const longest = maxOf(phases.map((p) => p.durationMs ?? 0), 1);
  return (
    <Timeline
      steps={phases.map((p) => ({
        name: p.name,
        status: p.status,
        detail: p.durationMs === undefined ? undefined : `${bar(p.durationMs / longest, BAR_WIDTH)} ${formatSyncDuration(p.durationMs)}`,
      }))}
    />
  );
}

const time = (iso: string | undefined) => (iso ?? '').slice(11, 19);

export function LogTail({entries, lines}: {readonly entries: readonly DbtLogEntry[]; readonly lines: number}) {
  if (entries.length === 0) return <Text color={color.muted}>No log entries yet</Text>;
  return (
    <Box flexDirection="column">
      {entries.slice(-Math.max(1, lines)).map((e, i) => (
        <Text key={i} wrap="truncate-end" color={e.level === 'error' ? color.error : undefined}>
          <Text color={color.muted}>{time(e.timestamp)}</Text> <Text color={color.accent}>[{e.phase ?? 'sync'}]</Text>{' '}
          {(e.message ?? JSON.stringify(e.raw)).replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')}
        </Text>
      ))}
    </Box>
  );
}

export function ResultView({result, branch, files}: {readonly result: DbtSyncResult; readonly branch?: string; readonly files: number}) {
  const cubes = result.cubeCount ?? 0;
  const count = result.generatedFiles.length;
  return (
    <Box flexDirection="column">
      <Text color={color.success}>
        {glyph.ok} Generated {cubes} cube{cubes === 1 ? '' : 's'} in {count} file{count === 1 ? '' : 's'}
        {result.durationMs !== undefined ? ` in ${formatSyncDuration(result.durationMs)}` : ''}
        {branch ? ` on ${branch}` : ''}
      </Text>
      {result.generatedFiles.slice(0, files).map((path) => (
        <Text key={path} wrap="truncate-end">  {path}</Text>
      ))}
      {count > files ? <Text color={color.muted}>  … {count - files} more</Text> : null}
    </Box>
  );
}
