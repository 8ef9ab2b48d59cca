// What the dev-mode workflow has done in this visit: the session (from the service, then from enter/leave),
// which files were saved, the last validation, and whether the work was committed and merged. A save makes
// the earlier validation, commit and merge stale, so the guide walks back to "validate".
import type {Validation} from '../../src/api/dataModel.js';

export interface Session {
  /** The branch the session points at: normally a personal `dev-…` fork. */
  readonly name: string;
  /** The branch it was forked from (commits land there). */
  readonly parent?: string;
}

export interface DevState {
  /** undefined: not known yet; null: no session. */
  readonly session: Session | null | undefined;
  readonly saved: readonly string[];
  readonly validation?: Validation;
  readonly committed: boolean;
  readonly merged: boolean;
}

export type DevAction =
  | {type: 'session'; session: Session | null}
  | {type: 'saved'; path: string}
  | {type: 'validated'; result: Validation}
  | {type: 'committed'}
  | {type: 'merged'};

export const initialDevState: DevState = {session: undefined, saved: [], committed: false, merged: false};

export function devReducer(state: DevState, action: DevAction): DevState {
  switch (action.type) {
    case 'session': {
      const same = state.session?.name === action.session?.name;
      // A different session is a different piece of work.
      if (!same) return {...initialDevState, session: action.session};
      // The same session seen again (e.g. from build status) may not know the parent; keep what we learnt.
      const parent = action.session?.parent ?? state.session?.parent;
      return {...state, session: action.session && parent !== undefined ? {...action.session, parent} : action.session};
    }
    case 'saved':
      return {
        ...state,
        saved: state.saved.includes(action.path) ? state.saved : [...state.saved, action.path],
        validation: undefined,
        committed: false,
        merged: false,
      };
    case 'validated':
      return {...state, validation: action.result};
    case 'committed':
      return {...state, committed: true, merged: false};
    case 'merged':
      return {...state, merged: true};
  }
}

/** A personal dev-mode fork: the only kind of branch the service lets files be written to. */
export function isDevBranch(name: string | undefined): boolean {
  return name?.startsWith('dev-') ?? false;
}

/** Validation errors grouped by file (errors without a file under ''). */
export function errorsByFile(v: Validation | undefined): Map<string, Validation['errors']> {
  const out = new Map<string, Validation['errors']>();
  for (const e of v?.errors ?? []) out.set(e.fileName ?? '', [...(out.get(e.fileName ?? '') ?? []), e]);
  return out;
}
