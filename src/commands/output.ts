// Everything command mode prints goes through here: tables and ✓ lines on stdout, progress and errors on stderr.
import {ApiError} from '../api/errors.js';
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

/** `svc … | head` closes stdout early: stop quietly, as a shell tool should, instead of failing on EPIPE. */
export function exitQuietlyOnClosedPipe(): void {
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value ?? null, null, 2)}\n`);
}

export function success(message: string): void {
  process.stdout.write(`✓ ${message}\n`);
}

export function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Left-aligned columns padded to the widest cell, two spaces apart; no rows → "No results" on stderr. */
export function printTable(headers: string[], rows: unknown[][]): void {
  if (rows.length === 0) {
    process.stderr.write('No results\n');
    return;
  }
  const text = rows.map((r) => r.map(cell).map((c) => c.replace(/\s*\n\s*/g, ' ')));
  const widths = headers.map((h, i) => Math.max([...h].length, ...text.map((r) => [...(r[i] ?? '')].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => c + ' '.repeat(Math.max(0, (widths[i] ?? 0) - [...c].length))).join('  ').trimEnd();
  process.stdout.write(`${line(headers)}\n${text.map(line).join('\n')}\n`);
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
  process.stderr.write(`error: ${message}\n`);
  const hint = apiErrorHint(err);
  if (hint) process.stderr.write(`${hint}\n`);
  if (err instanceof UserError) return err.exitCode;
  return EXIT_ERROR;
}
