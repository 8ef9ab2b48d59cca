// The shell's first frame as text, without Ink or React: `svc ui` paints it from the first screen's data while
// Ink and React are still loading, and Ink's own first frame then draws the same picture over it. It reads the
// shell's layout rules (shellLayout.ts), the footer's hints and the table's layout from the modules the
// components read, and styles with the chalk instance Ink styles with (same colours, same colour level).
// test/ui/startup/prepaint.test.tsx holds it to Ink's frame cell by cell, through a terminal emulator.
import chalk from 'chalk';
import {safeLine} from '../../lib/safeText.js';
import {cellWidth, sliceCells} from '../../lib/cells.js';
import {footerText} from '../components/footerText.js';
import {shortDuration} from '../../lib/time.js';
import {bodyHeight, titleLine, tooSmall} from '../shellLayout.js';
import {color, glyph} from '../theme.js';

/** A run of text with the style Ink would give it. */
export interface Span {
  readonly text: string;
  readonly style?: Style;
}

type Style = (text: string) => string;

/** chalk's style for an Ink colour name (theme.ts uses names only), bold as `<Text bold>` makes it. */
export function inkStyle(name: string | undefined, bold = false): Style | undefined {
  const hue = name !== undefined && name in chalk ? chalk[name as 'gray'] : undefined;
  if (!bold) return hue;
  return hue ? (t) => chalk.bold(hue(t)) : chalk.bold;
}
const muted = inkStyle(color.muted)!;

const width = (spans: readonly Span[]) => spans.reduce((n, s) => n + cellWidth(s.text), 0);
const styled = (spans: readonly Span[]) => spans.map((s) => (s.style ? s.style(s.text) : s.text)).join('');

/** Ink's `truncate-end`: cut to `max` cells with … in the style of the last cell kept. */
export function truncateSpans(spans: readonly Span[], max: number): Span[] {
  if (width(spans) <= max) return [...spans];
  if (max <= 0) return [];
  const out: Span[] = [];
  let room = max - 1;
  for (const s of spans) {
    const cells = cellWidth(s.text);
    if (cells >= room) {
      out.push({...s, text: sliceCells(s.text, room) + glyph.ellipsis});
      return out;
    }
    out.push(s);
    room -= cells;
  }
  return out;
}

export interface ShellFrameInput {
  readonly columns: number;
  readonly rows: number;
  readonly screen: string;
  readonly readonly: boolean;
  readonly contextName?: string;
  readonly host?: string;
  readonly user?: string;
  /** The screen's title (`Deployments`) and count. */
  readonly title: string;
  readonly count?: number;
  /** The list position (`1 of 45`). */
  readonly position?: string;
  /** What Enter does on the screen's list. */
  readonly open?: string;
  /** The screen's crumb. */
  readonly crumb: string;
}

/** The header: who and where on the left (cut to fit), freshness on the right (Header.tsx's layout). */
function headerLine(f: ShellFrameInput): string {
  const left: Span[] = [{text: 'svc', style: inkStyle(color.accent, true)}];
  if (f.contextName) left.push({text: ` · ${safeLine(f.contextName)}`});
  if (f.host) left.push({text: ` · ${safeLine(f.host)}`, style: muted});
  if (f.user) left.push({text: ` · ${safeLine(f.user)}`});
  // The right box: its items one cell apart; the last is the spinner's place (blank: nothing is fetching).
  const right: Span[] = [];
  if (f.readonly) right.push({text: 'READONLY', style: inkStyle(color.warn, true)}, {text: ' '});
  // The answers have just arrived (Ink's header counts from when runUi stores them, a moment later).
  right.push({text: `${glyph.refresh} updated ${shortDuration(0)} ago`, style: muted}, {text: '  '});
  // The right box keeps one cell from the left one, so a cut name never runs into it.
  const shown = truncateSpans(left, f.columns - width(right) - 1);
  return styled(shown) + ' '.repeat(Math.max(1, f.columns - width(shown) - width(right))) + styled(right);
}

/** The title on the left (bold, cut to fit), the position at the right edge (Shell.tsx's TitleLine). */
function titleRow(f: ShellFrameInput): string {
  const title = [{text: titleLine(f.title, undefined, f.count, '')}];
  const position = f.position ?? '';
  const shown = truncateSpans(title, position ? f.columns - cellWidth(position) - 1 : f.columns);
  return chalk.bold(styled(shown)) + (position ? ' '.repeat(f.columns - width(shown) - cellWidth(position)) + muted(position) : '');
}

/**
 * The whole frame (rows - 1 lines, as the Shell lays it out) around `body` (the screen's lines, already styled);
 * undefined below the minimum size, where the shell shows its too-small notice instead.
 */
export function paintShell(f: ShellFrameInput, body: readonly string[]): string | undefined {
  if (tooSmall(f.columns, f.rows)) return undefined;
  const height = bodyHeight(f.rows);
  const lines = [headerLine(f), titleRow(f), ...body.slice(0, height)];
  while (lines.length < 2 + height) lines.push('');
  lines.push(inkStyle(color.accent, true)!(`<${safeLine(f.crumb)}>`));
  lines.push(muted(footerText({screen: f.screen, readonly: f.readonly, width: f.columns, open: f.open, pager: false, filterable: true, searchable: false})));
  lines.push('');
  return lines.join('\n');
}
