// The gate screen's names for the workflow's steps (the rows themselves are kept by src/workflows/gateRun.ts).
import type {GateStep} from '../../src/workflows/dbtGate.js';

export const GATE_STEP_NAMES: Record<GateStep, string> = {
  sync: 'dbt sync',
  devMode: 'dev mode',
  validate: 'validate',
  query: 'query',
  verdict: 'verdict',
  cleanup: 'cleanup',
};
