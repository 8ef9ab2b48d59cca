// Where a `:` palette jump lands: a pure function of the stack, the target's definition and what the screen on
// top offers, so the policy reads in one place and is tested without Ink.
import {paramsAt, type NavEntry, type NavTarget, type ScreenParams} from './navReducer.js';

/** What the policy needs to know of a screen's definition (screen.ts `ScreenDef`). */
export interface JumpScreen {
  readonly id: string;
  readonly title: string;
  /** Params the screen cannot work without (a deployment). */
  readonly needs?: readonly string[];
  /** A word after the palette name (`:ctx staging`) is passed as this param. */
  readonly argument?: {readonly param: string};
}

export interface JumpInput {
  readonly target: JumpScreen;
  /** The word typed after the palette name, if any. */
  readonly arg?: string;
  readonly stack: readonly NavEntry[];
  /** The definitions of the screens on the stack, by id (whether they need params decides what a jump keeps). */
  readonly screen: (id: string) => JumpScreen | undefined;
  /** The row under the cursor of the screen on top (useOfferSelection). */
  readonly offered?: ScreenParams;
  /** The deployment last looked at: `:versions` from Audit opens for it instead of asking. */
  readonly lastDeployment?: ScreenParams;
}

/** The navigation a jump makes (the navReducer action it becomes), a warning, or nothing (already there). */
export type JumpPlan =
  | {readonly type: 'reset' | 'replace'; readonly target: NavTarget}
  | {readonly type: 'jump'; readonly keep: number; readonly targets: readonly NavTarget[]}
  | {readonly type: 'warn'; readonly text: string}
  | undefined;

export function planJump({target, arg, stack, screen, offered, lastDeployment}: JumpInput): JumpPlan {
  const id = target.id;
  const needs = target.needs ?? [];
  const top = stack.at(-1);
  const topNeeds = top ? (screen(top.screen)?.needs?.length ?? 0) > 0 : false;
  // `:ctx staging`: the word after the name is the screen's argument param.
  const argParams = arg !== undefined && target.argument ? {[target.argument.param]: arg} : undefined;
  if (needs.length === 0) {
    // The root screen starts over; another global screen (Audit, Contexts) opens on top, so Esc comes back
    // (replacing the global screen on top rather than stacking a second one).
    const entry: NavTarget = argParams ? {screen: id, params: argParams} : {screen: id};
    if (stack[0]?.screen === id) return {type: 'reset', target: entry};
    if (top?.screen === id) return argParams ? {type: 'replace', target: entry} : undefined;
    return {type: 'jump', keep: topNeeds ? stack.length : stack.length - (stack.length > 1 ? 1 : 0), targets: [entry]};
  }
  // The entry the jump belongs to: the first one that gives every param the target needs (the deployment).
  const owner = stack.findIndex((_, i) => needs.every((p) => paramsAt(stack, i)[p] !== undefined));
  if (owner >= 0) {
    // A jump replaces what was opened after that entry: no stacks of screens reached by jumping around.
    return {type: 'jump', keep: owner + 1, targets: stack[owner]?.screen === id ? [] : [{screen: id}]};
  }
  // Nothing on the stack gives it: the row under the cursor (the deployments list), else the last deployment.
  const given = offered ?? lastDeployment;
  if (given && needs.every((p) => given[p] !== undefined)) {
    const overview: NavTarget[] = id !== 'deployment' && screen('deployment') ? [{screen: 'deployment', params: {...given}}] : [];
    const keep = stack.length === 1 || topNeeds ? stack.length : 1;
    return {type: 'jump', keep, targets: [...overview, {screen: id, params: overview.length ? {} : {...given}}]};
  }
  const known = top ? paramsAt(stack, stack.length - 1) : {};
  const missing = needs.filter((p) => known[p] === undefined);
  // deploymentId → "deployment": what the user picks, not the param's name.
  const what = missing.map((p) => p.replace(/Id$/, '').replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`));
  return {type: 'warn', text: `${target.title} needs a ${what.join(' and a ')}: pick one first`};
}
