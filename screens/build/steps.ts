// The steps of a build as a timeline: queued → building → warmup → built (or failed / cancelled).
// The service reports the current step (`deploymentStatus`, else `status`) and when it began (`updatedAt`); the
// watcher remembers when it first saw each step, so the timeline fills in as the build advances.
import type {BuildStatus} from '../../src/api/builds.js';

export const STEP_ORDER = ['queued', 'building', 'warmup', 'built'] as const;
const KNOWN_STEPS: ReadonlySet<string> = new Set([...STEP_ORDER, 'failed', 'cancelled']);
export type StepState = 'done' | 'running' | 'pending' | 'failed';

export interface StepRow {
  name: string;
  state: StepState;
  /** ISO time the step began (the end, for the last one). */
  at?: string;
}

/** The finest step name the answer gives: the engine step when known, else the API status. */
export function currentStep(build: Pick<BuildStatus, 'status' | 'deploymentStatus'>): string {
  const detail = build.deploymentStatus?.trim().toLowerCase();
  return detail !== undefined && KNOWN_STEPS.has(detail) ? detail : build.status;
}

/** Index in STEP_ORDER of the step a build is in; failures count as ending in `building`. */
function progressIndex(step: string): number {
  if (step === 'queued' || step === 'none' || step === 'stopped' || step === '') return 0;
  if (step === 'warmup') return 2;
  if (step === 'built') return 3;
  return 1;
}

/** Timeline rows for `step`; `seen` holds when each step was first observed. */
export function buildSteps(step: string, seen: Readonly<Record<string, string>> = {}): StepRow[] {
  const failed = step === 'failed' || step === 'cancelled';
  const current = progressIndex(step);
  const rows: StepRow[] = STEP_ORDER.slice(0, 3).map((name, i) => {
    const state: StepState =
      i < current ? 'done' : i === current ? (failed ? 'failed' : step === 'built' ? 'done' : 'running') : 'pending';
    const at = seen[name];
    return state !== 'pending' && at !== undefined ? {name, state, at} : {name, state};
  });
  const end: StepRow = failed ? {name: step, state: 'failed'} : {name: 'built', state: step === 'built' ? 'done' : 'pending'};
  const endAt = seen[end.name];
  if (endAt !== undefined && end.state !== 'pending') end.at = endAt;
  return [...rows, end];
}
