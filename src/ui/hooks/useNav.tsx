// Navigation stack in context. Crumbs, Esc and the palette all go through here.
import React, {createContext, useContext, useMemo, useReducer} from 'react';
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
}

const NavContext = createContext<NavApi | null>(null);

export function NavProvider({initial, children}: {initial: NavTarget; children: React.ReactNode}) {
  const [state, dispatch] = useReducer(navReducer, initial, initialNav);
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
    };
  }, [state]);
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
