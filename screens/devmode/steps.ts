// Where the user is in the dev-mode workflow and what comes next. Written from the keymap, so the hint names
// the keys that really do it.
import type {ActionId} from '../../src/ui/keymap.js';
import {isDevBranch, type DevState} from './reducer.js';
import {keysFor as k} from '../hints.js';

export const STEPS = ['branch', 'dev mode', 'edit', 'validate', 'commit', 'merge', 'exit'] as const;
export type StepName = (typeof STEPS)[number];

export interface Progress {
  readonly current: StepName;
  /** Steps that do not apply: merging when the fork's parent is the deploy branch already. */
  readonly skipped: ReadonlySet<StepName>;
  /** One line: what to do now. */
  readonly next: string;
}

export interface ProgressInput {
  readonly state: DevState;
  readonly deployBranch?: string;
  /** The branch the picker would enter dev mode on (highlighted row). */
  readonly picked?: string;
  readonly editor: string;
  /** The session open on another branch than the one the screen is about (`state.session` is then null). */
  readonly away?: string;
  /** Why the session may not use an action (usePolicy): the hint never offers such a key. @default every key offered */
  readonly withheld?: (id: ActionId) => string | undefined;
}

/** The step a withheld key stands for, in the hint that says it is not available. */
const what: Partial<Record<ActionId, string>> = {
  'dev.toggle': 'dev mode',
  'dev.edit': 'editing',
  'dev.commit': 'commit',
  'dev.merge': 'merge',
};

export function progress({state, deployBranch, picked, editor, away, withheld = () => undefined}: ProgressInput): Progress {
  const s = state.session;
  /** The hint for `id`, or what stops it: the step is named either way, a withheld key never. */
  const offer = (id: ActionId, text: string) => {
    const why = withheld(id);
    return why === undefined ? text : `${why}: ${what[id] ?? 'this step'} is not available here`;
  };
  const also = (id: ActionId, text: string) => (withheld(id) === undefined ? ` · ${text}` : '');
  const parent = s?.parent;
  const mergeApplies = parent !== undefined && parent !== deployBranch;
  const skipped = new Set<StepName>(s && !mergeApplies ? ['merge'] : []);
  const step = (current: StepName, next: string): Progress => ({current, skipped, next});
  if (!s) {
    const enter = away ? `your session is on ${away}: Enter or ${k('dev.toggle')} moves it to ${picked}` : `Enter or ${k('dev.toggle')} enters dev mode on ${picked}`;
    return picked
      ? step('dev mode', `${offer('dev.toggle', `${enter} (your own dev-… fork of it)`)}${also('dev.new', `${k('dev.new')} creates a new branch`)}`)
      : step('branch', `pick a branch (↑/↓)${also('dev.new', `${k('dev.new')} creates one`)}`);
  }
  if (!isDevBranch(s.name)) return step('dev mode', `${s.name} is not a dev-… branch: ${offer('dev.toggle', `${k('dev.toggle')} enters dev mode on it (forks one you can edit)`)}`);
  if (state.saved.length === 0 && !state.committed) {
    return step('edit', `${offer('dev.edit', `${k('dev.edit')} or Enter opens the selected file in $EDITOR (${editor})`)}${also('dev.new', `${k('dev.new')} creates a file`)}`);
  }
  const v = state.validation;
  if (!v) return step('validate', `${k('dev.validate')} validates ${s.name}`);
  if (!v.valid) return step('validate', `fix the errors below: ${offer('dev.edit', `${k('dev.edit')} opens the file, then ${k('dev.validate')} again`)}`);
  if (!state.committed) return step('commit', offer('dev.commit', `${k('dev.commit')} commits your changes to ${parent ?? 'the parent branch'}`));
  if (mergeApplies && !state.merged) {
    return step('merge', `${offer('dev.merge', `${k('dev.merge')} merges ${parent} into ${deployBranch ?? 'the deploy branch'} (rebuilds production)`)}${also('dev.toggle', `${k('dev.toggle')} leaves dev mode`)}`);
  }
  return step('exit', offer('dev.toggle', `${k('dev.toggle')} leaves dev mode (${s.name} stays until deleted)`));
}
