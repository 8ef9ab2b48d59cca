// One-line messages for results and errors (k9s-style flash). A message clears itself after `ttlMs` on the App's clock. A notice (a
// message with an `open` action: a run that ended) is not lost behind a plain message shown over it (the result of
// the editor the user just closed): it comes back, for its full time, when that message clears. Nor does a notice
// hide an error or a warning that is showing (a dbt gate's FAIL verdict, given as its failed sync ends): it waits
// behind it, and shows when its time is over (its bell and desktop notification do not wait).
import React, {createContext, useCallback, useContext, useEffect, useMemo, useReducer} from 'react';
import type {Level} from '../theme.js';
import {useClock} from './useClock.js';

export interface FlashMessage {
  readonly id: number;
  readonly level: Level;
  readonly text: string;
  /** A notice's action: Enter runs it while the message shows (a run's notice opens the run's screen). */
  readonly open?: () => void;
  /** How long it stays. @default the provider's ttlMs */
  readonly ttlMs?: number;
}

export interface FlashOptions {
  readonly open?: () => void;
  readonly ttlMs?: number;
}

/** What shows a message: the same object for the App's whole life (a screen that shows messages is not rendered again for each). */
export interface FlashActions {
  show(level: Level, text: string, opts?: FlashOptions): void;
  info(text: string): void;
  success(text: string): void;
  warn(text: string): void;
  error(text: string): void;
  clear(): void;
}

/** The actions and the message on show. */
export interface FlashApi extends FlashActions {
  readonly message: FlashMessage | null;
}

export type FlashState = {message: FlashMessage | null; nextId: number; behind?: FlashMessage};
export type FlashAction = {type: 'show'; level: Level; text: string; opts?: FlashOptions} | {type: 'clear'; id?: number};

/** A plain message a notice must not hide. */
const mustBeSeen = (m: FlashMessage | null): m is FlashMessage => m !== null && m.open === undefined && (m.level === 'error' || m.level === 'warn');

export function flashReducer(state: FlashState, action: FlashAction): FlashState {
  if (action.type === 'show') {
    const message = {id: state.nextId, level: action.level, text: action.text, ...action.opts};
    // A new notice waits behind an error or a warning that shows (it replaces a notice waiting there).
    if (message.open !== undefined && mustBeSeen(state.message)) return {message: state.message, nextId: state.nextId + 1, behind: message};
    // A plain message over a notice keeps the notice behind it; a new notice replaces both.
    const behind = message.open === undefined ? (state.message?.open !== undefined ? state.message : state.behind) : undefined;
    return {message, nextId: state.nextId + 1, ...(behind && {behind})};
  }
  // A timer only clears the message it was started for, never a newer one.
  if (action.id !== undefined && state.message?.id !== action.id) return state;
  // Its time over, a message gives way to the notice behind it (with a new id: its time starts again); cleared at
  // once (Enter opened the notice, Esc), nothing comes back.
  if (action.id !== undefined && state.behind) return {message: {...state.behind, id: state.nextId}, nextId: state.nextId + 1};
  return {message: null, nextId: state.nextId};
}

// Two contexts: the actions never change, so what only shows messages does not render again when one shows or clears.
const FlashContext = createContext<FlashActions | null>(null);
const FlashMessageContext = createContext<FlashMessage | null>(null);

/** @param ttlMs how long a message stays. @default 5000 */
export function FlashProvider({ttlMs = 5000, children}: {ttlMs?: number; children: React.ReactNode}) {
  const clock = useClock();
  const [state, dispatch] = useReducer(flashReducer, {message: null, nextId: 1});
  const id = state.message?.id;
  const stay = state.message?.ttlMs ?? ttlMs;
  useEffect(() => (id === undefined ? undefined : clock.after(stay, () => dispatch({type: 'clear', id}))), [clock, id, stay]);
  const show = useCallback((level: Level, text: string, opts?: FlashOptions) => dispatch({type: 'show', level, text, ...(opts && {opts})}), []);
  const actions = useMemo<FlashActions>(
    () => ({
      show,
      info: (t) => show('info', t),
      success: (t) => show('success', t),
      warn: (t) => show('warn', t),
      error: (t) => show('error', t),
      clear: () => dispatch({type: 'clear'}),
    }),
    [show],
  );
  return (
    <FlashContext.Provider value={actions}>
      <FlashMessageContext.Provider value={state.message}>{children}</FlashMessageContext.Provider>
    </FlashContext.Provider>
  );
}

export function useFlash(): FlashActions {
  const api = useContext(FlashContext);
  if (!api) throw new Error('useFlash outside FlashProvider');
  return api;
}

/** The message on show (null: none); the component that reads it renders again when it changes. */
export function useFlashMessage(): FlashMessage | null {
  return useContext(FlashMessageContext);
}
