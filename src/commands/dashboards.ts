// `svc dashboards export|export-status|download`: a published dashboard rendered to PDF or PNG by the service.
// `export` submits the job (with --wait it follows it, with -o it also downloads the file); the file is written
// through the private-file writer (a new 0600 file, never over an existing one), or to stdout when that is not a
// terminal.
import {existsSync} from 'node:fs';
import {InvalidArgumentError, type Command} from '@commander-js/extra-typings';
import {dashboardExportStatus, downloadDashboardExport, startDashboardExport, type ExportStatus} from '../api/exports.js';
import type {Api} from '../api/client.js';
import type {StartDashboardExportInput} from '../contract/exports.js';
import {FileExists, writePrivateFile} from '../files/privateFile.js';
import {formatBytes} from '../lib/format.js';
import {waitForExport} from '../workflows/exportWait.js';
import {pollTimes} from './buildStatus.js';
import {body, DATA} from './objectOps.js';
import {EXIT_USAGE, printJson, progress, say, success, UserError} from './output.js';
import {collect, connect, deploymentArgument} from './session.js';

const FORMATS = ['pdf', 'png'] as const;

function format(value: string): 'pdf' | 'png' {
  const v = value.toLowerCase();
  if (!(FORMATS as readonly string[]).includes(v)) throw new InvalidArgumentError(`--format must be pdf or png (got \`${value}\`)`);
  return v as 'pdf' | 'png';
}

/** `orders.status=completed`: an equals filter on a member. */
function equalsFilter(value: string): {member: string; operator: 'equals'; value: string} {
  const at = value.indexOf('=');
  const member = value.slice(0, Math.max(at, 0));
  if (at < 0 || !/^.+\..+$/.test(member)) throw new InvalidArgumentError(`--filter takes member=value, e.g. orders.status=completed (got \`${value}\`)`);
  return {member, operator: 'equals', value: value.slice(at + 1)};
}

/** A dashboard by its numeric id, or by its 12-character public id. */
function dashboardRef(value: string): {dashboardId: number} | {dashboardPublicId: string} {
  if (/^\d{1,12}$/.test(value)) return {dashboardId: Number(value)};
  if (/^[0-9A-Za-z]{12}$/.test(value)) return {dashboardPublicId: value};
  throw new UserError(`dashboard must be a numeric id or a 12-character public id (got \`${value}\`)`, EXIT_USAGE);
}

function statusLine(s: ExportStatus): string {
  if (s.status === 'failed') return `failed: ${s.error ?? 'no reason given'}`;
  return s.progress === undefined ? s.status : `${s.status} (${s.progress}%)`;
}

/** Writes the file to `output` (a new private file), or to stdout when it is not a terminal. */
async function save(api: Api, json: boolean, deployment: string, jobId: string, output: string | undefined, filename: string | undefined): Promise<void> {
  if (output === undefined && process.stdout.isTTY === true) throw new UserError('the export is a binary file: pass -o FILE to write it (or redirect stdout)', EXIT_USAGE);
  const file = await downloadDashboardExport(api, deployment, jobId, filename);
  if (output === undefined) {
    process.stdout.write(file.bytes);
    return;
  }
  writePrivateFile(output, file.bytes, {replace: false});
  if (json) return printJson({jobId, output, fileName: file.fileName ?? null, contentType: file.contentType, bytes: file.bytes.length});
  success(`Wrote ${file.fileName ?? 'the export'} (${file.contentType}, ${formatBytes(file.bytes.length)}) to ${output}`);
}

export function register(program: Command): void {
  const group = program.command('dashboards').alias('dashboard').description('export published dashboards as PDF or PNG');

  group
    .command('export')
    .description('render a published dashboard as PDF or PNG (a job kept 5 minutes); --wait follows it, -o also downloads it')
    .addArgument(deploymentArgument())
    .argument('<dashboard>', 'dashboard id, or its 12-character public id')
    .option('--format <format>', 'pdf or png', format, 'pdf' as 'pdf' | 'png')
    .option('--filter <member=value>', 'render with this equals filter (repeatable), e.g. orders.status=completed', collect(equalsFilter))
    .option(DATA[0], `${DATA[1]}: more of the request (filters, timeGrains, memberSwitchers, renderAs), as the API takes it`)
    .option('--wait', 'poll until the render completed or failed (exit 1 when it failed)')
    .option('-o, --output <file>', 'wait, then write the file here (a new file; an existing one is never replaced)')
    .option('--timeout <duration>', 'with --wait or -o: give up after this long (30s, 5m)', '5m')
    .option('--poll <duration>', 'with --wait or -o: time between checks', '1s')
    .action(async (deployment, dashboard, opts, cmd) => {
      const {timeoutMs, intervalMs} = pollTimes(opts);
      // Before a job is started: the file would be refused after the render anyway.
      if (opts.output !== undefined && existsSync(opts.output)) throw new FileExists(opts.output);
      const extra = opts.data === undefined ? {} : await body(opts);
      const request = {...extra, ...dashboardRef(dashboard), format: opts.format} as StartDashboardExportInput;
      if (opts.filter) request.filters = [...(request.filters ?? []), ...opts.filter];
      const {api, json} = connect(cmd);
      const job = await startDashboardExport(api, deployment, request);
      if (opts.wait !== true && opts.output === undefined) {
        if (json) printJson(job.raw);
        else success(`Export ${job.jobId} accepted (kept until ${job.expiresAt}): follow it with \`svc dashboards export-status ${deployment} ${job.jobId}\``);
        return;
      }
      progress(`Rendering dashboard ${dashboard} as ${opts.format.toUpperCase()} (job ${job.jobId})…`);
      const final = await waitForExport(api, deployment, job.jobId, {timeoutMs, intervalMs, onProgress: progress});
      if (final.status === 'failed') throw new UserError(`export ${job.jobId} failed: ${final.error ?? 'no reason given'}`);
      if (opts.output !== undefined) return save(api, json, deployment, job.jobId, opts.output, undefined);
      if (json) printJson({jobId: job.jobId, expiresAt: job.expiresAt, ...(final.raw as object)});
      else success(`Export ${job.jobId} completed: download it with \`svc dashboards download ${deployment} ${job.jobId} -o FILE\``);
    });

  group
    .command('export-status')
    .description('show where an export you started is: pending, processing, completed or failed')
    .addArgument(deploymentArgument())
    .argument('<job>', 'job id that export answered')
    .action(async (deployment, jobId, _opts, cmd) => {
      const {api, json} = connect(cmd);
      const status = await dashboardExportStatus(api, deployment, jobId);
      if (json) printJson(status.raw);
      else say(`${statusLine(status)}\n`);
    });

  group
    .command('download')
    .description('download a completed export (within 5 minutes of starting it) to a file, or to stdout when redirected')
    .addArgument(deploymentArgument())
    .argument('<job>', 'job id that export answered')
    .option('-o, --output <file>', 'write the file here (a new file; an existing one is never replaced)')
    .option('--filename <stem>', "the attachment's name without extension, as the service names it (default dashboard)")
    .action(async (deployment, jobId, opts, cmd) => {
      const {api, json} = connect(cmd);
      await save(api, json, deployment, jobId, opts.output, opts.filename);
    });
}
