// How dbt runs read on screen: durations as the real client writes them (only from durationMs, never by
// subtracting timestamps), status words with a glyph so meaning survives without colour, UTC times.
import {statusStyle} from '../../src/ui/theme.js';

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
