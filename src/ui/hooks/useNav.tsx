// Navigation stack in context. Crumbs, Esc and the palette all go through here.
import React, {createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef} from 'react';
import {initialNav, inheritedParams, navReducer, type NavEntry, type NavTarget} from '../nav/navReducer.js';

export interface NavApi {
  readonly stack: readonly NavEntry[];
  readonly top: NavEntry;
  /** Params of the whole stack, nearest entry winning (a versions screen sees the deployment id above it). */
  readonly params: Readonly<Record<string, string>>;
  push(target: NavTarget): void;
  replace(target: NavTarget): void;
  reset(target: NavTarget): void;
  pop(): void;
  setFilter(filter: string): void;
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
  const api = useMemo<NavApi>(() => {
    const top = state.stack.at(-1);
    if (!top) throw new Error('navigation stack is empty');
    return {
      stack: state.stack,
      top,
      params: inheritedParams(state.stack),
      push: (target) => dispatch({type: 'push', target}),
      replace: (target) => dispatch({type: 'replace', target}),
      reset: (target) => dispatch({type: 'reset', target}),
      pop: () => dispatch({type: 'pop'}),
      setFilter: (filter) => dispatch({type: 'setFilter', filter}),
      selection,
      offerSelection,
    };
  }, [state, selection, offerSelection]);
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
 * The setter a list screen calls with the row under its cursor (a deployment's id and name): `:dbt` on the
 * deployments list then opens the dbt runs of that deployment instead of asking to pick one first. The offer ends
 * when the screen unmounts.
 */
export function useOfferSelection(): (selection: Selection | undefined) => void {
  const {offerSelection} = useNav();
  useEffect(() => () => offerSelection(undefined), [offerSelection]);
  return offerSelection;
}
