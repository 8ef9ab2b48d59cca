// The lines on screen: dimmed time, level glyph and colour, the pod/container in muted text, the message.
import React, {memo} from 'react';
import {Text} from 'ink';
import type {TailLine} from '../../src/queries/logs.js';
import {color} from '../../src/ui/theme.js';
import {clockTime, levelLook, printable} from './logView.js';

const where = (line: TailLine) => (line.container ? `${line.pod}/${line.container}` : line.pod);

/** The line as plain text: what `/` matches (message, pod, container) and what wrapping measures. */
export function lineText(line: TailLine): string {
  return `${clockTime(line.date)} · [${printable(where(line))}] ${printable(line.message)}`;
}

/** One line inside the pager's Text: dimmed time (with the date when it changed), level glyph, pod, message. */
export const LogLine = memo(function LogLine({line, day}: {line: TailLine; day: boolean}) {
  const look = levelLook(line.level);
  return (
    <Text>
      <Text dimColor>{day ? `${line.date.slice(0, 10)} ` : ''}{clockTime(line.date)}</Text> <Text color={look.color}>{look.glyph}</Text>{' '}
      <Text color={color.muted}>[{printable(where(line))}]</Text>{' '}
      {line.level === 'error' || line.level === 'warn' ? <Text color={look.color}>{printable(line.message)}</Text> : printable(line.message)}
    </Text>
  );
});
