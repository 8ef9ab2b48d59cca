// `svc metric-views settings|save|preview|status|result|cancel`: Databricks Metric View publication of a
// deployment's views. The settings belong to a Databricks data source (optimistic versions: `save` sends the
// version it read, 0 to create); a preview converts the deploy branch's latest successful build offline, and
// `preview --wait` follows it to its result. Publishing to Databricks itself is not offered: the API has no such
// operation.
import type {Command} from '@commander-js/extra-typings';
import type {Api} from '../api/client.js';
import {cancelMetricViewPreview, integrationPath, metricViewPreviewResult, metricViewPreviewStatus, startMetricViewPreview, type PreviewStatus} from '../api/exports.js';
import {waitForPreview} from '../workflows/exportWait.js';
import {parseDuration} from './buildStatus.js';
import {body, DATA} from './objectOps.js';
import {EXIT_USAGE, printJson, printTable, progress, say, success, UserError} from './output.js';
import {connect, numericId} from './session.js';

const DEPLOYMENT = ['<deployment>', 'deployment id', numericId('deployment id')] as const;
const SOURCE = ['<data-source>', 'data source name (default, or one listed in CUBEJS_DATASOURCES)'] as const;
const PREVIEW = ['<preview>', 'preview id that preview answered'] as const;

function statusLine(s: PreviewStatus): string {
  const percent = s.percent === undefined ? '' : ` ${s.percent}%`;
  return `${s.status}${percent}${s.error ? `: ${s.error}` : s.message ? ` (${s.message})` : ''}`;
}

async function printResult(api: Api, json: boolean, deployment: string, previewId: string, yaml: boolean): Promise<void> {
  const result = await metricViewPreviewResult(api, deployment, previewId);
  if (json) return printJson(result.raw);
  say(`outcome: ${result.outcome}\n`);
  printTable(
    ['VIEW', 'METRIC VIEW', 'OUTCOME', 'ISSUES'],
    result.views.map((v) => [v.cubeViewName, v.metricViewName, v.outcome, v.issues.map((i) => `${i.severity} ${i.code}: ${i.message}`).join('; ')]),
  );
  if (!yaml) return;
  for (const v of result.views) if (v.metricViewYaml) say(`\n# ${v.metricViewName}\n${v.metricViewYaml}`);
}

export function register(program: Command): void {
  const group = program
    .command('metric-views')
    .alias('metric-view')
    .description('Databricks Metric View publication: settings per Databricks data source, and previews of the conversion');

  group
    .command('settings')
    .description("show a Databricks data source's Metric View publication settings")
    .argument(...DEPLOYMENT)
    .argument(...SOURCE)
    .action(async (deployment, source, _opts, cmd) => {
      const {api} = connect(cmd);
      printJson(await api.get(integrationPath(deployment, source)));
    });

  group
    .command('save')
    .description('create (expectedConfigurationVersion 0) or change the settings: -d \'{"expectedConfigurationVersion":0,"enabled":true,"targetCatalog":"main","targetSchema":"metrics","selectionMode":"all"}\'')
    .argument(...DEPLOYMENT)
    .argument(...SOURCE)
    .requiredOption(...DATA)
    .action(async (deployment, source, opts, cmd) => {
      const data = await body(opts);
      const {api} = connect(cmd);
      printJson(await api.put(integrationPath(deployment, source), {json: data}));
    });

  group
    .command('preview')
    .description("convert the views of the deploy branch's latest successful build (offline); --wait follows it and prints the result")
    .argument(...DEPLOYMENT)
    .argument(...SOURCE)
    .option('--views <names>', 'only these views, comma-separated')
    .option('--pattern <regex>', 'only views matching this (literals, ^, $, . and one .*)')
    .option('--yaml', 'with --wait: print each converted metric view as YAML after the table')
    .option('--wait', 'poll until the preview has completed, failed or been cancelled (exit 1 unless completed)')
    .option('--timeout <duration>', 'with --wait: give up after this long (30s, 5m)', '5m')
    .option('--poll <duration>', 'with --wait: time between checks', '1s')
    .action(async (deployment, source, opts, cmd) => {
      if (opts.views !== undefined && opts.pattern !== undefined) throw new UserError('--views and --pattern select views two ways: give one', EXIT_USAGE);
      const timeoutMs = parseDuration(opts.timeout);
      const intervalMs = parseDuration(opts.poll);
      const views = opts.views?.split(',').map((v) => v.trim()).filter(Boolean);
      if (views !== undefined && views.length === 0) throw new UserError('--views names no view', EXIT_USAGE);
      const request = {
        dataSourceName: source,
        selectionMode: views ? 'selected' : opts.pattern !== undefined ? 'pattern' : 'all',
        ...(views ? {viewNames: views} : {}),
        ...(opts.pattern !== undefined ? {viewNameRegex: opts.pattern} : {}),
      };
      const {api, json} = connect(cmd);
      const started = await startMetricViewPreview(api, deployment, request);
      if (opts.wait !== true) {
        if (json) return printJson(started.raw);
        return success(`Preview ${started.previewId} ${started.reused ? 'is already running (same request)' : 'queued'}: follow it with \`svc metric-views status ${deployment} ${started.previewId}\``);
      }
      progress(`Converting the views of deployment ${deployment} for ${source} (preview ${started.previewId})…`);
      const final = await waitForPreview(api, deployment, started.previewId, {timeoutMs, intervalMs, onProgress: progress});
      if (final.status !== 'COMPLETED') throw new UserError(`preview ${started.previewId} ended ${statusLine(final)}`);
      await printResult(api, json, deployment, started.previewId, opts.yaml === true);
    });

  group
    .command('status')
    .description('show where a preview is: QUEUED, RUNNING, COMPLETED, FAILED or CANCELLED')
    .argument(...DEPLOYMENT)
    .argument(...PREVIEW)
    .action(async (deployment, previewId, _opts, cmd) => {
      const {api, json} = connect(cmd);
      const status = await metricViewPreviewStatus(api, deployment, previewId);
      if (json) printJson(status.raw);
      else say(`${statusLine(status)}\n`);
    });

  group
    .command('result')
    .description("show a completed preview's views: outcome and issues per view (--yaml: the metric view YAML too)")
    .argument(...DEPLOYMENT)
    .argument(...PREVIEW)
    .option('--yaml', 'print each converted metric view as YAML after the table')
    .action(async (deployment, previewId, opts, cmd) => {
      const {api, json} = connect(cmd);
      await printResult(api, json, deployment, previewId, opts.yaml === true);
    });

  group
    .command('cancel')
    .description('cancel a preview that is still queued or running')
    .argument(...DEPLOYMENT)
    .argument(...PREVIEW)
    .action(async (deployment, previewId, _opts, cmd) => {
      const {api, json} = connect(cmd);
      const status = await cancelMetricViewPreview(api, deployment, previewId);
      if (json) printJson(status.raw);
      else success(`Cancelled preview ${previewId}`);
    });
}
