// The gate screen's view of the workflow: one row per step, updated from the workflow's events.
import {GATE_STEPS, type GateEvent, type GateStep, type GateStepStatus} from '../../src/workflows/dbtGate.js';

export const GATE_STEP_NAMES: Record<GateStep, string> = {
  sync: 'dbt sync',
  devMode: 'dev mode',
  validate: 'validate',
  query: 'query',
  verdict: 'verdict',
  cleanup: 'cleanup',
};

export type GateRows = Readonly<Record<GateStep, {status: GateStepStatus; detail?: string}>>;

export const initialGateRows = (): GateRows =>
  Object.fromEntries(GATE_STEPS.map((s) => [s, {status: 'pending' as GateStepStatus}])) as unknown as GateRows;

export function gateRowsReducer(rows: GateRows, event: GateEvent | 'reset'): GateRows {
  if (event === 'reset') return initialGateRows();
  return {...rows, [event.step]: {status: event.status, detail: event.detail ?? rows[event.step].detail}};
}
