// `svc dbt sync|status|result|logs|history|cancel`: dbt syncs of a deployment (the real client's
// commands; the seed's rules 1–3). History filters are checked here, case-sensitively, before any request; `dbt logs` takes no paging
// flags and reads every page, printing each phase with its duration.
import {Option, type Command, type OptionValues} from '@commander-js/extra-typings';
import {ApiError} from '../api/client.js';
import {cancelDbtSync, getDbtSyncLogs, getDbtSyncResult, listDbtSyncs, type DbtLogEntry} from '../api/dbt.js';
import {allPages} from '../lib/lists.js';
import {oneLine} from '../api/errors.js';
import {safeJson} from '../lib/safeText.js';
import {runDuration, timeSpan} from '../lib/time.js';
import {EXIT_USAGE, printJson, printMore, printTable, progress, success, UserError, say} from './output.js';
import {generate} from './dbtGenerate.js';
import {printResultLines, status, sync} from './dbtSync.js';
import {caseSensitive, connect, deploymentArgument, globalOptions, positiveInt} from './session.js';

export const DBT_STATUSES = ['RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED', 'UNKNOWN'] as const;
export const DBT_TRIGGERS = ['manual', 'api', 'webhook', 'agent', 'unknown'] as const;
const LOG_PAGES_MAX = 100;

/** One line of `svc dbt logs`: time, phase, level, message and how long the step took. */
export function logLine(e: DbtLogEntry): string {
  if (e.message === undefined) return safeJson(JSON.stringify(e.raw));
  const time = e.timestamp ? `${e.timestamp.replace('T', ' ').replace(/\.\d+Z$/, 'Z')} ` : '';
  const phase = e.phase ? `[${e.phase}] ` : '';
  const took = e.durationMs === undefined || e.durationMs < 0 ? '' : ` (${timeSpan(e.durationMs)})`;
  const level = ['error', 'fatal', 'critical'].includes(e.level) ? 'ERROR ' : '';
  return `${time}${phase}${level}${e.message}${took}`;
}

const notFoundAs = (message: string) => (err: unknown) => {
  if (err instanceof ApiError && err.status === 404) throw new UserError(message);
  throw err;
};

/** --wait and its --timeout/--poll, the same for each command that can follow a sync to its end (sync, status). */
function followsSync<A extends unknown[], O extends OptionValues, G extends OptionValues>(cmd: Command<A, O, G>) {
  return cmd
    .option('--wait', 'poll until the sync completes or fails')
    .option('--timeout <duration>', 'with --wait: give up after this long (default 30m)')
    .option('--poll <duration>', 'with --wait: time between checks (default 5s)');
}

export function register(program: Command): void {
  const dbt = program.command('dbt').description('dbt syncs: generate cube files from a dbt project, follow and inspect runs');

  followsSync(
    dbt
      .command('sync')
      .description('start a dbt sync into a new dbt-sync/… branch; with --wait, follow it to the end (exit 1 if it fails)')
      .addArgument(deploymentArgument())
      .option('--ref <ref>', 'branch or tag of the dbt repository (not a commit SHA; default: the branch saved on the integration)')
      .option('--branch <name>', 'write into this shared branch instead of a new dbt-sync/… one')
      .option('--manifest <file>', 'convert this dbt manifest (target/manifest.json, or - for stdin) instead of the repository; not with --ref'),
  ).action(async (deployment, flags, cmd) => {
    await sync(deployment, flags, globalOptions(cmd).json, () => connect(cmd).api);
  });

  dbt
    .command('generate')
    .description('cube files from a dbt manifest, written to a directory (no branch); --check compares instead and exits 1 when they differ')
    .addArgument(deploymentArgument())
    .requiredOption('--manifest <file>', 'the dbt manifest: target/manifest.json, or - for stdin')
    .requiredOption('--out <dir>', 'directory the generated paths (model/cubes/…) are written under')
    .option('--check', 'write nothing; exit 1 when a generated file is missing or differs in --out')
    .option('--timeout <duration>', 'give up waiting for the sync after this long (default 30m)')
    .option('--poll <duration>', 'time between checks (default 5s)')
    .action(async (deployment, flags, cmd) => {
      await generate(deployment, flags, globalOptions(cmd).json, () => connect(cmd).api);
    });

  followsSync(
    dbt
      .command('status')
      .description('show the status of a dbt sync; with --wait, follow it to the end (exit 1 if it fails)')
      .addArgument(deploymentArgument())
      .argument('<sync-job-id>', 'the syncJobId printed by `svc dbt sync`'),
  ).action(async (deployment, id, flags, cmd) => {
    await status(deployment, id, flags, globalOptions(cmd).json, () => connect(cmd).api);
  });

  dbt
    .command('result')
    .description('show what a completed dbt sync generated')
    .addArgument(deploymentArgument())
    .argument('<sync-job-id>', 'the syncJobId printed by `svc dbt sync`')
    .action(async (deployment, id, _flags, cmd) => {
      const {api, json} = connect(cmd);
      const noResult = `no result for dbt sync ${id} yet — check \`svc dbt status ${deployment} '${id}'\``;
      const result = await getDbtSyncResult(api, deployment, id).catch(notFoundAs(noResult));
      if (!result) throw new UserError(noResult);
      if (json) return printJson(result.raw);
      printResultLines(result);
    });

  dbt
    .command('logs')
    .description('print the log of a dbt sync, each phase with its duration')
    .addArgument(deploymentArgument())
    .argument('<sync-job-id>', 'the syncJobId printed by `svc dbt sync`')
    .action(async (deployment, id, _flags, cmd) => {
      const {api, json} = connect(cmd);
      const {items: entries} = await allPages(async (after) => {
        const res = await getDbtSyncLogs(api, deployment, id, {after}).catch(notFoundAs(`no logs for dbt sync ${id} on deployment ${deployment}`));
        return {items: res.entries, pageInfo: res.pageInfo};
      }, LOG_PAGES_MAX);
      if (json) return printJson({items: entries.map((e) => e.raw)});
      if (entries.length === 0) return progress('No log entries');
      say(`${entries.map(logLine).join('\n')}\n`);
    });

  dbt
    .command('history')
    .aliases(['list', 'ls'])
    .description('list the dbt syncs of a deployment, newest first (at most 100 per page)')
    .addArgument(deploymentArgument())
    .addOption(caseSensitive(new Option('--status <status>', 'only runs with this status (case-sensitive)').choices(DBT_STATUSES)))
    .addOption(caseSensitive(new Option('--trigger <trigger>', 'only runs started this way (case-sensitive)').choices(DBT_TRIGGERS)))
    .option('--first <n>', 'runs per page (the service returns at most 100)', positiveInt('--first'))
    .option('--after <cursor>', 'continue after this cursor (pageInfo.endCursor of the previous page)')
    .action(async (deployment, flags, cmd) => {
      if (flags.after !== undefined && flags.after.trim() === '') throw new UserError('--after: an empty value is no cursor; omit it to start at the newest run', EXIT_USAGE);
      const {api, json} = connect(cmd);
      const list = await listDbtSyncs(api, deployment, {status: flags.status, trigger: flags.trigger, first: flags.first, after: flags.after});
      if (json) return printJson(list.raw);
      const cap = (v: string | undefined) => (v === undefined ? '' : oneLine(v, 120));
      printTable(
        ['SYNC JOB ID', 'STATUS', 'TRIGGER', 'STARTED', 'DURATION', 'BRANCH', 'FAILED PHASE'],
        list.runs.map((r) => [cap(r.syncJobId), cap(r.status), cap(r.trigger), cap(r.startedAt), runDuration(r.durationMs), cap(r.branchName), cap(r.failedPhase)]),
      );
      if (list.runs.length > 0 && list.runs.every((r) => r.syncJobId === undefined)) {
        progress('warning: no run carries a syncJobId; re-run with --json to see what the service sent');
      }
      printMore(list.raw, list.runs.length, {cursor: true});
    });

  dbt
    .command('cancel')
    .description('cancel a running dbt sync')
    .addArgument(deploymentArgument())
    .argument('<sync-job-id>', 'the syncJobId printed by `svc dbt sync`')
    .action(async (deployment, id, _flags, cmd) => {
      const {api, json} = connect(cmd);
      const res = await cancelDbtSync(api, deployment, id).catch(notFoundAs(`no dbt sync ${id} on deployment ${deployment}`));
      if (json) return printJson(res.raw);
      success(`Cancelled dbt sync ${id}`);
    });
}
