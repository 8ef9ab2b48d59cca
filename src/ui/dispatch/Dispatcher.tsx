// One useInput for the whole app. Components register layers with useKeys; ink 6 useInput closures can be
// stale for a render, so layers keep their handlers in refs and state changes go through reducers.
import React, {createContext, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState} from 'react';
import {useInput, useStdin} from 'ink';
import {keyName, keysLabel, type ActionId, type Binding} from '../keymap.js';
import {useFlash} from '../hooks/useFlash.js';
import {usePolicy} from '../hooks/usePolicy.js';
import {dispatchKey, keysOf, orderLayers, splitChunk, splitEscape, typingLayer, type KeyHandlers, type KeyLabels, type Layer, type Priority, type RawKey} from './dispatch.js';
import {appendAll} from '../../lib/lists.js';

interface DispatcherApi {
  register(layer: Layer): () => void;
  /** A layer's component rendered (its `active` may have changed): the footer's top layer is looked at again. */
  changed(): void;
  /** Holds keys back (queued, not dropped) until the returned release is called: a screen still loading. */
  hold(): () => void;
  nextId(): number;
  readonly readonly: boolean;
}

/** What a key the session may not use says when pressed: `read-only session: D delete deployment is not available`. */
export function withheldText(b: Binding, reason: string): string {
  return `${reason}: ${keysLabel(b)} ${b.description} is not available`;
}

/** Longest time keys wait for a loading screen before they go to whatever is on screen. */
export const HOLD_MAX_MS = 2000;

const DispatcherContext = createContext<DispatcherApi | null>(null);

/**
 * The keys of the layer that sees keys first, when it is a dialog or a text field (priority dialog or input): what
 * the footer shows instead of the screen's keys, which do not reach the screen under it. undefined: the screen's.
 */
export interface TopKeys {
  readonly id: number;
  readonly actions: readonly ActionId[];
  /** What the layers that have the keys call some of them (useKeys' `labels`); the top layer's word wins. */
  readonly labels?: KeyLabels;
}

const TopKeysContext = createContext<TopKeys | undefined>(undefined);

function topKeysOf(layers: Iterable<Layer>): TopKeys | undefined {
  const active = orderLayers(layers).filter((l) => l.active.current);
  // The first dialog or field that swallows every other key (a text field, a modal with '*') hides the keys below
  // it: the footer is its keys and those of the layers above it. Without one, keys reach the screen's own.
  const cut = active.findIndex((l) => (l.priority === 'dialog' || l.priority === 'input') && (l.text || l.handlers.current['*'] !== undefined));
  if (cut < 0) return undefined;
  const shown = active.slice(0, cut + 1);
  const actions = [...new Set(shown.flatMap((l) => Object.keys(l.handlers.current)))].filter((k): k is ActionId => k !== '*');
  const labels: KeyLabels = Object.assign({}, ...shown.map((l) => l.labels?.current ?? {}).reverse());
  // A layer that only holds the keys back names none: nothing to offer but Esc's usual way.
  if (actions.length === 0) return undefined;
  return Object.keys(labels).length > 0 ? {id: active[0]!.id, actions, labels} : {id: active[0]!.id, actions};
}

const sameKeys = (a: TopKeys | undefined, b: TopKeys | undefined) =>
  a === b ||
  (a !== undefined && b !== undefined && a.id === b.id && a.actions.join(' ') === b.actions.join(' ') && JSON.stringify(a.labels) === JSON.stringify(b.labels));

/** The top layer's keys when a dialog or a text field has them (see TopKeys). */
export function useTopKeys(): TopKeys | undefined {
  return useContext(TopKeysContext);
}

export interface DispatcherProviderProps {
  /** Blocks dangerous actions. @default false */
  readonly readonly?: boolean;
  /** ctrl+c: always quits, before any layer sees it. */
  readonly onForceQuit: () => void;
  readonly children: React.ReactNode;
}

export function DispatcherProvider({readonly = false, onForceQuit, children}: DispatcherProviderProps) {
  const layers = useRef(new Set<Layer>());
  const counter = useRef(0);
  const quit = useRef(onForceQuit);
  quit.current = onForceQuit;
  const {isRawModeSupported, internal_eventEmitter: emitter} = useStdin();
  // The raw text of the current terminal read. Ink folds "Esc j" into alt+j and "Esc Esc" into one Escape; the
  // raw text lets splitEscape give both keys back. Subscribed before useInput (effects run in order), so it is
  // set by the time the handler below runs for the same read.
  const raw = useRef('');
  useEffect(() => {
    const record = (data: string) => void (raw.current = data);
    emitter?.on('input', record);
    return () => void emitter?.removeListener('input', record);
  }, [emitter]);
  // What the session may do (--readonly, the credential's permissions): a key it may not use says why.
  const policy = usePolicy();
  const policyRef = useRef(policy);
  policyRef.current = {...policy, readonly: readonly || policy.readonly};
  const flash = useFlash();
  const flashRef = useRef(flash);
  flashRef.current = flash;
  // Keys go one at a time, each after the render of the one before has committed, so every key meets the layers
  // and the state the keys before it left: a `/` opens the filter field and the letters after it land there; an
  // Enter right after the last letter of a form field submits the whole word. That holds for keys of one terminal
  // read ("jj", "main\r") and for keys of separate reads that arrive before React has rendered (it renders later,
  // from a microtask and a scheduler task).
  const [top, setTop] = useState<TopKeys | undefined>(undefined);
  // What was last given to setTop: compared here, not in an updater, since every useKeys component calls this after
  // each of its renders, and an updater that keeps the old value still costs a render of this provider (a commit
  // that draws nothing after every key).
  const published = useRef<TopKeys | undefined>(undefined);
  // Layout effects call it: the footer names the new top layer's keys in the same commit that showed it.
  const publishTop = () => {
    const next = topKeysOf(layers.current);
    if (sameKeys(published.current, next)) return;
    published.current = next;
    setTop(next);
  };
  const queue = useRef<RawKey[]>([]);
  const waiting = useRef(false);
  const [keysDone, setKeysDone] = useState(0);
  const holds = useRef(0);
  const next = () => {
    if (waiting.current || holds.current > 0) return;
    const raw = queue.current.shift();
    if (raw === undefined) return;
    const [first, ...rest] = keysOf(raw, typingLayer(layers.current));
    // No spread: a long paste is many keys (lib/lists.ts).
    queue.current = rest.concat(queue.current);
    dispatchKey(layers.current, {name: keyName(first!.input, first!.key), input: first!.input, key: first!.key}, {
      ...policyRef.current,
      onWithheld: (b, reason) => flashRef.current.warn(withheldText(b, reason)),
    });
    waiting.current = true;
    setKeysDone((n) => n + 1);
  };
  // Runs after every effect of the commit the key made (a new field registered its layer in a layout effect). A
  // passive effect: a commit that has only this one draws no frame, so a key that changes nothing draws nothing (a
  // layout effect here was a frame for every such key, the same frame again).
  useEffect(() => {
    waiting.current = false;
    if (queue.current.length > 0) setImmediate(next);
  }, [keysDone]);
  useEffect(() => () => void (queue.current = []), []);
  useInput(
    (input, key) => {
      const keys = splitEscape(raw.current, input, key).flatMap((k) => splitChunk(k.input, k.key));
      raw.current = '';
      // ctrl+c quits at once, even behind a long paste.
      if (keys.some((k) => keyName(k.input, k.key) === 'ctrl+c')) {
        quit.current();
        return;
      }
      appendAll(queue.current, keys);
      next();
    },
    // isRawModeSupported is undefined (not false) on a pipe; Boolean() keeps Ink from throwing.
    {isActive: Boolean(isRawModeSupported)},
  );
  const api = useMemo<DispatcherApi>(
    () => ({
      register(layer) {
        layers.current.add(layer);
        publishTop();
        return () => {
          layers.current.delete(layer);
          publishTop();
        };
      },
      changed: () => publishTop(),
      nextId: () => ++counter.current,
      hold() {
        holds.current++;
        let released = false;
        // A request that hangs must not take Esc and q hostage: after a while keys flow again.
        const timer = setTimeout(() => release(), HOLD_MAX_MS);
        const release = () => {
          if (released) return;
          released = true;
          clearTimeout(timer);
          holds.current--;
          // The screen that replaced the placeholder registers its layers in the same commit; run the keys after.
          if (holds.current === 0 && queue.current.length > 0) setImmediate(next);
        };
        return release;
      },
      readonly,
    }),
    [readonly],
  );
  return (
    <DispatcherContext.Provider value={api}>
      <TopKeysContext.Provider value={top}>{children}</TopKeysContext.Provider>
    </DispatcherContext.Provider>
  );
}

/** Rendered while a screen loads (a Suspense fallback): keys typed meanwhile wait for the screen instead of being lost. */
export function HoldKeys(): null {
  const {hold} = useDispatcher();
  useLayoutEffect(() => hold(), [hold]);
  return null;
}

export function useDispatcher(): DispatcherApi {
  const api = useContext(DispatcherContext);
  if (!api) throw new Error('useDispatcher outside DispatcherProvider');
  return api;
}

/**
 * Registers a key layer while the component is mounted (and `active`). Handlers are keyed by keymap action id
 * ('list.down') or '*'; return false from a handler to let the key fall through.
 */
export function useKeys(priority: Priority, handlers: KeyHandlers, opts: {active?: boolean; text?: boolean; labels?: KeyLabels} = {}): void {
  const {register, nextId, changed} = useDispatcher();
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const labelsRef = useRef(opts.labels);
  labelsRef.current = opts.labels;
  const activeRef = useRef(opts.active ?? true);
  activeRef.current = opts.active ?? true;
  // A layout effect, not a passive one: a layer must be gone as soon as the render that removed it commits,
  // or a key typed right after closing a text field would still be swallowed by it.
  useLayoutEffect(() => {
    const layer: Layer = {id: nextId(), priority, handlers: handlersRef, active: activeRef, text: opts.text ?? false, labels: labelsRef};
    return register(layer);
  }, [priority, register, nextId, opts.text]);
  // Every render may change `active` (a field that lost the focus): the footer looks at the top layer again.
  useLayoutEffect(() => changed());
}
