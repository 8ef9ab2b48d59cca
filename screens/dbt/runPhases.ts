// A run's phases read from its log: every phase writes lines tagged with its token (`dbt-compile`) and ends
// with one carrying its durationMs (level error when the phase failed). The log is the only per-phase source
// while a run is live (history reports phases once it ends), so the live timeline and the finished one agree.
import type {DbtLogEntry} from '../../src/api/dbt.js';

export interface RunPhase {
  readonly name: string;
  readonly status: 'completed' | 'running' | 'failed' | 'cancelled';
  readonly durationMs?: number;
  /** When the phase's first log line was written (a running phase's elapsed time counts from it). */
  readonly startedAt?: string;
}

/**
 * Phases in the order they began. `ended` says the run is over (COMPLETED or FAILED): a phase without its
 * closing line then was cut short (cancelled, or a run lost mid-phase).
 */
export function phasesFromLog(entries: readonly DbtLogEntry[], ended: boolean): RunPhase[] {
  const order: string[] = [];
  const began = new Map<string, string>();
  const closed = new Map<string, {failed: boolean; durationMs: number}>();
  const erred = new Set<string>();
  for (const e of entries) {
    if (!e.phase) continue;
    if (!order.includes(e.phase)) {
      order.push(e.phase);
      if (e.timestamp) began.set(e.phase, e.timestamp);
    }
    if (e.level === 'error') erred.add(e.phase);
    if (e.durationMs !== undefined && !closed.has(e.phase)) closed.set(e.phase, {failed: e.level === 'error', durationMs: e.durationMs});
  }
  return order.map((name): RunPhase => {
    const end = closed.get(name);
    if (end) return {name, status: end.failed ? (/cancel/i.test(lastMessage(entries, name)) ? 'cancelled' : 'failed') : 'completed', durationMs: end.durationMs};
    if (!ended) return began.has(name) ? {name, status: 'running', startedAt: began.get(name)!} : {name, status: 'running'};
    return {name, status: erred.has(name) ? 'failed' : 'cancelled'};
  });
}

function lastMessage(entries: readonly DbtLogEntry[], phase: string): string {
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i]!.phase === phase) return entries[i]!.message ?? '';
  return '';
}

/** `failed in phase dbt-compile`, `cancelled during phase install`, or `failed` when no phase says. */
export function endedIn(phases: readonly RunPhase[]): string {
  const last = phases.find((p) => p.status === 'failed' || p.status === 'cancelled');
  if (!last) return 'failed';
  return last.status === 'cancelled' ? `cancelled during phase ${last.name}` : `failed in phase ${last.name}`;
}
