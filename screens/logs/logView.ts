// Pure parts of the Logs screen: how filters cycle and how a line is written (the pager decides what is on screen).
import type {LogSourceFilter} from '../../src/queries/logs.js';
import {color, glyph, levelStyle} from '../../src/ui/theme.js';
import {safeLine} from '../../src/lib/safeText.js';

export const SOURCES: readonly LogSourceFilter[] = ['production', 'dev'];

/** all → each value → all. */
export function cycle<T>(values: readonly T[], current: T | undefined): T | undefined {
  if (current === undefined) return values[0];
  const i = values.indexOf(current);
  return i < 0 || i + 1 >= values.length ? undefined : values[i + 1];
}

// Terminal escapes and other control characters in a line could repaint the screen: shown as spaces.
/** A log line for the screen: tabs widened, then the one sanitizer (newlines folded, escapes made inert). */
export const printable = (text: string) => safeLine(text.replace(/\t/g, '  '));

/** `09:00:04` from an ISO date (UTC, as the service writes it); the date itself is in the header row. */
export function clockTime(date: string): string {
  const m = /T(\d{2}:\d{2}:\d{2})/.exec(date);
  return m?.[1] ?? date.slice(0, 8).padEnd(8);
}

/** Glyph and colour of a level; meaning is never only in colour. */
export function levelLook(level: string): {glyph: string; color: string} {
  if (level === 'error' || level === 'fatal') return levelStyle.error;
  if (level === 'warn' || level === 'warning') return levelStyle.warn;
  if (level === 'debug' || level === 'trace') return {glyph: '·', color: color.muted};
  return {glyph: glyph.info, color: color.info};
}
