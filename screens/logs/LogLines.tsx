// The lines on screen: dimmed time, level glyph and colour, the pod/container in muted text, the message.
import React, {memo} from 'react';
import {Box, Text} from 'ink';
import type {TailLine} from '../../src/queries/logs.js';
import {color} from '../../src/ui/theme.js';
import {clockTime, levelLook, printable} from './logView.js';

const Line = memo(function Line({line, day}: {line: TailLine; day: boolean}) {
  const look = levelLook(line.level);
  const where = line.container ? `${line.pod}/${line.container}` : line.pod;
  return (
    <Text wrap="truncate-end">
      <Text dimColor>{day ? `${line.date.slice(0, 10)} ` : ''}{clockTime(line.date)}</Text> <Text color={look.color}>{look.glyph}</Text>{' '}
      <Text color={color.muted}>[{printable(where)}]</Text>{' '}
      {line.level === 'error' || line.level === 'warn' ? <Text color={look.color}>{printable(line.message)}</Text> : printable(line.message)}
    </Text>
  );
});

export function LogLines({lines}: {lines: readonly TailLine[]}) {
  return (
    <Box flexDirection="column">
      {/* The date is written when it differs from the line above (and on the first line), else only the time. */}
      {lines.map((l, i) => (
        <Line key={l.seq} line={l} day={l.date.slice(0, 10) !== (lines[i - 1]?.date ?? '').slice(0, 10)} />
      ))}
    </Box>
  );
}
