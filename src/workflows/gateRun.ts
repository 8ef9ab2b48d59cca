// The console's dbt gate as a run that outlives its screen: one per client and deployment, kept here (not in the
// screen's state), so leaving the gate screen neither stops the workflow nor forgets where it is. The screen
// subscribes to it and draws it; coming back shows the steps so far, the verdict, or the cleanup. It does not
// outlive its client: when the console leaves that connection (a context switch, the console's end) the App calls
// `endGateRuns`, which stops every request of its runs (the sync's polls included) and forgets them.
import type {Api} from '../api/client.js';
import {cleanupGate, GATE_STEPS, runGate, type GateEvent, type GateOptions, type GateOutcome, type GateStep, type GateStepStatus} from './dbtGate.js';

export type GateRows = Readonly<Record<GateStep, {status: GateStepStatus; detail?: string}>>;

export const initialGateRows = (): GateRows =>
  Object.fromEntries(GATE_STEPS.map((s) => [s, {status: 'pending' as GateStepStatus}])) as unknown as GateRows;

export function gateRowsReducer(rows: GateRows, event: GateEvent | 'reset'): GateRows {
  if (event === 'reset') return initialGateRows();
  return {...rows, [event.step]: {status: event.status, detail: event.detail ?? rows[event.step].detail}};
}

/** idle: nothing run yet (or the last run could not start); verdict: waiting for the user's cleanup. */
export type GatePhase = 'idle' | 'running' | 'verdict' | 'cleaning' | 'done';

export interface GateState {
  readonly phase: GatePhase;
  readonly rows: GateRows;
  readonly outcome?: GateOutcome;
  /** Branches the run created that no cleanup removed yet. */
  readonly leftBehind: {readonly syncBranch?: string; readonly devBranch?: string};
}

/** `sleep` and `now`: the clock its polls keep (the console's). */
export interface GateStartOptions extends Pick<GateOptions, 'sleep' | 'now'> {
  readonly ref: string;
  readonly measure?: string;
  readonly timeoutMs: number;
  readonly intervalMs: number;
  /** Called when the verdict is in, whether or not a screen shows the gate (the console flashes it). */
  readonly onVerdict?: (outcome: GateOutcome) => void;
  /** The run could not start (a refused ref, a lost connection). */
  readonly onError?: (message: string) => void;
  /** The gate's dbt sync was started. */
  readonly onSyncStarted?: (syncJobId: string) => void;
}

export interface GateRun {
  get(): GateState;
  subscribe(listener: () => void): () => void;
  start(opts: GateStartOptions): void;
  cleanup(opts?: {onDone?: (report: {removed: string[]; problems: string[]}) => void}): void;
  /** Stops what is running (no verdict, no error reported); nothing starts again. */
  end(): void;
}

const IDLE: GateState = {phase: 'idle', rows: initialGateRows(), leftBehind: {}};

function createGateRun(api: Api, deploymentId: string): GateRun {
  let state = IDLE;
  const ended = new AbortController();
  const {signal} = ended;
  const listeners = new Set<() => void>();
  const set = (next: Partial<GateState>) => {
    state = {...state, ...next};
    for (const l of listeners) l();
  };
  const step = (event: GateEvent) =>
    set({rows: gateRowsReducer(state.rows, event), ...(event.created ? {leftBehind: {...state.leftBehind, ...event.created}} : {})});
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    start(opts) {
      if (signal.aborted || state.phase === 'running' || state.phase === 'cleaning') return;
      set({phase: 'running', rows: initialGateRows(), leftBehind: {}, outcome: undefined});
      runGate(api, {deploymentId, ref: opts.ref, measure: opts.measure, timeoutMs: opts.timeoutMs, intervalMs: opts.intervalMs, sleep: opts.sleep, now: opts.now, onStep: step, onSyncStarted: opts.onSyncStarted, signal}).then(
        (outcome) => {
          set({phase: 'verdict', outcome});
          opts.onVerdict?.(outcome);
        },
        (err: unknown) => {
          set({phase: 'idle'});
          if (!signal.aborted) opts.onError?.(err instanceof Error ? err.message : String(err));
        },
      );
    },
    cleanup(opts = {}) {
      const outcome = state.outcome;
      if (signal.aborted || state.phase !== 'verdict' || !outcome) return;
      set({phase: 'cleaning'});
      void cleanupGate(api, deploymentId, outcome, {onStep: step, signal}).then((report) => {
        set({phase: 'done', ...(report.problems.length === 0 ? {leftBehind: {}} : {})});
        if (!signal.aborted) opts.onDone?.(report);
      });
    },
    end: () => ended.abort(),
  };
}

const runs = new WeakMap<Api, Map<string, GateRun>>();

/** THE gate run of a deployment for this client: the same one every time the gate screen opens. */
export function gateRunFor(api: Api, deploymentId: string): GateRun {
  let byDeployment = runs.get(api);
  if (!byDeployment) runs.set(api, (byDeployment = new Map()));
  let run = byDeployment.get(deploymentId);
  if (!run) byDeployment.set(deploymentId, (run = createGateRun(api, deploymentId)));
  return run;
}

/** Ends every gate run of this client: the console is leaving its connection (a context switch, its own end). */
export function endGateRuns(api: Api): void {
  for (const run of runs.get(api)?.values() ?? []) run.end();
  runs.delete(api);
}
