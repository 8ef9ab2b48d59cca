// Selection state of a DataTable, by row id: a refresh that inserts or removes rows keeps the cursor on the
// same row; when that row disappears the cursor stays at the same position (clamped).
export interface SelectionState {
  readonly id: string | undefined;
  /** Last known index, used when the id is no longer in the list. */
  readonly index: number;
}

export type SelectionAction =
  | {type: 'move'; delta: number; ids: readonly string[]}
  | {type: 'to'; index: number; ids: readonly string[]}
  | {type: 'select'; id: string; ids: readonly string[]};

export function resolveIndex(state: SelectionState, ids: readonly string[]): number {
  if (ids.length === 0) return -1;
  const found = state.id === undefined ? -1 : ids.indexOf(state.id);
  if (found >= 0) return found;
  return Math.max(0, Math.min(state.index, ids.length - 1));
}

/** The row at `index` (clamped); `state` itself when that is where it is: a key that moves nowhere renders nothing. */
function at(state: SelectionState, ids: readonly string[], index: number): SelectionState {
  const i = Math.max(0, Math.min(index, ids.length - 1));
  return state.id === ids[i] && state.index === i ? state : {id: ids[i], index: i};
}

export function selectionReducer(state: SelectionState, action: SelectionAction): SelectionState {
  if (action.ids.length === 0) return state;
  switch (action.type) {
    case 'move':
      return at(state, action.ids, resolveIndex(state, action.ids) + action.delta);
    case 'to':
      return at(state, action.ids, action.index < 0 ? action.ids.length + action.index : action.index);
    case 'select': {
      const i = action.ids.indexOf(action.id);
      return i < 0 ? state : at(state, action.ids, i);
    }
  }
}
