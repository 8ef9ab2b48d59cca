// The priority stack, without React: layers are tried dialog > input > screen > global, newest first within a
// priority; the first handler that does not return false consumes the key.
import type {Key} from 'ink';
import {actionsForKey, binding, withheld, type ActionId, type Binding, type KeyPolicy} from '../keymap.js';

export type Priority = 'dialog' | 'input' | 'screen' | 'global';

export const PRIORITY_RANK: Record<Priority, number> = {dialog: 3, input: 2, screen: 1, global: 0};

export interface KeyEvent {
  /** Normalised key name (keymap.ts keyName). */
  readonly name: string;
  readonly input: string;
  readonly key: Key;
}

/** Return false to let the key fall through to lower layers; anything else consumes it. */
export type KeyHandler = (ev: KeyEvent) => boolean | void;

/** Handlers by keymap action id. '*' sees every key no action of this layer took (text inputs use it). */
export type KeyHandlers = Readonly<Partial<Record<ActionId | '*', KeyHandler>>>;

/**
 * What some of a layer's actions do where it is used, for the footer (`Enter create` instead of the binding's
 * `submit`), as a list's `open` label says what Enter opens. The footer is the one place that names keys.
 */
export type KeyLabels = Readonly<Partial<Record<ActionId, string>>>;

export interface Layer {
  readonly id: number;
  readonly priority: Priority;
  /** Read at dispatch time, so a layer always runs its latest handlers. */
  readonly handlers: {current: KeyHandlers};
  readonly active: {current: boolean};
  /** A text field: takes a pasted run of characters whole. */
  readonly text?: boolean;
  /** Read when the footer is written: the layer's own words for some of its actions. */
  readonly labels?: {current: KeyLabels | undefined};
}

export function orderLayers(layers: Iterable<Layer>): Layer[] {
  return [...layers].sort((a, b) => PRIORITY_RANK[b.priority] - PRIORITY_RANK[a.priority] || b.id - a.id);
}

/** A key a terminal sends as the character itself (`j`, `:`, `é`), not a named one (`enter`, `ctrl+u`). */
const printable = (name: string) => name === 'space' || [...name].length === 1;

/**
 * The layer typed text reaches first: the newest active one that takes a character (a text field, a layer that sees
 * every key, a binding to a character). Layers above it that only bind named keys (the palette's Tab, ↑/↓, Enter
 * over its field) let text through.
 */
export function typingLayer(layers: Iterable<Layer>): Layer | undefined {
  return orderLayers(layers).find((l) => {
    if (!l.active.current) return false;
    const handlers = l.handlers.current;
    return l.text || handlers['*'] !== undefined || Object.keys(handlers).some((id) => binding(id as ActionId)?.keys.some(printable));
  });
}

export interface RawKey {
  readonly input: string;
  readonly key: Key;
}

/** Control characters a terminal sends for keys, as Ink would flag them when they arrive alone. */
function controlKey(ch: string, base: Key): RawKey | undefined {
  const code = ch.codePointAt(0)!;
  if (ch === '\r' || ch === '\n') return {input: '', key: {...base, return: true}};
  if (ch === '\t') return {input: '', key: {...base, tab: true}};
  if (ch === '\x7f' || ch === '\b') return {input: '', key: {...base, backspace: true}};
  if (code >= 1 && code <= 26) return {input: String.fromCharCode(code + 96), key: {...base, ctrl: true}};
  if (code < 32) return {input: '', key: base};
  return undefined;
}

/**
 * One terminal read can hold several keys: key repeat ("jjj"), typing faster than a frame ("main\r"), a paste.
 * Ink splits escape sequences but hands plain text over as one input, which no binding matches. This splits such
 * a chunk into runs of printable text and single control keys; `keysOf` then splits a run into keys unless a
 * text field takes it whole. A single key, or anything Ink already named, is returned as it is.
 */
export function splitChunk(input: string, key: Key): RawKey[] {
  const chars = [...input];
  const named = Object.entries(key).some(([, v]) => v === true);
  if (chars.length < 2 || named || input.includes('\u001B')) return [{input, key}];
  const out: RawKey[] = [];
  let run = '';
  const flush = () => {
    if (run !== '') out.push({input: run, key: {...key, shift: run.length === 1 && /[A-Z]/.test(run)}});
    run = '';
  };
  for (const ch of chars) {
    const control = controlKey(ch, key);
    if (control === undefined) run += ch;
    else {
      flush();
      out.push(control);
    }
  }
  flush();
  return out;
}

const NO_KEY: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false,
  end: false, return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false,
  meta: false, super: false, hyper: false, capsLock: false, numLock: false,
} as Key;

/**
 * A terminal read that starts with Esc and goes on with something that is not an escape sequence ("\x1bj",
 * "\x1b\x1b", "\x1b\x1b[B", "\x1b\r"): a quick Esc followed by another key. Ink reads it as one alt+key (or one
 * Escape); this returns the Escape and the key after it. Anything else is returned as Ink parsed it.
 */
export function splitEscape(raw: string, input: string, key: Key): RawKey[] {
  if (!raw.startsWith('\u001B') || raw.length < 2) return [{input, key}];
  const rest = raw.slice(1);
  // "\x1b[" and "\x1bO" start the sequences of arrows, function keys and the like: one key.
  if (rest[0] === '[' || rest[0] === 'O') return [{input, key}];
  const escape: RawKey = {input: '', key: {...NO_KEY, escape: true, meta: true}};
  if (rest === '\u001B') return [escape, escape];
  // Esc + an escape sequence: Ink named the key (down, pageup…), only with alt set.
  if (rest.startsWith('\u001B')) return [escape, {input, key: {...key, meta: false}}];
  const control = controlKey(rest, NO_KEY);
  if (control && [...rest].length === 1) return [escape, control];
  return [escape, {input: rest, key: {...NO_KEY, shift: [...rest].length === 1 && /[A-Z]/.test(rest)}}];
}

/**
 * The next key of a printable run, and what is left of it: a text field that text reaches (`typingLayer`) takes the
 * run whole; anything else takes its first character, and the rest stays a run for the layer that key leaves on top. `:deployments` typed in one read
 * opens the palette with `:`, whose field then takes `deployments` in one key: one edit and one frame, not one per
 * letter.
 */
export function keysOf(run: RawKey, typing: Layer | undefined): RawKey[] {
  const code = run.input.codePointAt(0);
  if (code === undefined || typing?.text) return [run];
  const first = String.fromCodePoint(code);
  if (first.length === run.input.length) return [run];
  const rest = run.input.slice(first.length);
  return [
    {input: first, key: {...run.key, shift: /[A-Z]/.test(first)}},
    {input: rest, key: {...run.key, shift: /^[A-Z]$/.test(rest)}},
  ];
}

export interface DispatchOptions extends KeyPolicy {
  /** A layer would have taken the key for an action the session may not use (`withheld`): say why. */
  readonly onWithheld?: (b: Binding, reason: string) => void;
}

/**
 * Runs one key through the stack; returns true when some layer consumed it. A withheld action's handler never
 * runs: the first layer that has one, and takes the key for nothing else, answers it through `onWithheld` (the key
 * then counts as consumed). Without `onWithheld` the key goes on down as if that layer had no such action.
 */
export function dispatchKey(layers: Iterable<Layer>, ev: KeyEvent, opts: DispatchOptions): boolean {
  const actions = actionsForKey(ev.name);
  for (const layer of orderLayers(layers)) {
    if (!layer.active.current) continue;
    const handlers = layer.handlers.current;
    let refused: {b: Binding; reason: string} | undefined;
    for (const action of actions) {
      const handler = handlers[action];
      if (!handler) continue;
      const b = binding(action)!;
      const reason = withheld(b, opts);
      if (reason !== undefined) refused ??= {b, reason};
      else if (handler(ev) !== false) return true;
    }
    if (refused && opts.onWithheld) {
      opts.onWithheld(refused.b, refused.reason);
      return true;
    }
    const any = handlers['*'];
    if (any && any(ev) !== false) return true;
  }
  return false;
}
