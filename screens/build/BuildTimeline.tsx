// The build's steps, one per line: glyph, name, when it began; the running step also how long it has run.
import React from 'react';
import {Box, Text} from 'ink';
import {elapsedSince} from '../../src/lib/time.js';
import {color, glyph} from '../../src/ui/theme.js';
import type {StepRow, StepState} from './steps.js';

const STYLE: Record<StepState, {glyph: string; color: string}> = {
  done: {glyph: glyph.ok, color: color.success},
  running: {glyph: glyph.running, color: color.running},
  pending: {glyph: glyph.pending, color: color.muted},
  failed: {glyph: glyph.fail, color: color.error},
};

/** `2026-11-21T12:00:03.000Z` → `12:00:03`. */
export function clockTime(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().slice(11, 19);
}

export function BuildTimeline({steps, now}: {steps: readonly StepRow[]; now?: number}) {
  return (
    <Box flexDirection="column">
      {steps.map((s) => {
        const style = STYLE[s.state];
        return (
          <Text key={s.name} color={s.state === 'pending' ? color.muted : undefined}>
            <Text color={style.color}>{style.glyph}</Text> {s.name.padEnd(10)} {clockTime(s.at)}
            {s.state === 'running' && now !== undefined && s.at ? <Text color={color.muted}> · running {elapsedSince(s.at, now)}</Text> : null}
          </Text>
        );
      })}
    </Box>
  );
}
