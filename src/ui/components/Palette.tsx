// `:` jumps to any screen by name or alias: typing narrows, Tab completes, ↑/↓ choose, Enter goes, Esc closes.
import React, {useReducer, useRef} from 'react';
import {Box, Text} from 'ink';
import {useKeys} from '../dispatch/Dispatcher.js';
import type {KeyHandler} from '../dispatch/dispatch.js';
import type {ActionId} from '../keymap.js';
import {color, glyph} from '../theme.js';
import {paletteCommand, paletteMatches, type PaletteEntry} from './paletteMatch.js';
import {TextField} from './TextField.js';

export type {PaletteEntry} from './paletteMatch.js';

export interface PaletteProps {
  readonly entries: readonly PaletteEntry[];
  /** `arg`: the word typed after the name of an entry that takes one (`:ctx staging`). */
  readonly onGo: (id: string, arg?: string) => void;
  readonly onCancel: () => void;
  /** Match lines shown under the prompt. @default 5 */
  readonly maxMatches?: number;
}

type State = {text: string; index: number};
type Action = {type: 'text'; text: string} | {type: 'move'; delta: number; count: number};

function reducer(s: State, a: Action): State {
  if (a.type === 'text') return {text: a.text, index: 0};
  if (a.count === 0) return s;
  return {...s, index: (s.index + a.delta + a.count) % a.count};
}

/** The palette's own keys, over those of its text field (FIELD_KEYS): the footer's while it is open. */
export const PALETTE_KEYS = ['palette.complete', 'palette.go', 'palette.close', 'palette.next', 'palette.prev'] as const satisfies readonly ActionId[];

/** Lines the palette takes: the prompt plus the match list. */
export function paletteHeight(maxMatches = 5): number {
  return 1 + maxMatches;
}

export function Palette({entries, onGo, onCancel, maxMatches = 5}: PaletteProps) {
  const [state, dispatch] = useReducer(reducer, {text: '', index: 0});
  const latest = useRef(state);
  latest.current = state;
  const current = () => {
    const matches = paletteMatches(entries, latest.current.text);
    return {matches, chosen: matches[Math.min(latest.current.index, matches.length - 1)]};
  };
  const setText = (text: string) => {
    latest.current = {text, index: 0};
    dispatch({type: 'text', text});
  };
  const keys: Record<(typeof PALETTE_KEYS)[number], KeyHandler> = {
    'palette.complete': () => {
      const {chosen} = current();
      if (chosen) setText(chosen.name);
    },
    'palette.next': () => dispatch({type: 'move', delta: 1, count: current().matches.length}),
    'palette.prev': () => dispatch({type: 'move', delta: -1, count: current().matches.length}),
    'palette.go': () => {
      const command = paletteCommand(entries, latest.current.text);
      if (command) return onGo(command.entry.id, command.arg);
      const {chosen} = current();
      if (chosen) onGo(chosen.id);
      else onCancel();
    },
    'palette.close': () => onCancel(),
  };
  useKeys('input', keys);
  const command = paletteCommand(entries, state.text);
  const matches = paletteMatches(entries, state.text);
  const index = Math.min(state.index, matches.length - 1);
  const chosen = matches[index];
  // The list scrolls with the highlight: the chosen entry is always one of the lines shown.
  const start = Math.max(0, index - maxMatches + 1);
  // Fish-style ghost text: the rest of the highlighted name after what was typed.
  const ghost = !command && chosen && chosen.name.startsWith(state.text.toLowerCase()) ? chosen.name.slice(state.text.length) : '';
  return (
    <Box flexDirection="column" height={paletteHeight(maxMatches)}>
      <Box justifyContent="space-between">
        <Box flexShrink={1}>
          <Text color={color.accent}>:</Text>
          <TextField value={state.text} onChange={setText} ghost={ghost} />
        </Box>
        {/* How far down the list the highlight is, when the list is longer than the lines shown: on the input's
            line, apart from the entries. */}
        {!command && matches.length > maxMatches ? <Text color={color.muted}>{`${index + 1} of ${matches.length}`}</Text> : null}
      </Box>
      {command ? (
        <Text inverse wrap="truncate-end">
          {`${glyph.selected} `}
          {command.entry.name.padEnd(14)}
          {command.entry.argument} “{command.arg}”
        </Text>
      ) : null}
      {command ? null : matches.length === 0 ? <Text color={color.muted}>  no screen matches “{state.text}”</Text> : null}
      {(command ? [] : matches).slice(start, start + maxMatches).map((m, at) => {
        const i = start + at;
        return (
        <Text key={m.id} inverse={i === index} wrap="truncate-end">
          {i === index ? `${glyph.selected} ` : '  '}
          {m.name.padEnd(14)}
          <Text color={color.muted}>
            {m.aliases.length ? `(${m.aliases.join(', ')}) ` : ''}
            {m.title}
          </Text>
        </Text>
        );
      })}
    </Box>
  );
}
