// The navigation stack. Crumbs, the title's filter and what Esc does next are all derived from it.
export type ScreenParams = Readonly<Record<string, string>>;

export interface NavEntry {
  /** Unique per push, so React remounts a screen pushed twice. */
  readonly key: number;
  readonly screen: string;
  readonly params: ScreenParams;
  /** Crumb text; the registry's title when absent. */
  readonly label?: string;
  /** The list filter typed with `/`, kept per entry so popping back restores it. */
  readonly filter: string;
}

export interface NavState {
  readonly stack: readonly NavEntry[];
  readonly nextKey: number;
}

export interface NavTarget {
  readonly screen: string;
  readonly params?: ScreenParams;
  readonly label?: string;
  /** The `/` filter it opens with (a screen seen before keeps its filter). @default '' */
  readonly filter?: string;
}

export type NavAction =
  | {type: 'push'; target: NavTarget}
  | {type: 'replace'; target: NavTarget}
  | {type: 'reset'; target: NavTarget}
  | {type: 'pop'}
  /** Keeps the first `keep` entries and pushes `targets` after them (a palette jump). */
  | {type: 'jump'; keep: number; targets: readonly NavTarget[]}
  | {type: 'setFilter'; filter: string};

export function initialNav(target: NavTarget): NavState {
  return navReducer({stack: [], nextKey: 1}, {type: 'reset', target});
}

function entry(state: NavState, t: NavTarget): NavEntry {
  return {key: state.nextKey, screen: t.screen, params: t.params ?? {}, label: t.label, filter: t.filter ?? ''};
}

export function navReducer(state: NavState, action: NavAction): NavState {
  switch (action.type) {
    case 'push':
      return {stack: [...state.stack, entry(state, action.target)], nextKey: state.nextKey + 1};
    case 'replace':
      return {stack: [...state.stack.slice(0, -1), entry(state, action.target)], nextKey: state.nextKey + 1};
    case 'reset':
      return {stack: [entry(state, action.target)], nextKey: state.nextKey + 1};
    case 'jump': {
      let next: NavState = {...state, stack: state.stack.slice(0, Math.max(1, action.keep))};
      for (const t of action.targets) next = navReducer(next, {type: 'push', target: t});
      return next;
    }
    case 'pop':
      // The root screen stays: Esc at the root does nothing rather than leaving an empty UI.
      return state.stack.length > 1 ? {...state, stack: state.stack.slice(0, -1)} : state;
    case 'setFilter': {
      const top = state.stack.at(-1);
      if (!top || top.filter === action.filter) return state;
      return {...state, stack: [...state.stack.slice(0, -1), {...top, filter: action.filter}]};
    }
  }
}

/** Params visible from the top of the stack: the nearest entry that defines a param wins. */
export function inheritedParams(stack: readonly NavEntry[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of stack) Object.assign(out, e.params);
  return out;
}

/** The same params: the same names with the same values. */
export function sameParams(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => Object.hasOwn(b, name) && a[name] === b[name]);
}

/** Params visible at entry `index` (that entry and the ones below it). */
export function paramsAt(stack: readonly NavEntry[], index: number): Record<string, string> {
  return inheritedParams(stack.slice(0, index + 1));
}

/** Where a screen's remembered view state (cursor, filters, scroll) lives: the screen and the params it shows. */
export function memoryKey(screen: string, params: Readonly<Record<string, string>>): string {
  return `${screen} ${JSON.stringify(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)))}`;
}
