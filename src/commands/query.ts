// `svc query <deployment> [--branch B] '<json>'`: one data API query through the engine the console's query
// screen and the dbt gate share (workflows/query.ts).
import type {Command} from '@commander-js/extra-typings';
import {activeSessionBranch} from '../api/builds.js';
import {columnsOf, dataTarget, NoDataApiError, runQuery} from '../workflows/query.js';
import {pollOptions, pollTimes} from './buildStatus.js';
import {EXIT_USAGE, printJson, printTable, progress, UserError} from './output.js';
import {connect, deploymentArgument} from './session.js';

function parseQuery(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new UserError(`the query is not valid JSON: ${(err as Error).message}`, EXIT_USAGE);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new UserError('the query must be a JSON object, e.g. \'{"measures":["orders.count"]}\'', EXIT_USAGE);
  }
  return parsed as Record<string, unknown>;
}

export function register(program: Command): void {
  pollOptions(
    program
      .command('query')
      .description('run a data API query on a deployment (or on a branch with --branch), waiting while the branch warms up')
      .addArgument(deploymentArgument())
      .argument('<query>', 'the query as JSON, e.g. \'{"measures":["orders.count"]}\'')
      .option('--branch <name>', 'query this branch’s runtime (a dev-… branch, or a staging-enabled one; default: your active dev-mode branch, else production)'),
    ['give up waiting for the branch after this long (30s, 15m, 1h)', '5m'],
    ['time between attempts while the branch warms up', '2s'],
  ).action(async (deployment, text, flags, cmd) => {
    const query = parseQuery(text);
    const {timeoutMs, intervalMs} = pollTimes(flags);
    const {api, json} = connect(cmd);
    const target = await dataTarget(api, deployment).catch((err: unknown) => {
      throw err instanceof NoDataApiError ? new UserError(err.message) : err;
    });
    const branch = flags.branch?.trim() || (await activeSessionBranch(api, deployment));
    const answer = await runQuery(target, query, {
      branch,
      what: `query on ${branch ?? `deployment ${deployment}`}`,
      timeoutMs,
      intervalMs,
      onProgress: progress,
      advice: 'The branch is still warming up — try again later, or raise --timeout',
    });
    if (json) return printJson(answer.raw);
    const columns = columnsOf(query, answer.rows);
    printTable(columns, answer.rows.map((r) => columns.map((c) => r[c])));
  });
}
