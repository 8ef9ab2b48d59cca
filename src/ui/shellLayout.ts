// The shell's layout rules as plain functions (no Ink, no React): the Shell component and the first frame that
// `svc ui` paints before Ink has loaded (startup/prepaint.ts) both read them, so the two cannot drift apart.
import {safeLine} from '../lib/safeText.js';

export interface ScreenSize {
  readonly columns: number;
  readonly rows: number;
}

/** The terminal's size; a terminal that does not say (a pty nobody sized) counts as 80×24. */
export const terminalSize = (s: {readonly columns?: number; readonly rows?: number}): ScreenSize => ({columns: s.columns || 80, rows: s.rows || 24});

export const MIN_COLUMNS = 60;
export const MIN_ROWS = 15;
/** header + title + crumbs + footer + flash */
export const CHROME_ROWS = 5;

/**
 * The frame is one row short of the terminal: a frame as tall as the terminal makes Ink clear the whole screen on
 * every update (flicker); one row less gets line-by-line redraws.
 */
export const frameRows = (rows: number) => rows - 1;

/** Lines the screen gets between the title and the crumbs; `extra` lines are taken by an open palette or filter. */
export const bodyHeight = (rows: number, extra = 0) => Math.max(1, frameRows(rows) - CHROME_ROWS - extra);

export const tooSmall = (columns: number, rows: number) => columns < MIN_COLUMNS || rows < MIN_ROWS;

/** The title line; its scope is often a server name (a deployment's), so the line goes through the sanitizer. */
export function titleLine(resource: string, scope: string | undefined, count: number | undefined, filter: string): string {
  return safeLine(
    [resource, scope ? `· ${scope}` : '', count !== undefined ? `[${count}]` : '', filter ? `/${filter}` : '']
      .filter(Boolean)
      .join(' '),
  );
}
