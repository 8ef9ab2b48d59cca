// For irreversible actions (deleting a deployment): the user types the exact name; Esc cancels.
import React, {useRef, useState} from 'react';
import {Box, Text} from 'ink';
import {useKeys} from '../dispatch/Dispatcher.js';
import {color, glyph} from '../theme.js';
import {TextField} from './TextField.js';

export interface TypeToConfirmProps {
  readonly title: string;
  /** The text to type, usually the resource's name. */
  readonly expected: string;
  readonly message?: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  readonly busy?: string;
}

export function TypeToConfirm({title, expected, message, onConfirm, onCancel, busy}: TypeToConfirmProps) {
  const [value, setValue] = useState('');
  const [mismatch, setMismatch] = useState(false);
  // Enter may arrive in the same chunk as the last typed letter, before a re-render: read the ref.
  const latest = useRef('');
  useKeys('dialog', {
    'dialog.submit': () => void (busy || (latest.current === expected ? onConfirm() : setMismatch(true))),
    'dialog.cancel': () => void (busy || onCancel()),
    // While busy there is no field: the dialog alone stays modal.
    '*': () => (busy ? true : false),
  });
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={color.error} paddingX={1}>
      <Text bold color={color.error}>
        {glyph.warn} {title}
      </Text>
      {message ? <Text>{message}</Text> : null}
      <Text>
        Type <Text bold>{expected}</Text> to confirm, or press Esc to cancel.
      </Text>
      {busy ? (
        <Text color={color.muted}>{busy}…</Text>
      ) : (
        <Box>
          <Text color={color.accent}>{glyph.selected} </Text>
          <TextField
            priority="dialog"
            modal
            value={value}
            onChange={(v) => {
              latest.current = v;
              setValue(v);
              setMismatch(false);
            }}
          />
        </Box>
      )}
      {mismatch ? <Text color={color.error}>{glyph.fail} does not match; type {expected} exactly</Text> : null}
    </Box>
  );
}
