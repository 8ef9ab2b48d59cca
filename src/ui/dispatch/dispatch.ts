// The priority stack, without React: layers are tried dialog > input > screen > global, newest first within a
// priority; the first handler that does not return false consumes the key.
import type {Key} from 'ink';
import {actionsForKey} from '../keymap.js';

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
export type KeyHandlers = Readonly<Record<string, KeyHandler | undefined>>;

export interface Layer {
  readonly id: number;
  readonly priority: Priority;
  /** Read at dispatch time, so a layer always runs its latest handlers. */
  readonly handlers: {current: KeyHandlers};
  readonly active: {current: boolean};
}

export function orderLayers(layers: Iterable<Layer>): Layer[] {
  return [...layers].sort((a, b) => PRIORITY_RANK[b.priority] - PRIORITY_RANK[a.priority] || b.id - a.id);
}

/** Runs one key through the stack; returns true when some layer consumed it. */
export function dispatchKey(layers: Iterable<Layer>, ev: KeyEvent, opts: {readonly: boolean}): boolean {
  const actions = actionsForKey(ev.name, opts);
  for (const layer of orderLayers(layers)) {
    if (!layer.active.current) continue;
    const handlers = layer.handlers.current;
    for (const action of actions) {
      const handler = handlers[action];
      if (handler && handler(ev) !== false) return true;
    }
    const any = handlers['*'];
    if (any && any(ev) !== false) return true;
  }
  return false;
}
