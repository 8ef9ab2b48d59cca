// Pure parts of the Logs screen: which lines are on screen (following the bottom or anchored where the
// reader scrolled to), how filters cycle, and how a line is written.
import type {LogSourceFilter, TailLine} from '../../src/queries/logs.js';
import {color, glyph, levelStyle} from '../../src/ui/theme.js';
import {safeLine} from '../../src/api/safeText.js';

export const SOURCES: readonly LogSourceFilter[] = ['production', 'dev'];

/** all → each value → all. */
export function cycle<T>(values: readonly T[], current: T | undefined): T | undefined {
  if (current === undefined) return values[0];
  const i = values.indexOf(current);
  return i < 0 || i + 1 >= values.length ? undefined : values[i + 1];
}

/** `/` text: case-insensitive, in the message, pod or container. */
export function matchesText(line: TailLine, text: string): boolean {
  if (text === '') return true;
  const t = text.toLowerCase();
  return line.message.toLowerCase().includes(t) || line.pod.toLowerCase().includes(t) || line.container.toLowerCase().includes(t);
}

/**
 * Scroll state: following the newest line, or anchored on the seq of the last line shown, so lines arriving
 * meanwhile do not move what the reader is looking at.
 */
export type Scroll = {follow: true} | {follow: false; lastSeq: number};

export interface Window {
  lines: TailLine[];
  /** Lines below the window (newer than the last one shown). */
  below: number;
  /** Index (in `all`) just past the last shown line. */
  end: number;
}

export function visible(all: readonly TailLine[], scroll: Scroll, height: number): Window {
  let end = all.length;
  if (!scroll.follow) {
    const after = all.findIndex((l) => l.seq > scroll.lastSeq);
    end = after < 0 ? all.length : after;
  }
  end = Math.max(Math.min(end, all.length), Math.min(all.length, height));
  const start = Math.max(0, end - height);
  return {lines: all.slice(start, end), below: all.length - end, end};
}

/** Moves the window by `delta` lines (negative: back to older lines); reaching the bottom stays anchored. */
export function scrollBy(all: readonly TailLine[], scroll: Scroll, height: number, delta: number): Scroll {
  if (all.length === 0) return scroll;
  const {end} = visible(all, scroll, height);
  const target = Math.max(Math.min(height, all.length), Math.min(all.length, end + delta));
  const last = all[target - 1];
  return last ? {follow: false, lastSeq: last.seq} : scroll;
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
