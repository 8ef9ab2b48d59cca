// What every API command needs: the global options, an Api for the resolved credentials, and argument parsers
// whose failures are usage errors (exit 2).
import {readFile} from 'node:fs/promises';
import {Argument, InvalidArgumentError, type CommandUnknownOpts} from '@commander-js/extra-typings';
import {getMe} from '../api/account.js';
import {ApiError, createApi, type Api} from '../api/client.js';
import {tokenRefresher, type RefreshIo, type RefreshOptions} from '../config/refresh.js';
import {resolveCredentials, type Credentials} from '../config/resolve.js';
import {EXIT_USAGE, UserError} from './output.js';

export interface GlobalOptions {
  json: boolean;
  context?: string;
  apiUrl?: string;
  token?: string;
}

export function globalOptions(cmd: CommandUnknownOpts): GlobalOptions {
  const all = cmd.optsWithGlobals() as Record<string, unknown>;
  const out: GlobalOptions = {json: all.json === true};
  if (typeof all.context === 'string') out.context = all.context;
  if (typeof all.apiUrl === 'string') out.apiUrl = all.apiUrl;
  if (typeof all.token === 'string') out.token = all.token;
  return out;
}

export function connect(cmd: CommandUnknownOpts): {api: Api; creds: Credentials; json: boolean} {
  const g = globalOptions(cmd);
  const creds = resolveCredentials({context: g.context, url: g.apiUrl, token: g.token});
  return {api: apiFor(creds), creds, json: g.json};
}

/**
 * The API client for resolved credentials. A browser login's access token is short-lived: a 401 refreshes it
 * (once per process unless `refresh.renewAfterMs` says otherwise) and saves the new one to the context.
 */
export function apiFor(creds: Credentials, io: Partial<RefreshIo> = {}, refresh: RefreshOptions = {}, client: {sanitizeStrings?: boolean} = {}): Api {
  const onUnauthorized = tokenRefresher(creds, io, refresh);
  return createApi({baseUrl: creds.url, token: creds.token, scheme: creds.scheme, ...client, ...(creds.credential ? {credential: creds.credential} : {}), ...(onUnauthorized ? {onUnauthorized} : {})});
}

/**
 * Who a credential belongs to ('' when the tenant does not say): checked before `svc login` saves it. A 401 says
 * which credential the tenant refused. (The console's context switch asks the same question in uiTarget.ts and
 * words a refusal for its one-line flash.)
 */
export async function checkCredential(api: Api, what: string): Promise<string> {
  try {
    return (await getMe(api)).email;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) throw new Error(`${api.baseUrl} rejected ${what} (401)${err.detail === '' ? '' : `: ${err.detail}`}`);
    throw err;
  }
}

/** Commander argument parser for ids the API keeps as integers. */
export function numericId(what: string): (value: string) => string {
  return (value) => {
    if (!/^\d{1,12}$/.test(value.trim())) throw new InvalidArgumentError(`${what} must be numeric (got \`${value}\`)`);
    return value.trim();
  };
}

/** The `<deployment>` argument of every deployment-scoped command: a numeric id (one place for its name, help and check). */
export function deploymentArgument() {
  return new Argument('<deployment>', 'deployment id').argParser(numericId('deployment id'));
}

export function positiveInt(what: string): (value: string) => number {
  return (value) => {
    if (!/^\d{1,9}$/.test(value.trim()) || Number(value) < 1) {
      throw new InvalidArgumentError(`${what} must be a positive whole number (got \`${value}\`)`);
    }
    return Number(value);
  };
}

export function nonNegativeInt(what: string): (value: string) => number {
  return (value) => {
    if (!/^\d{1,9}$/.test(value.trim())) throw new InvalidArgumentError(`${what} must be a whole number ≥ 0 (got \`${value}\`)`);
    return Number(value);
  };
}

/** The `first`/`after` query of a command with `--first <n>` / `--after <cursor>` (cursor paging). */
export function pageQuery(opts: Record<string, unknown>): {first?: number; after?: string} {
  const out: {first?: number; after?: string} = {};
  if (typeof opts.first === 'number') out.first = opts.first;
  if (typeof opts.after === 'string' && opts.after !== '') out.after = opts.after;
  return out;
}

const CASE_SENSITIVE = new WeakSet<object>();

/**
 * Exempts an option from caseInsensitiveChoices where the spec makes its values case-sensitive (dbt history's
 * `--status` and `--trigger`): another case of a listed value is a usage error naming the listed spelling.
 */
export function caseSensitive<T extends object>(option: T): T {
  CASE_SENSITIVE.add(option);
  return option;
}

export const isCaseSensitive = (option: object): boolean => CASE_SENSITIVE.has(option);

/**
 * Every enum-valued argument and option is declared with commander's `.choices()` (so help lists the values);
 * this makes each of them accept any case of a listed value and pass on the listed spelling — what help prints
 * always works, and `deactivate` means `DEACTIVATE` (except options marked caseSensitive). Run once over the tree buildProgram builds.
 */
export function caseInsensitiveChoices(root: CommandUnknownOpts): void {
  const fix = (item: {argChoices?: string[]; parseArg?: unknown}) => {
    const choices = item.argChoices;
    if (choices === undefined) return;
    const exact = CASE_SENSITIVE.has(item);
    item.parseArg = (value: string, previous: unknown) => {
      const other = choices.find((c) => c.toLowerCase() === value.trim().toLowerCase());
      const found = choices.find((c) => c === value) ?? (exact ? undefined : other);
      if (found === undefined && other !== undefined) throw new InvalidArgumentError(`values are case-sensitive: use ${other}.`);
      // commander's own wording for a value that is not a choice
      if (found === undefined) throw new InvalidArgumentError(`Allowed choices are ${choices.join(', ')}.`);
      return Array.isArray(previous) ? [...previous, found] : found;
    };
  };
  const walk = (cmd: CommandUnknownOpts) => {
    for (const option of cmd.options) fix(option as unknown as {argChoices?: string[]; parseArg?: unknown});
    for (const arg of cmd.registeredArguments) fix(arg as unknown as {argChoices?: string[]; parseArg?: unknown});
    for (const sub of cmd.commands) walk(sub as CommandUnknownOpts);
  };
  walk(root);
}

/** Collects a repeatable option's values. */
export function collect<T>(parse: (value: string) => T): (value: string, previous: T[] | undefined) => T[] {
  return (value, previous) => [...(previous ?? []), parse(value)];
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `--data`-style values: inline JSON, `@file.json`, or `-` for stdin; must be a JSON object. */
export async function readJsonObject(flag: string, value: string): Promise<Record<string, unknown>> {
  let text = value;
  let source = `${flag}`;
  if (value === '-') {
    text = await readStdin();
    source = `${flag} (stdin)`;
  } else if (value.startsWith('@')) {
    const file = value.slice(1);
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      throw new UserError(`cannot read ${flag} file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, EXIT_USAGE);
    }
    source = `${flag} file ${file}`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new UserError(`${source} is not valid JSON: ${(err as Error).message}`, EXIT_USAGE);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new UserError(`${flag} must be a JSON object`, EXIT_USAGE);
  }
  return parsed as Record<string, unknown>;
}
