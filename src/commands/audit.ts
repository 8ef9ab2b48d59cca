// `svc audit export [--start --end --search --event-name --user-email] [-o FILE]`: the audit log as CSV,
// streamed to a file (or stdout) with progress on stderr.
import type {Command} from '@commander-js/extra-typings';
import {InvalidArgumentError} from '@commander-js/extra-typings';
import type {AuditExportFilters} from '../api/audit.js';
import {formatBytes, groupDigits} from '../lib/format.js';
import {exportAuditLogTo, type AuditExportProgress} from '../workflows/auditExport.js';
import {progress, success} from './output.js';
import {connect} from './session.js';

const PROGRESS_EVERY_MS = 1000;

function isoDate(flag: string): (value: string) => string {
  return (value) => {
    const v = value.trim();
    if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/.test(v) || Number.isNaN(Date.parse(v))) {
      throw new InvalidArgumentError(`${flag} must be a date (2026-06-01) or a date-time with a zone (2026-06-01T09:00:00Z), got \`${value}\``);
    }
    return v;
  };
}

function nonEmpty(flag: string): (value: string) => string {
  return (value) => {
    if (value.trim() === '') throw new InvalidArgumentError(`${flag} must not be empty`);
    return value;
  };
}

const events = (n: number) => `${groupDigits(n)} event${n === 1 ? '' : 's'}`;

function progressLine(p: AuditExportProgress): string {
  const of = p.total !== undefined ? ` of ${groupDigits(p.total)}` : '';
  return `… ${groupDigits(p.events)}${of} events (${formatBytes(p.bytes)})`;
}

export function register(program: Command): void {
  const group = program.command('audit').description('export the audit log (needs the audit log feature and AuditLogManage)');

  group
    .command('export')
    .description('stream audit events as CSV (id, created_at, event_name, user_email, data) to a file or stdout')
    .option('--start <date>', 'first moment included: 2026-06-01 (its start, UTC) or 2026-06-01T09:00:00Z', isoDate('--start'))
    .option('--end <date>', 'last moment included: 2026-06-30 (the whole day, UTC) or a date-time', isoDate('--end'))
    .option('--search <text>', 'only events whose name, user or data contain this text (case-insensitive)', nonEmpty('--search'))
    .option('--event-name <name>', 'only events with this exact name, e.g. deployment.update', nonEmpty('--event-name'))
    .option('--user-email <email>', 'only events by this user', nonEmpty('--user-email'))
    .option('-o, --output <file>', 'write the CSV to this file (default: stdout)')
    .action(async (opts, cmd) => {
      const {api} = connect(cmd);
      const filters: AuditExportFilters = {};
      if (opts.start !== undefined) filters.start = opts.start;
      if (opts.end !== undefined) filters.end = opts.end;
      if (opts.search !== undefined) filters.search = opts.search;
      if (opts.eventName !== undefined) filters.eventName = opts.eventName;
      if (opts.userEmail !== undefined) filters.userEmail = opts.userEmail;
      let last = Date.now();
      const result = await exportAuditLogTo(api, {
        filters,
        to: opts.output ?? process.stdout,
        terminal: opts.output === undefined && process.stdout.isTTY === true,
        onStart: ({total}) => progress(total === undefined ? 'Exporting the audit log…' : `Exporting ${events(total)}…`),
        onProgress: (p) => {
          if (Date.now() - last < PROGRESS_EVERY_MS) return;
          last = Date.now();
          progress(progressLine(p));
        },
      });
      const summary = `Exported ${events(result.events)} (${formatBytes(result.bytes)})`;
      // With -o the summary is the command's result; without it stdout holds the CSV and must stay clean.
      if (opts.output !== undefined) success(`${summary} to ${opts.output}`);
      else progress(`✓ ${summary}`);
    });
}
