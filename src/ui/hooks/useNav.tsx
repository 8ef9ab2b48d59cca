// Navigation stack in context. Crumbs, Esc and the palette all go through here.
import React, {createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState} from 'react';
import {initialNav, inheritedParams, memoryKey, navReducer, type NavEntry, type NavTarget} from '../nav/navReducer.js';

export interface NavApi {
  readonly stack: readonly NavEntry[];
  readonly top: NavEntry;
  /** Params of the whole stack, nearest entry winning (a versions screen sees the deployment id above it). */
  readonly params: Readonly<Record<string, string>>;
  push(target: NavTarget): void;
  replace(target: NavTarget): void;
  reset(target: NavTarget): void;
  pop(): void;
  /** Keeps the first `keep` entries of the stack and pushes `targets` (palette jumps). */
  jump(keep: number, targets: readonly NavTarget[]): void;
  setFilter(filter: string): void;
  /**
   * Calls `listener` with each new `/` filter from inside the update that sets it (useFilterChange), so what a list
   * derives from the filter can change in the same commit as the filter.
   */
  watchFilter(listener: (filter: string) => void): () => void;
  /** Per screen-and-params view state that outlives the screen's mount (useRemembered). */
  readonly memory: Map<string, Map<string, unknown>>;
  /** What the screen on top has under its cursor (useOfferSelection), for the palette to jump with. */
  selection(): Selection | undefined;
  offerSelection(selection: Selection | undefined): void;
}

/** Params a highlighted row stands for (a deployment's id and name), with the crumb label to push them under. */
export interface Selection {
  readonly params: Readonly<Record<string, string>>;
  readonly label: string;
}

const NavContext = createContext<NavApi | null>(null);

export function NavProvider({initial, children}: {initial: NavTarget; children: React.ReactNode}) {
  const [state, dispatch] = useReducer(navReducer, initial, initialNav);
  const offered = useRef<Selection | undefined>(undefined);
  const selection = useCallback(() => offered.current, []);
  const offerSelection = useCallback((s: Selection | undefined) => void (offered.current = s), []);
  const [memory] = useState(() => new Map<string, Map<string, unknown>>());
  const [filterListeners] = useState(() => new Set<(filter: string) => void>());
  const watchFilter = useCallback(
    (listener: (filter: string) => void) => {
      filterListeners.add(listener);
      return () => void filterListeners.delete(listener);
    },
    [filterListeners],
  );
  // A screen opened again for the same params (Esc back to it, a `:` jump to it) gets its `/` filter back.
  const withFilter = useCallback(
    (stack: readonly NavEntry[], t: NavTarget): NavTarget => {
      if (t.filter !== undefined) return t;
      const key = memoryKey(t.screen, {...inheritedParams(stack), ...(t.params ?? {})});
      const filter = memory.get(key)?.get('filter');
      return typeof filter === 'string' && filter ? {...t, filter} : t;
    },
    [memory],
  );
  const api = useMemo<NavApi>(() => {
    const top = state.stack.at(-1);
    if (!top) throw new Error('navigation stack is empty');
    const params = inheritedParams(state.stack);
    return {
      stack: state.stack,
      top,
      params,
      push: (target) => dispatch({type: 'push', target: withFilter(state.stack, target)}),
      replace: (target) => dispatch({type: 'replace', target: withFilter(state.stack.slice(0, -1), target)}),
      reset: (target) => dispatch({type: 'reset', target: withFilter([], target)}),
      pop: () => dispatch({type: 'pop'}),
      jump: (keep, targets) => {
        let below = state.stack.slice(0, Math.max(1, keep));
        const filled = targets.map((t) => {
          const out = withFilter(below, t);
          below = [...below, {key: -1, screen: t.screen, params: t.params ?? {}, filter: ''}];
          return out;
        });
        dispatch({type: 'jump', keep, targets: filled});
      },
      setFilter: (filter) => {
        const slot = memoryKey(top.screen, params);
        if (!memory.has(slot)) memory.set(slot, new Map());
        memory.get(slot)!.set('filter', filter);
        dispatch({type: 'setFilter', filter});
        for (const listener of filterListeners) listener(filter);
      },
      watchFilter,
      memory,
      selection,
      offerSelection,
    };
  }, [state, selection, offerSelection, memory, withFilter, filterListeners, watchFilter]);
  return <NavContext.Provider value={api}>{children}</NavContext.Provider>;
}

export function useNav(): NavApi {
  const api = useContext(NavContext);
  if (!api) throw new Error('useNav outside NavProvider');
  return api;
}

/** The `/` filter of the current screen ('' when none). */
export function useFilter(): string {
  return useNav().top.filter;
}

/**
 * Calls `listener` (while `active`) with the current screen's new `/` filter in the update that sets it: a list
 * publishes what it derives from the filter (the title line's count and position) in the commit that filters it,
 * not in a second one after it.
 */
export function useFilterChange(listener: (filter: string) => void, active: boolean): void {
  const {watchFilter} = useNav();
  const latest = useRef(listener);
  latest.current = listener;
  useLayoutEffect(() => (active ? watchFilter((filter) => latest.current(filter)) : undefined), [watchFilter, active]);
}

/**
 * The setter a list screen calls with the row under its cursor (a deployment's id and name): `:dbt` on the
 * deployments list then opens the dbt runs of that deployment instead of asking to pick one first. The offer ends
 * when the screen unmounts.
 */
export function useOfferSelection(): (selection: Selection | undefined) => void {
  const {offerSelection} = useNav();
  useEffect(() => () => offerSelection(undefined), [offerSelection]);
  return offerSelection;
}

/**
 * useState that outlives the screen: kept per screen and params, so going back to a screen (Esc, or a `:` jump to
 * the same screen of the same deployment) finds its cursor, filters and scroll where they were left.
 */
export function useRemembered<T>(slot: string, initial: T): [T, (update: T | ((prev: T) => T)) => void] {
  const {memory, top, params} = useNav();
  const key = memoryKey(top.screen, params);
  const [value, setValue] = useState<T>(() => (memory.get(key)?.has(slot) ? (memory.get(key)!.get(slot) as T) : initial));
  const keyRef = useRef(key);
  keyRef.current = key;
  const set = useCallback(
    (update: T | ((prev: T) => T)) =>
      setValue((prev) => {
        const next = typeof update === 'function' ? (update as (p: T) => T)(prev) : update;
        if (!memory.has(keyRef.current)) memory.set(keyRef.current, new Map());
        memory.get(keyRef.current)!.set(slot, next);
        return next;
      }),
    [memory, slot],
  );
  return [value, set];
}
