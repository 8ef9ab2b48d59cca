// An edit the contract (or the service) refused: the text as saved beside the errors; e reopens the editor with
// the text and the errors as comments, Esc drops the edit.
import React from 'react';
import {Box, Text} from 'ink';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {color, glyph} from '../../src/ui/theme.js';
import {hints} from '../hints.js';

export interface ProblemsProps {
  readonly heading: string;
  readonly text: string;
  readonly errors: readonly string[];
  readonly height: number;
  readonly width: number;
  readonly onReopen: () => void;
  readonly onDiscard: () => void;
}

export function Problems({heading, text, errors, height, width, onReopen, onDiscard}: ProblemsProps) {
  useKeys('dialog', {
    'resource.edit': () => onReopen(),
    'dialog.cancel': () => onDiscard(),
    '*': () => true,
  });
  const lines = text.replace(/\n$/, '').split('\n').filter((l) => !l.startsWith('#'));
  const rows = Math.max(1, height - 3);
  const left = Math.max(20, Math.floor(width * 0.55));
  return (
    <Box flexDirection="column">
      <Text color={color.error} wrap="truncate-end">
        {glyph.fail} {heading}: nothing was sent
      </Text>
      <Box>
        <Box flexDirection="column" width={left} marginRight={2}>
          {lines.slice(0, rows).map((l, i) => (
            <Text key={i} wrap="truncate-end">
              <Text color={color.muted}>{String(i + 1).padStart(3)} </Text>
              {l || ' '}
            </Text>
          ))}
        </Box>
        <Box flexDirection="column" width={Math.max(10, width - left - 2)}>
          {errors.slice(0, rows).map((e, i) => (
            <Text key={i} color={color.error} wrap="wrap">
              {glyph.fail} {e}
            </Text>
          ))}
        </Box>
      </Box>
      <Text color={color.muted}>{hints([['resource.edit', 'reopen the editor'], ['dialog.cancel', 'discard the edit']])}</Text>
    </Box>
  );
}
