// A one-line text input driven by the key dispatcher. While focused it is an 'input' layer that takes every
// printable key (so a typed `q` never quits); ↑/↓/Tab/PgUp/PgDn pass through to the layers below.
//
// Not ink-text-input: its useInput subscribes in a passive effect and re-subscribes after every render, so
// keys typed right after a field opens were lost (the palette test typed `:syncs` and got an empty field)
// and two quick keys could edit a stale value. Here editing reads refs and registration is a layout effect.
import React, {useReducer, useRef} from 'react';
import {Text} from 'ink';
import {useKeys} from '../dispatch/Dispatcher.js';
import type {KeyEvent, KeyLabels} from '../dispatch/dispatch.js';
import type {ActionId} from '../keymap.js';
import {color} from '../theme.js';

export interface TextFieldProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Enter; receives the latest text even when the parent has not re-rendered yet. */
  readonly onSubmit?: (value: string) => void;
  /** Esc. Without it, Esc passes on (to the dialog owning the field, else the shell goes back), even when modal. */
  readonly onCancel?: () => void;
  /**
   * Shown while the field is empty, dim and between ‹ › (so it reads as an example also without colour); it is
   * never a value: an empty field submits ''. A default the user may keep belongs in `value` instead.
   */
  readonly placeholder?: string;
  /** Takes keys and shows the cursor. @default true */
  readonly focus?: boolean;
  /** Shown instead of each character (secrets). */
  readonly mask?: string;
  /** Inside a dialog, the field is part of the dialog's layer priority. @default 'input' */
  readonly priority?: 'input' | 'dialog';
  /** Swallow the keys that normally pass through (↑/↓/Tab…): nothing behind a modal may see them. @default false */
  readonly modal?: boolean;
  /** Completion shown after the text, starting under the cursor (the palette's `:dep|loyments`). */
  readonly ghost?: string;
  /**
   * What Enter and Esc are called in the footer when the owner's words say more than "keep the text" / "cancel":
   * the keymap action the field answers them under (the query line's `queryInput.run`). @default input.submit/cancel
   */
  readonly submitAs?: ActionId;
  readonly cancelAs?: ActionId;
  /**
   * Keys the field lets through to its owner (Tab, ↑, ctrl+…): named in the footer with the field's own, since
   * they act while the field has the keys. The owner handles them in its layer.
   */
  readonly through?: readonly ActionId[];
  /** What Enter and Esc do where the field is used (`Enter create`), for the footer: see useKeys' `labels`. */
  readonly labels?: KeyLabels;
}

/** The actions a text field answers by default: its editing keys, Enter and Esc. */
export const FIELD_KEYS = ['input.submit', 'input.cancel', 'input.left', 'input.right', 'input.start', 'input.end', 'input.backspace', 'input.clear'] as const satisfies readonly ActionId[];

type Edit = {value: string; cursor: number};

/** Editing actions (keymap.ts `input.*`) applied to (value, cursor). */
export const EDITS: Record<Exclude<(typeof FIELD_KEYS)[number], 'input.submit' | 'input.cancel'>, (chars: string[], at: number) => Edit> = {
  'input.left': (c, at) => ({value: c.join(''), cursor: Math.max(0, at - 1)}),
  'input.right': (c, at) => ({value: c.join(''), cursor: Math.min(c.length, at + 1)}),
  'input.start': (c) => ({value: c.join(''), cursor: 0}),
  'input.end': (c) => ({value: c.join(''), cursor: c.length}),
  'input.backspace': (c, at) => (at === 0 ? {value: c.join(''), cursor: 0} : {value: [...c.slice(0, at - 1), ...c.slice(at)].join(''), cursor: at - 1}),
  'input.clear': (c, at) => ({value: c.slice(at).join(''), cursor: 0}),
};

/** A printable key: its normalised name is the character itself (special keys are named: 'down', 'tab'). */
export function isPrintable(ev: KeyEvent): boolean {
  return ev.input !== '' && !ev.key.ctrl && !ev.key.meta && (ev.name === ev.input || ev.name === 'space');
}

/** Inserts typed (or pasted) text at the cursor; line breaks have no place in a one-line field. */
export function insertText(value: string, cursor: number, input: string): Edit {
  const chars = [...value];
  const at = Math.max(0, Math.min(cursor, chars.length));
  const typed = [...input.replace(/[\r\n]+/g, ' ')];
  return {value: [...chars.slice(0, at), ...typed, ...chars.slice(at)].join(''), cursor: at + typed.length};
}

/** How a placeholder is written: marked as an example, whatever the colours. */
export function placeholderText(placeholder: string): string {
  return `‹${placeholder}›`;
}

export function TextField(props: TextFieldProps) {
  const {value, onChange, onSubmit, onCancel, placeholder, focus = true, mask, priority = 'input', modal = false, ghost = ''} = props;
  const {submitAs = 'input.submit', cancelAs = 'input.cancel', through = []} = props;
  const latest = useRef({value, cursor: [...value].length});
  if (latest.current.value !== value) latest.current = {value, cursor: Math.min(latest.current.cursor, [...value].length)};
  const [, repaint] = useReducer((n: number) => n + 1, 0);
  const apply = (next: Edit) => {
    const changed = next.value !== latest.current.value;
    latest.current = next;
    if (changed) onChange(next.value);
    else repaint();
  };
  const edits = Object.fromEntries(
    Object.entries(EDITS).map(([id, edit]) => [id, () => apply(edit([...latest.current.value], latest.current.cursor))]),
  );
  useKeys(
    priority,
    {
      ...edits,
      // In this order in the footer, which a narrow terminal cuts from the end: Enter, Esc, the keys let through.
      [submitAs]: () => (onSubmit ? onSubmit(latest.current.value) : false),
      [cancelAs]: () => (onCancel ? onCancel() : false),
      ...Object.fromEntries(through.map((id) => [id, () => false])),
      '*': (ev) => {
        if (isPrintable(ev)) {
          apply(insertText(latest.current.value, latest.current.cursor, ev.input));
          return true;
        }
        // ↑/↓/Tab/PgUp… belong to the list or palette below, unless a modal dialog owns every key. Esc is never
        // swallowed: without onCancel it goes on to the dialog that owns the field, else to the shell's back.
        return modal && ev.name !== 'escape';
      },
    },
    {active: focus, text: true, labels: props.labels},
  );
  const shown = [...(mask ? mask.repeat([...value].length) : value)];
  const hint = placeholder ? <Text color={color.muted} dimColor>{placeholderText(placeholder)}</Text> : '';
  if (!focus) return <Text>{shown.length ? shown.join('') : hint}</Text>;
  const cursor = Math.min(latest.current.cursor, shown.length);
  if (shown.length === 0 && placeholder) {
    // The cursor stands on the example's first cell, where typing starts: the example begins in the same column as
    // every other field's value (a cursor cell in front of it put it one column right of them).
    const [first = ' ', ...rest] = [...placeholderText(placeholder)];
    return (
      <Text>
        <Text inverse>{first}</Text>
        <Text color={color.muted} dimColor>
          {rest.join('')}
        </Text>
      </Text>
    );
  }
  const atEnd = cursor >= shown.length;
  return (
    <Text>
      {shown.slice(0, cursor).join('')}
      <Text inverse>{atEnd ? (ghost[0] ?? ' ') : shown[cursor]}</Text>
      {shown.slice(cursor + 1).join('')}
      {atEnd ? <Text color={color.muted}>{ghost.slice(1)}</Text> : null}
    </Text>
  );
}
