// Default-No confirmation: y (or Enter on Yes) confirms; n, Esc or Enter on No cancels.
import React, {useReducer} from 'react';
import {Box, Text} from 'ink';
import {useKeys} from '../dispatch/Dispatcher.js';
import type {KeyHandler} from '../dispatch/dispatch.js';
import type {ActionId} from '../keymap.js';
import {color, glyph} from '../theme.js';

export interface ConfirmDialogProps {
  /** The question: 'Switch analytics-prod to version 1.42.0?'. */
  readonly title: string;
  /** Extra lines: what will happen. */
  readonly message?: string;
  /** @default 'Yes' */
  readonly confirmLabel?: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  /** Shows `label…` and ignores keys while an action runs. */
  readonly busy?: string;
}

/** A yes/no question's keys: the footer's while it is open. */
export const CONFIRM_KEYS = ['dialog.yes', 'dialog.no', 'dialog.cancel', 'dialog.toggle', 'dialog.submit'] as const satisfies readonly ActionId[];

export function ConfirmDialog({title, message, confirmLabel = 'Yes', onConfirm, onCancel, busy}: ConfirmDialogProps) {
  const [yes, toggle] = useReducer((v: boolean) => !v, false);
  const keys: Record<(typeof CONFIRM_KEYS)[number], KeyHandler> = {
    'dialog.yes': () => void (busy || onConfirm()),
    'dialog.no': () => void (busy || onCancel()),
    'dialog.cancel': () => void (busy || onCancel()),
    'dialog.toggle': () => toggle(),
    'dialog.submit': () => void (busy || (yes ? onConfirm() : onCancel())),
  };
  // A dialog is modal: no key reaches the screen behind it (ctrl+c still quits).
  useKeys('dialog', {...keys, '*': () => true});
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={color.warn} paddingX={1}>
      <Text bold>
        {glyph.warn} {title}
      </Text>
      {message ? <Text>{message}</Text> : null}
      {busy ? (
        <Text color={color.muted}>{busy}…</Text>
      ) : (
        <Box gap={2}>
          <Text inverse={yes} color={yes ? color.warn : undefined}>
            {yes ? glyph.selected : ' '} {confirmLabel}
          </Text>
          <Text inverse={!yes}>{!yes ? glyph.selected : ' '} No</Text>
          <Text color={color.muted}>(y/N)</Text>
        </Box>
      )}
    </Box>
  );
}
