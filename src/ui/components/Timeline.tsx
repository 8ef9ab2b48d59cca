// Steps of a run (build steps, dbt phases): glyph + name + duration, with the running one marked.
import React from 'react';
import {Box, Text} from 'ink';
import {statusStyle} from '../theme.js';
import {maxOf} from '../../lib/lists.js';
import {cellWidth, padCells} from '../../lib/cells.js';
import {runDuration} from '../../lib/time.js';

export interface TimelineStep {
  readonly name: string;
  /** 'completed', 'running', 'failed', 'pending'…; unknown words count as running. */
  readonly status: string;
  readonly durationMs?: number;
  readonly detail?: string;
}

export function Timeline({steps}: {readonly steps: readonly TimelineStep[]}) {
  const nameWidth = maxOf(steps.map((s) => cellWidth(s.name)), 4);
  return (
    <Box flexDirection="column">
      {steps.map((s, i) => {
        const style = s.status.toLowerCase() === 'pending' ? {color: 'gray', glyph: '○'} : statusStyle(s.status);
        return (
          <Text key={i} wrap="truncate-end">
            <Text color={style.color}>{style.glyph}</Text> {padCells(s.name, nameWidth)}{' '}
            <Text color={style.color}>{s.status.padEnd(10)}</Text>
            {s.durationMs !== undefined ? ` ${runDuration(s.durationMs)}` : ''}
            {s.detail ? <Text color="gray"> {s.detail}</Text> : null}
          </Text>
        );
      })}
    </Box>
  );
}
