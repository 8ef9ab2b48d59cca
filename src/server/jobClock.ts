// Jobs that run on the service clock (dashboard exports, Metric View previews): accepted at once, then waiting,
// then running, then done, each stage at a fixed time after submission, so a test moves a job on by advancing
// the clock. One reading of that clock for every kind of job; each kind names the stages its own way.

export interface JobStage {
  stage: 'waiting' | 'running' | 'done';
  /** When this stage began (service clock, ms). */
  since: number;
  /** How far through the running stage, scaled to `top` and rounded down: 0 while waiting, `top` once done. */
  percent: (top: number) => number;
}

/** Where a job submitted at `startedAt` is at `now`: waiting until `runAtMs` after, running until `doneAtMs` after. */
export function jobStage(startedAt: number, now: number, runAtMs: number, doneAtMs: number): JobStage {
  const elapsed = now - startedAt;
  if (elapsed < runAtMs) return {stage: 'waiting', since: startedAt, percent: () => 0};
  if (elapsed < doneAtMs) return {stage: 'running', since: startedAt + runAtMs, percent: (top) => Math.floor((top * (elapsed - runAtMs)) / (doneAtMs - runAtMs))};
  return {stage: 'done', since: startedAt + doneAtMs, percent: (top) => top};
}
