// How dbt runs read on screen: durations as the real client writes them (only from durationMs, never by
// subtracting timestamps), status words with a glyph so meaning survives without colour, UTC times.
import {statusStyle} from '../../src/ui/theme.js';
import {runDuration} from '../../src/lib/time.js';

/** How long something that began at `iso` has been going at `now` (ms), as a duration; '' when unknown. */
export function elapsedSince(iso: string | undefined, now: number): string {
  const at = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(at) ? '' : runDuration(Math.max(0, Math.floor((now - at) / 1000) * 1000));
}

/** COMPLETED and FAILED are words the theme knows; a stage name while running reads as running. */
export function syncStatusStyle(status: string | undefined): {color: string; glyph: string} {
  const s = (status ?? '').trim().toUpperCase();
  if (s === 'RUNNING') return statusStyle('running');
  if (s === 'CANCELLED') return statusStyle('cancelled');
  return statusStyle(s === '' ? 'unknown' : s);
}

export function statusCell(status: string | undefined): string {
  return `${syncStatusStyle(status).glyph} ${status || 'UNKNOWN'}`;
}

/** `2026-06-01 09:00:05` (UTC, as the service stores it). */
export function timeCell(iso: string | undefined): string {
  return (iso ?? '').replace('T', ' ').slice(0, 19);
}

/** A bar of `width` cells, `fraction` of them filled. */
export function bar(fraction: number, width: number): string {
  const filled = Math.max(0, Math.min(width, Math.round(Math.max(0, Math.min(1, fraction)) * width)));
  return '█'.repeat(filled) + '░'.repeat(width - filled);
}

/**
 * The status a run is listed under. The status query reports a cancelled run as FAILED with a reason that says it
 * was cancelled, while the history lists it as CANCELLED: the screens show CANCELLED for both.
 */
export function runStatus(s: {status: string; error?: string}): string {
  return s.status === 'FAILED' && /\bcancel/i.test(s.error ?? '') ? 'CANCELLED' : s.status;
}
