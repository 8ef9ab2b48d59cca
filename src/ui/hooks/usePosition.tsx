// The list position on the title line (`12 of 45`). It changes with every cursor move, so it lives in a store
// of its own that only the title line reads: a key press repaints the row and that line, not every component
// that reads the chrome (title, features).
import React, {createContext, useCallback, useContext, useLayoutEffect, useRef, useState, useSyncExternalStore} from 'react';
import {TitleEntry} from './chrome.js';

/** The text and the navigation entry whose screen shows it (as the title's `entry`). */
interface Position {
  readonly text: string;
  readonly entry?: number;
}

interface PositionStore {
  get(): Position | undefined;
  set(owner: object, next: Position | undefined): void;
  subscribe(listener: () => void): () => void;
}

function createPositionStore(): PositionStore {
  let shown: Position | undefined;
  let owner: object | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => shown,
    set(who, next) {
      // Clearing is for the current owner only: a table unmounting does not blank another one's position.
      if (next === undefined && who !== owner) return;
      owner = next === undefined ? undefined : who;
      if (next?.text === shown?.text && next?.entry === shown?.entry) return;
      shown = next;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const PositionContext = createContext<PositionStore | null>(null);

export function PositionProvider({children}: {children: React.ReactNode}) {
  const [store] = useState(createPositionStore);
  return <PositionContext.Provider value={store}>{children}</PositionContext.Provider>;
}

/**
 * Shows `text` as the list position while the caller is mounted (undefined: publishes nothing). Returns a function
 * that shows a position at once: a key handler that knows where its cursor goes calls it in the same update as the
 * move, so the title line changes in the commit that moves the cursor and not in one of its own after it.
 */
export function usePublishPosition(text: string | undefined): (text: string | undefined) => void {
  const store = useContext(PositionContext);
  const entry = useContext(TitleEntry);
  const self = useRef({});
  const publish = useCallback((next: string | undefined) => store?.set(self.current, next === undefined ? undefined : {text: next, entry}), [store, entry]);
  useLayoutEffect(() => {
    // Undefined clears this publisher's text: a list filtered down to nothing shows no position.
    publish(text);
  }, [publish, text]);
  useLayoutEffect(() => {
    const me = self.current;
    return () => store?.set(me, undefined);
  }, [store]);
  return publish;
}

const none = () => undefined;
const noSubscribe = () => () => {};

/** The position the screen of `entry` (the entry on top) shows: none yet in the commit that navigates to it. */
export function usePositionText(entry: number): string | undefined {
  const store = useContext(PositionContext);
  const shown = useSyncExternalStore(store?.subscribe ?? noSubscribe, store?.get ?? none);
  return shown?.entry === entry ? shown.text : undefined;
}
