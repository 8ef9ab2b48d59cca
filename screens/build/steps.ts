// The steps of a build as a timeline: queued → building → warmup → built (or failed / cancelled).
// Times come from the service when it sends them (`steps[]` or `<step>At` fields); otherwise from when this
// screen first saw each status, which is the best a watcher can say.
import type {BuildStatus} from '../../src/api/builds.js';
import {asRecord, num, str} from '../../src/api/read.js';

export const STEP_ORDER = ['queued', 'building', 'warmup', 'built'] as const;
export type StepState = 'done' | 'running' | 'pending' | 'failed';

export interface StepRow {
  name: string;
  state: StepState;
  /** ISO time the step started (or ended, for the last step). */
  at?: string;
}

/** Status → index of the running step in STEP_ORDER; terminal failures stop at the step they ended in. */
function progressIndex(status: string): number {
  if (status === 'queued' || status === 'none' || status === 'stopped' || status === '') return 0;
  if (status === 'warmup') return 2;
  if (status === 'built') return 3;
  return 1;
}

function toIso(value: unknown): string | undefined {
  const n = num(value);
  if (n !== undefined) return new Date(n).toISOString();
  return str(value);
}

/** Step start times the service reported, by step name. */
export function reportedTimes(raw: unknown): Record<string, string> {
  const body = asRecord(asRecord(raw)?.data) ?? asRecord(raw) ?? {};
  const out: Record<string, string> = {};
  if (Array.isArray(body.steps)) {
    for (const s of body.steps) {
      const step = asRecord(s);
      const name = str(step?.name) ?? str(step?.step);
      const at = toIso(step?.at ?? step?.startedAt);
      if (name !== undefined && at !== undefined) out[name] = at;
    }
  }
  for (const name of [...STEP_ORDER, 'failed', 'cancelled']) {
    const at = toIso(body[`${name}At`]);
    if (at !== undefined && out[name] === undefined) out[name] = at;
  }
  const finished = toIso(body.finishedAt);
  if (finished !== undefined) out.finished ??= finished;
  return out;
}

/**
 * The timeline for a status. `seen` maps statuses to when this client first observed them; reported times win.
 */
export function buildSteps(build: Pick<BuildStatus, 'status' | 'raw'>, seen: Record<string, string> = {}): StepRow[] {
  const status = build.status;
  const times = {...seen, ...reportedTimes(build.raw)};
  const failed = status === 'failed' || status === 'cancelled';
  const current = progressIndex(status);
  const rows: StepRow[] = STEP_ORDER.slice(0, 3).map((name, i) => {
    const state: StepState = i < current ? 'done' : i === current ? (failed ? 'failed' : status === 'built' ? 'done' : 'running') : 'pending';
    const row: StepRow = {name, state};
    const at = times[name];
    if (at !== undefined && state !== 'pending') row.at = at;
    return row;
  });
  const last: StepRow = failed ? {name: status, state: 'failed'} : {name: 'built', state: status === 'built' ? 'done' : 'pending'};
  const lastAt = times[last.name] ?? (last.state !== 'pending' ? times.finished : undefined);
  if (lastAt !== undefined && last.state !== 'pending') last.at = lastAt;
  return [...rows, last];
}
