// Navigation stack in context. Crumbs, Esc and the palette all go through here.
import React, {createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState} from 'react';
import {initialNav, inheritedParams, memoryKey, navReducer, sameParams, type NavEntry, type NavTarget} from '../nav/navReducer.js';

/** The ways to move and the stores beside the stack: the same object for the provider's whole life. */
export interface NavActions {
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

export interface NavApi extends NavActions {
  readonly stack: readonly NavEntry[];
  readonly top: NavEntry;
  /**
   * Params of the whole stack, nearest entry winning (a versions screen sees the deployment id above it). The same
   * object while they are the same: a `/` filter, or a move that keeps them, renders nothing that depends on them.
   */
  readonly params: Readonly<Record<string, string>>;
}

/** Params a highlighted row stands for (a deployment's id and name), with the crumb label to push them under. */
export interface Selection {
  readonly params: Readonly<Record<string, string>>;
  readonly label: string;
}

/** The screen on top and its params: what useRemembered keys its memory by. Not changed by a `/` filter. */
interface Place {
  readonly screen: string;
  readonly params: Readonly<Record<string, string>>;
}

// Three contexts, so that a `/` filter keystroke renders only what reads the stack or the filter: a screen that
// only moves (push, pop) or remembers its view state is not rendered again for it.
const NavContext = createContext<NavApi | null>(null);
const ActionsContext = createContext<NavActions | null>(null);
const PlaceContext = createContext<Place | null>(null);

export function NavProvider({initial, children}: {initial: NavTarget; children: React.ReactNode}) {
  const [state, dispatch] = useReducer(navReducer, initial, initialNav);
  const top = state.stack.at(-1);
  if (!top) throw new Error('navigation stack is empty');
  const fresh = inheritedParams(state.stack);
  const kept = useRef(fresh);
  if (!sameParams(kept.current, fresh)) kept.current = fresh;
  const params = kept.current;
  // The actions read the stack the provider last rendered, as a screen that called them had seen it.
  const current = useRef({stack: state.stack, top, params});
  current.current = {stack: state.stack, top, params};
  const [actions] = useState((): NavActions => {
    let offered: Selection | undefined;
    const memory = new Map<string, Map<string, unknown>>();
    const filterListeners = new Set<(filter: string) => void>();
    // A screen opened again for the same params (Esc back to it, a `:` jump to it) gets its `/` filter back.
    const withFilter = (stack: readonly NavEntry[], t: NavTarget): NavTarget => {
      if (t.filter !== undefined) return t;
      const key = memoryKey(t.screen, {...inheritedParams(stack), ...(t.params ?? {})});
      const filter = memory.get(key)?.get('filter');
      return typeof filter === 'string' && filter ? {...t, filter} : t;
    };
    return {
      push: (target) => dispatch({type: 'push', target: withFilter(current.current.stack, target)}),
      replace: (target) => dispatch({type: 'replace', target: withFilter(current.current.stack.slice(0, -1), target)}),
      reset: (target) => dispatch({type: 'reset', target: withFilter([], target)}),
      pop: () => dispatch({type: 'pop'}),
      jump: (keep, targets) => {
        let below = current.current.stack.slice(0, Math.max(1, keep));
        const filled = targets.map((t) => {
          const out = withFilter(below, t);
          below = [...below, {key: -1, screen: t.screen, params: t.params ?? {}, filter: ''}];
          return out;
        });
        dispatch({type: 'jump', keep, targets: filled});
      },
      setFilter: (filter) => {
        const slot = memoryKey(current.current.top.screen, current.current.params);
        if (!memory.has(slot)) memory.set(slot, new Map());
        memory.get(slot)!.set('filter', filter);
        dispatch({type: 'setFilter', filter});
        for (const listener of filterListeners) listener(filter);
      },
      watchFilter: (listener) => {
        filterListeners.add(listener);
        return () => void filterListeners.delete(listener);
      },
      memory,
      selection: () => offered,
      offerSelection: (s) => void (offered = s),
    };
  });
  const api = useMemo<NavApi>(() => ({...actions, stack: state.stack, top, params}), [actions, state.stack, top, params]);
  const place = useMemo<Place>(() => ({screen: top.screen, params}), [top.screen, params]);
  return (
    <ActionsContext.Provider value={actions}>
      <PlaceContext.Provider value={place}>
        <NavContext.Provider value={api}>{children}</NavContext.Provider>
      </PlaceContext.Provider>
    </ActionsContext.Provider>
  );
}

export function useNav(): NavApi {
  const api = useContext(NavContext);
  if (!api) throw new Error('useNav outside NavProvider');
  return api;
}

/** How to move, without the stack: a component that only pushes or pops is not rendered again when the stack changes. */
export function useNavActions(): NavActions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error('useNavActions outside NavProvider');
  return actions;
}

function usePlace(): Place {
  const place = useContext(PlaceContext);
  if (!place) throw new Error('useRemembered outside NavProvider');
  return place;
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
  const {watchFilter} = useNavActions();
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
  const {offerSelection} = useNavActions();
  useEffect(() => () => offerSelection(undefined), [offerSelection]);
  return offerSelection;
}

/**
 * useState that outlives the screen: kept per screen and params, so going back to a screen (Esc, or a `:` jump to
 * the same screen of the same deployment) finds its cursor, filters and scroll where they were left.
 */
export function useRemembered<T>(slot: string, initial: T): [T, (update: T | ((prev: T) => T)) => void] {
  const {memory} = useNavActions();
  const {screen, params} = usePlace();
  const key = memoryKey(screen, params);
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
