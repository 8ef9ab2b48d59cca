// One object as YAML or JSON, scrollable (j/k, PgUp/PgDn, g/G); o switches the format, Esc closes.
import React, {useState} from 'react';
import {Box, Text} from 'ink';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {color} from '../../src/ui/theme.js';
import {hints} from '../hints.js';
import {render, type Format} from './document.js';

export interface DescribeProps {
  readonly heading: string;
  readonly object: unknown;
  readonly height: number;
  readonly onClose: () => void;
}

const KEY = /^(\s*(?:- )?)([\w.-]+:)(.*)$/;

/** A YAML line with its key in the accent colour (the value as written). */
function Line({line, yaml}: {line: string; yaml: boolean}) {
  const m = yaml ? KEY.exec(line) : null;
  if (!m) return <Text wrap="truncate-end">{line === '' ? ' ' : line}</Text>;
  return (
    <Text wrap="truncate-end">
      {m[1]}
      <Text color={color.accent}>{m[2]}</Text>
      {m[3]}
    </Text>
  );
}

export function Describe({heading, object, height, onClose}: DescribeProps) {
  const [format, setFormat] = useState<Format>('yaml');
  const [top, setTop] = useState(0);
  const lines = render(object, format).replace(/\n$/, '').split('\n');
  const visible = Math.max(1, height - 2);
  const maxTop = Math.max(0, lines.length - visible);
  const move = (delta: number) => setTop((t) => Math.min(maxTop, Math.max(0, t + delta)));
  useKeys('dialog', {
    'list.down': () => move(1),
    'list.up': () => move(-1),
    'list.pageDown': () => move(visible),
    'list.pageUp': () => move(-visible),
    'list.top': () => setTop(0),
    'list.bottom': () => setTop(maxTop),
    'resource.format': () => (setFormat((f) => (f === 'yaml' ? 'json' : 'yaml')), setTop(0)),
    'dialog.cancel': () => onClose(),
    '*': () => true,
  });
  const shown = lines.slice(Math.min(top, maxTop), Math.min(top, maxTop) + visible);
  const last = Math.min(lines.length, Math.min(top, maxTop) + visible);
  return (
    <Box flexDirection="column">
      <Text color={color.accent} wrap="truncate-end">
        {heading} · {format.toUpperCase()} · lines {lines.length === 0 ? 0 : Math.min(top, maxTop) + 1}–{last} of {lines.length}
      </Text>
      {shown.map((line, i) => (
        <Line key={i} line={line} yaml={format === 'yaml'} />
      ))}
      <Text color={color.muted}>{hints([['list.down', 'scroll'], ['resource.format', 'YAML/JSON'], ['dialog.cancel', 'close']])}</Text>
    </Box>
  );
}
