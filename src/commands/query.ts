// `svc query <deployment> [--branch B] '<json>'`: one data API query, the way the documented CI gate does it:
// a deployment token, the deployment's data API address, `/dev-mode/<B>` for a
// branch, and `{"error":"Continue wait"}` answered by asking again through the shared wait engine.
import type {Command} from '@commander-js/extra-typings';
import {loadQuery} from '../api/dataApi.js';
import {createDeploymentToken, getDeployment} from '../api/deployments.js';
import {TransportError, UnexpectedBodyError} from '../api/errors.js';
import {waitFor} from '../workflows/wait.js';
import {parseDuration} from './buildStatus.js';
import {EXIT_USAGE, printJson, printTable, progress, UserError} from './output.js';
import {connect, numericId} from './session.js';

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

/** Columns in the order the query names its members, then anything else the rows carry. */
function columnsOf(query: Record<string, unknown>, rows: Array<Record<string, unknown>>): string[] {
  const named = ['dimensions', 'measures'].flatMap((k) => (Array.isArray(query[k]) ? (query[k] as unknown[]).filter((m): m is string => typeof m === 'string') : []));
  const seen = new Set(named.filter((m) => rows.some((r) => m in r)));
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

export function register(program: Command): void {
  program
    .command('query')
    .description('run a data API query on a deployment (or on a branch with --branch), waiting while the branch warms up')
    .argument('<deployment>', 'deployment id', numericId('deployment id'))
    .argument('<query>', 'the query as JSON, e.g. \'{"measures":["orders.count"]}\'')
    .option('--branch <name>', 'query this branch’s runtime (a dev-… branch, or a staging-enabled one)')
    .option('--timeout <duration>', 'give up waiting for the branch after this long (30s, 15m, 1h)', '5m')
    .option('--poll <duration>', 'time between attempts while the branch warms up', '2s')
    .action(async (deployment, text, flags, cmd) => {
      const query = parseQuery(text);
      const timeoutMs = parseDuration(flags.timeout);
      const intervalMs = parseDuration(flags.poll);
      const {api, json} = connect(cmd);
      const deploymentUrl = (await getDeployment(api, deployment)).deploymentUrl ?? undefined;
      if (!deploymentUrl) throw new UserError(`deployment ${deployment} reports no deploymentUrl to query its data API at`);
      const {token} = await createDeploymentToken(api, deployment);
      const branch = flags.branch !== undefined && flags.branch.trim() !== '' ? flags.branch : undefined;
      const answer = await waitFor({
        what: `query on ${branch ?? `deployment ${deployment}`}`,
        timeoutMs,
        intervalMs,
        onProgress: progress,
        advice: 'The branch is still warming up — try again later, or raise --timeout',
        // Only a lost connection or a non-JSON answer is worth another try; an error body is the answer.
        isTransient: (err) => err instanceof TransportError || err instanceof UnexpectedBodyError,
        poll: async (signal) => {
          const res = await loadQuery({deploymentUrl, token}, {branch, query}, signal);
          return res.wait ? {done: false, label: 'Continue wait'} : {done: true, value: res};
        },
      });
      if (json) return printJson(answer.raw);
      const columns = columnsOf(query, answer.rows);
      printTable(columns, answer.rows.map((r) => columns.map((c) => r[c])));
    });
}
