// The demo seed's dbt history: 160 past runs on one deployment, mixed in trigger and outcome, so history paging
// and filters have something to show. Each run goes through the real engine (prepared work, stages on the
// clock, logs, generated files) at a time in the past. Each run gets its own branch, named as a new sync names
// its own (`dbt-sync/<ref>-<YYYYMMDDhhmmss>-<8hex>`, engine.ts syncBranchName); a run that completed wrote its
// branch as a live one does, so every completed run names a branch that exists (failed ones wrote none).
import type {DbtSyncRunTriggerContext, DbtTrigger} from '../../../contract/dbt.js';
import type {ServiceContext} from '../../context.js';
import {compileProject} from './compile.js';
import {DbtSyncEngine, planOf, type StartSync} from './engine.js';
import {projectAt} from './project.js';
import {seededRandom} from '../random.js';

export const SEEDED_DBT_RUNS = 160;
const DAY = 86_400_000;
const SPAN = 45 * DAY;

type Scenario = 'ok' | 'tag' | 'broken-compile' | 'bad-manifest' | 'missing-ref' | 'manifest' | 'cancel' | 'unknown';

/** Cumulative weights: most runs complete; every failure kind, cancels and lost runs appear. */
const SCENARIOS: Array<[number, Scenario]> = [
  [0.55, 'ok'], [0.63, 'tag'], [0.71, 'broken-compile'], [0.77, 'bad-manifest'], [0.81, 'missing-ref'],
  [0.86, 'manifest'], [0.95, 'cancel'], [1, 'unknown'],
];
const TRIGGERS: Array<[number, DbtTrigger]> = [[0.4, 'webhook'], [0.65, 'api'], [0.85, 'manual'], [0.95, 'agent'], [1, 'unknown']];

const pick = <T>(table: Array<[number, T]>, r: number): T => table.find(([limit]) => r < limit)![1];

export function seedDbtHistory(ctx: ServiceContext, deploymentId: number, now: number, count = SEEDED_DBT_RUNS): void {
  const next = seededRandom(5150 + deploymentId);
  const engine = new DbtSyncEngine(ctx, {reuseManifestWork: true});
  const uploaded = compileProject(projectAt('main')!, {generatedAt: new Date(now - 50 * DAY).toISOString(), invocationId: 'ci-upload'});
  for (let i = 0; i < count; i++) {
    const at = now - SPAN + Math.floor(((i + next() * 0.8) * (SPAN - DAY / 24)) / count);
    const scenario = pick(SCENARIOS, next());
    const trigger = pick(TRIGGERS, next());
    const input = runInput(scenario, trigger, next, uploaded);
    const row = engine.start({deploymentId, userId: trigger === 'webhook' || trigger === 'unknown' ? null : 1, trigger, ...input, at});
    const end = at + planOf(row).stages.reduce((sum, s) => sum + s.ms, 0);
    const midway = at + Math.floor((end - at) * (0.2 + next() * 0.6));
    if (scenario === 'cancel') engine.cancel(engine.advance(row, midway), 'user 1', midway);
    else if (scenario === 'unknown') engine.markUnknown(row, midway);
    else engine.advance(row, end);
  }
}

function runInput(scenario: Scenario, trigger: DbtTrigger, next: () => number, uploaded: Record<string, unknown>): Omit<StartSync, 'deploymentId' | 'userId' | 'trigger' | 'at'> {
  const git = (ref: string | null): Omit<StartSync, 'deploymentId' | 'userId' | 'trigger' | 'at'> => ({
    source: 'git',
    output: 'branch',
    ref,
    branchName: null,
    triggerContext: trigger === 'webhook' ? webhookContext(ref ?? 'main', next) : null,
  });
  switch (scenario) {
    case 'ok':
    case 'cancel':
    case 'unknown':
      return git(trigger === 'webhook' || next() < 0.5 ? 'main' : null);
    case 'tag':
      return git('v1.0.0');
    case 'missing-ref':
      return git('feature/orders-v2');
    case 'manifest': {
      const output = next() < 0.7 ? 'branch' : 'files';
      return {source: 'manifest', output, ref: null, branchName: null, manifest: uploaded};
    }
    default:
      return git(scenario);
  }
}

function webhookContext(ref: string, next: () => number): DbtSyncRunTriggerContext {
  const sha = Array.from({length: 40}, () => Math.floor(next() * 16).toString(16)).join('');
  return {headSha: sha, pushedBranch: ref, targetBranch: ref === 'main' ? null : 'main'};
}
