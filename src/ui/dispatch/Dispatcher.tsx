// One useInput for the whole app. Components register layers with useKeys; ink 6 useInput closures can be
// stale for a render, so layers keep their handlers in refs and state changes go through reducers.
import React, {createContext, useContext, useLayoutEffect, useMemo, useRef} from 'react';
import {useInput, useStdin} from 'ink';
import {keyName} from '../keymap.js';
import {dispatchKey, type KeyHandlers, type Layer, type Priority} from './dispatch.js';

interface DispatcherApi {
  register(layer: Layer): () => void;
  nextId(): number;
  readonly readonly: boolean;
}

const DispatcherContext = createContext<DispatcherApi | null>(null);

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
  const {isRawModeSupported} = useStdin();
  useInput(
    (input, key) => {
      const name = keyName(input, key);
      if (name === 'ctrl+c') {
        quit.current();
        return;
      }
      dispatchKey(layers.current, {name, input, key}, {readonly});
    },
    // isRawModeSupported is undefined (not false) on a pipe; Boolean() keeps Ink from throwing.
    {isActive: Boolean(isRawModeSupported)},
  );
  const api = useMemo<DispatcherApi>(
    () => ({
      register(layer) {
        layers.current.add(layer);
        return () => void layers.current.delete(layer);
      },
      nextId: () => ++counter.current,
      readonly,
    }),
    [readonly],
  );
  return <DispatcherContext.Provider value={api}>{children}</DispatcherContext.Provider>;
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
export function useKeys(priority: Priority, handlers: KeyHandlers, opts: {active?: boolean} = {}): void {
  const {register, nextId} = useDispatcher();
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const activeRef = useRef(opts.active ?? true);
  activeRef.current = opts.active ?? true;
  // A layout effect, not a passive one: a layer must be gone as soon as the render that removed it commits,
  // or a key typed right after closing a text field would still be swallowed by it.
  useLayoutEffect(() => {
    const layer: Layer = {id: nextId(), priority, handlers: handlersRef, active: activeRef};
    return register(layer);
  }, [priority, register, nextId]);
}
