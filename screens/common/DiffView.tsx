// The dev branch against its parent as a coloured, scrollable unified diff (one file or every changed file).
// Modal over the files list: j/k ↑/↓ PgUp/PgDn g/G scroll, Esc closes (the footer names them).
import React, {useReducer} from 'react';
import {Box, Text} from 'ink';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {color} from '../../src/ui/theme.js';
import {diffLines, type DiffLine, type FileChange} from './diff.js';

const lineColor: Record<DiffLine['kind'], string | undefined> = {file: color.accent, hunk: color.muted, add: color.success, del: color.error, same: undefined};

export interface DiffViewProps {
  readonly title: string;
  readonly changes: readonly FileChange[];
  readonly height: number;
  readonly onClose: () => void;
  /** Shown when `changes` is empty. @default 'no changes against the parent' */
  readonly emptyText?: string;
}

export function DiffView({title, changes, height, onClose, emptyText}: DiffViewProps) {
  const all = changes.flatMap((c, i) => [...(i > 0 ? [{kind: 'same' as const, text: ''}] : []), ...diffLines(c)]);
  const page = Math.max(1, height - 1);
  const max = Math.max(0, all.length - page);
  const [top, scroll] = useReducer((t: number, to: number) => Math.max(0, Math.min(max, to)), 0);
  useKeys('dialog', {
    'list.down': () => scroll(top + 1),
    'list.up': () => scroll(top - 1),
    'list.pageDown': () => scroll(top + page),
    'list.pageUp': () => scroll(top - page),
    'list.top': () => scroll(0),
    'list.bottom': () => scroll(max),
    'dialog.cancel': onClose,
    // Modal: nothing reaches the list behind it (ctrl+c still quits).
    '*': () => true,
  }, {labels: {'list.down': 'scroll', 'list.pageDown': 'page', 'dialog.cancel': 'close'}});
  const shown = all.slice(top, top + page);
  const where = all.length > page ? ` · lines ${top + 1}–${Math.min(all.length, top + page)} of ${all.length}` : '';
  return (
    <Box flexDirection="column" height={Math.min(height, shown.length + 1 + (changes.length === 0 ? 1 : 0))}>
      <Text bold wrap="truncate-end">
        {title}
        <Text color={color.muted}>{where}</Text>
      </Text>
      {changes.length === 0 ? <Text color={color.muted} wrap="truncate-end">{emptyText ?? 'no changes against the parent'}</Text> : null}
      {shown.map((l, i) => (
        <Text key={top + i} color={lineColor[l.kind]} bold={l.kind === 'file'} wrap="truncate-end">
          {l.text === '' ? ' ' : l.text}
        </Text>
      ))}
    </Box>
  );
}
