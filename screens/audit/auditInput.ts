// Range and filter input of the Audit screen: ISO dates checked before anything is sent, presets relative to
// now, and the words that describe the current choice.
import type {AuditExportFilters} from '../../src/api/audit.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const DAY = 86_400_000;

export const PRESETS = [
  {label: '24h', ms: DAY},
  {label: '7d', ms: 7 * DAY},
  {label: '30d', ms: 30 * DAY},
] as const;

export interface AuditForm {
  start: string;
  end: string;
  eventName: string;
  userEmail: string;
  search: string;
}

export const FIELDS: readonly {id: keyof AuditForm; label: string; hint: string}[] = [
  {id: 'start', label: 'Start', hint: '2026-06-01 or 2026-06-01T09:00:00Z'},
  {id: 'end', label: 'End', hint: 'a date means the whole day (UTC)'},
  {id: 'eventName', label: 'Event name', hint: 'exact, e.g. deployment.update'},
  {id: 'userEmail', label: 'User email', hint: 'the acting user'},
  {id: 'search', label: 'Search', hint: 'text in name, user or data'},
];

/** An error for a date the service would refuse, or undefined when it is empty or fine. */
export function dateError(label: string, value: string): string | undefined {
  const v = value.trim();
  if (v === '') return undefined;
  if ((ISO_DATE.test(v) || ISO_DATE_TIME.test(v)) && !Number.isNaN(Date.parse(v))) return undefined;
  return `${label} must be an ISO date (2026-06-01) or a date-time with a zone (2026-06-01T09:00:00Z)`;
}

export type Checked = {ok: true; filters: AuditExportFilters} | {ok: false; field: keyof AuditForm; error: string};

export function checkForm(form: AuditForm): Checked {
  for (const f of ['start', 'end'] as const) {
    const error = dateError(f === 'start' ? 'Start' : 'End', form[f]);
    if (error) return {ok: false, field: f, error};
  }
  const start = form.start.trim();
  const end = form.end.trim();
  // A bare end date includes its whole day, as the service reads it.
  if (start && end && Date.parse(start) >= Date.parse(end) + (ISO_DATE.test(end) ? DAY : 1)) {
    return {ok: false, field: 'end', error: 'End must not be before Start'};
  }
  const filters: AuditExportFilters = {};
  if (start) filters.start = start;
  if (end) filters.end = end;
  for (const f of ['eventName', 'userEmail', 'search'] as const) {
    const v = form[f].trim();
    if (v) filters[f] = v;
  }
  return {ok: true, filters};
}

export function formOf(filters: AuditExportFilters): AuditForm {
  return {start: filters.start ?? '', end: filters.end ?? '', eventName: filters.eventName ?? '', userEmail: filters.userEmail ?? '', search: filters.search ?? ''};
}

/** The next preset after the current range (all → 24h → 7d → 30d → all), its start taken from `now`. */
export function nextPreset(current: string | undefined, now: number): {label: string; start?: string} {
  const i = PRESETS.findIndex((p) => p.label === current);
  const next = PRESETS[i + 1];
  if (!next) return {label: 'all'};
  return {label: next.label, start: new Date(now - next.ms).toISOString().replace(/\.\d{3}Z$/, 'Z')};
}

export function describeFilters(f: AuditExportFilters, preset: string | undefined): string {
  const range = preset && preset !== 'all' ? `last ${preset} (from ${f.start})` : f.start || f.end ? `${f.start ?? '…'} → ${f.end ?? 'now'}` : 'all time';
  const rest = [f.eventName && `event ${f.eventName}`, f.userEmail && `user ${f.userEmail}`, f.search && `search "${f.search}"`].filter(Boolean);
  return [`range ${range}`, ...rest].join(' · ');
}
