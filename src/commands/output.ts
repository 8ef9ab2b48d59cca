// Everything command mode prints goes through here: tables and ✓ lines on stdout, progress and errors on stderr.
import {ApiError} from '../api/errors.js';
import {safeJson, safeLine, safeText} from '../lib/safeText.js';
import {cellWidth, padCells} from '../lib/cells.js';
import {moreHint} from '../lib/lists.js';
import {pageEndOf} from '../api/read.js';
import {newerRelease} from '../update/background.js';
import {VERSION} from '../version.js';

export const EXIT_OK = 0;
export const EXIT_ERROR = 1;
export const EXIT_USAGE = 2;

/** An error whose message is meant for the user as is (no stack). `exitCode` 2 marks a usage error. */
export class UserError extends Error {
  constructor(message: string, readonly exitCode: number = EXIT_ERROR) {
    super(message);
    this.name = 'UserError';
  }
}

/**
 * `svc … | head` closes stdout early: stop quietly, as a shell tool should, instead of failing on EPIPE. Installed
 * once per process however many runs of the command tree it makes.
 */
export function exitQuietlyOnClosedPipe(): void {
  if (!process.stdout.listeners('error').includes(onStdoutError)) process.stdout.on('error', onStdoutError);
}

function onStdoutError(err: NodeJS.ErrnoException): void {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
}

// Text printed here may come from a server (names, messages, error details): it goes through the one sanitizer
// (lib/safeText.ts) so control sequences never reach the terminal. JSON stays the same document.

export function printJson(value: unknown): void {
  process.stdout.write(`${safeJson(JSON.stringify(value ?? null, null, 2))}\n`);
}

/** Plain text to stdout (newlines and tabs kept, every other control made visible). */
export function say(text: string): void {
  process.stdout.write(safeText(text));
}

/** Plain text to stderr, sanitized like `say`. */
export function sayErr(text: string): void {
  process.stderr.write(safeText(text));
}

export function success(message: string): void {
  say(`✓ ${message}\n`);
}

export function progress(message: string): void {
  sayErr(`${message}\n`);
}

/**
 * After a list's table, on stderr: the one "more" line (lib/lists.ts `moreHint`) when the page printed is not the
 * whole list, read from the answer (`pageInfo`, `pagination`). `cursor`: the command was paged with --first/--after.
 */
export function printMore(raw: unknown, shown: number, opts: {cursor: boolean; all?: boolean}): void {
  const hint = moreHint(pageEndOf(raw, shown), opts);
  if (hint !== undefined) progress(hint);
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return safeLine(value.replace(/\s*\n\s*/g, ' '));
  return safeLine(JSON.stringify(value));
}

/** Rows written per stdout write: a list of any size prints without building one giant string. */
const TABLE_CHUNK = 2000;

/**
 * Left-aligned columns padded to the widest cell, two spaces apart; no rows → "No results" on stderr.
 * Any number of rows: widths are found with a loop (a spread into Math.max overflows the stack near 100k rows).
 */
export function printTable(headers: string[], rows: unknown[][]): void {
  if (rows.length === 0) {
    process.stderr.write('No results\n');
    return;
  }
  const text = rows.map((r) => r.map(cell));
  const widths = headers.map(cellWidth);
  for (const r of text) {
    for (let i = 0; i < widths.length; i++) {
      const w = cellWidth(r[i] ?? '');
      if (w > (widths[i] ?? 0)) widths[i] = w;
    }
  }
  const line = (cells: string[]) =>
    cells.map((c, i) => padCells(c, widths[i] ?? 0)).join('  ').trimEnd();
  process.stdout.write(`${line(headers)}\n`);
  for (let start = 0; start < text.length; start += TABLE_CHUNK) {
    process.stdout.write(`${text.slice(start, start + TABLE_CHUNK).map(line).join('\n')}\n`);
  }
}

/**
 * The real client's hint under an API error when a newer release is known (as the real client's update check does):
 * the service refused or failed the request, and the fix may already be released.
 */
export function apiErrorHint(err: unknown, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const api = err instanceof ApiError || (err instanceof Error && (err as Error & {cause?: unknown}).cause instanceof ApiError);
  const latest = api ? newerRelease(env) : undefined;
  return latest && `hint: this request failed on the API side, and svc ${latest} is available — run \`svc update\` to upgrade from ${VERSION}, then try again`;
}

/** Prints `error: <message>` to stderr and returns the exit code. Never prints a stack trace. */
export function printError(err: unknown): number {
  const message = err instanceof Error ? err.message : String(err);
  sayErr(`error: ${message}\n`);
  const hint = apiErrorHint(err);
  if (hint) process.stderr.write(`${hint}\n`);
  if (err instanceof UserError) return err.exitCode;
  return EXIT_ERROR;
}

/**
 * A command group says what the platform API does not offer for it: after its help, and after the usage error of
 * a subcommand someone looks for there (`svc attributes delete 3`).
 */
export function sayNotOffered(group: {addHelpText(position: 'after', text: string): unknown; showHelpAfterError(text: string): unknown}, what: string): void {
  group.addHelpText('after', `\nNot offered: ${what}`);
  group.showHelpAfterError(`Not offered: ${what}\n(run with --help for usage)`);
}
