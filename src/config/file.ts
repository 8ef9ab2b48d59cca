// The config file's shape and its reader. Every command resolves credentials through `readConfigFile`, which reads
// the file directly (node:fs + smol-toml): conf pulls in ajv, a start-up cost every command would pay, so it is loaded only by
// the commands that write (store.ts).
import {chmodSync, readFileSync, statSync} from 'node:fs';
import {dirname} from 'node:path';
import {parse, stringify} from 'smol-toml';

export interface ContextEntry {
  url: string;
  /** The bearer credential: an API key or an OAuth access token. */
  api_key: string;
  refresh_token?: string;
}

/** `[ui]`: the console's own settings. */
export interface UiSettings {
  /** A desktop notification (OSC 9 / OSC 777) when a watched run ends. @default true */
  notify?: boolean;
  /** The terminal bell when a watched run ends. @default true */
  bell?: boolean;
  /** `[ui.pins]`: per context (its name; `local` for `svc ui --local`), the ids of the pinned deployments. */
  pins?: Record<string, string[]>;
}

export interface ConfigFile {
  default_context?: string;
  contexts: Record<string, ContextEntry>;
  ui?: UiSettings;
}

export class ConfigParseError extends Error {
  constructor(path: string, reason: string) {
    super(`failed to parse ${path}: ${reason}`);
    this.name = 'ConfigParseError';
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Checks the parsed TOML; unknown keys are kept out of the result but do not fail. */
export function toConfigFile(data: unknown, path: string): ConfigFile {
  if (!isRecord(data)) throw new ConfigParseError(path, 'expected a table at the top level');
  const out: ConfigFile = {contexts: {}};
  if (data.default_context !== undefined) {
    if (typeof data.default_context !== 'string') throw new ConfigParseError(path, '`default_context` must be a string');
    out.default_context = data.default_context;
  }
  const contexts = data.contexts ?? {};
  if (!isRecord(contexts)) throw new ConfigParseError(path, '`contexts` must be a table');
  for (const [name, entry] of Object.entries(contexts)) {
    if (!isRecord(entry)) throw new ConfigParseError(path, `\`contexts.${name}\` must be a table`);
    for (const key of ['url', 'api_key'] as const) {
      if (typeof entry[key] !== 'string') throw new ConfigParseError(path, `\`contexts.${name}.${key}\` must be a string`);
    }
    const ctx: ContextEntry = {url: entry.url as string, api_key: entry.api_key as string};
    if (typeof entry.refresh_token === 'string') ctx.refresh_token = entry.refresh_token;
    out.contexts[name] = ctx;
  }
  if (data.ui !== undefined) out.ui = toUiSettings(data.ui, path);
  return out;
}

function toUiSettings(ui: unknown, path: string): UiSettings {
  if (!isRecord(ui)) throw new ConfigParseError(path, '`ui` must be a table');
  const out: UiSettings = {};
  for (const key of ['notify', 'bell'] as const) {
    if (ui[key] === undefined) continue;
    if (typeof ui[key] !== 'boolean') throw new ConfigParseError(path, `\`ui.${key}\` must be true or false`);
    out[key] = ui[key];
  }
  if (ui.pins !== undefined) {
    if (!isRecord(ui.pins)) throw new ConfigParseError(path, '`ui.pins` must be a table of context names');
    out.pins = {};
    for (const [context, ids] of Object.entries(ui.pins)) {
      if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) throw new ConfigParseError(path, `\`ui.pins.${context}\` must be a list of deployment ids`);
      out.pins[context] = ids;
    }
  }
  return out;
}

export function parseConfigText(text: string, path: string): ConfigFile {
  let data: unknown;
  try {
    data = parse(text);
  } catch (err) {
    const reason = err instanceof Error ? err.message.split('\n')[0] ?? err.message : String(err);
    throw new ConfigParseError(path, reason);
  }
  return toConfigFile(data, path);
}

const warned = new Set<string>();

/**
 * Credentials other users can read are tightened before use: a config file with group/other permission bits
 * becomes 0600 and its directory 0700, with one warning on stderr per file and process (the next run finds it
 * fixed and says nothing). Returns the warning printed, if any. No-op on Windows (no POSIX modes).
 */
export function tightenConfigModes(path: string, warn: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): string | undefined {
  if (process.platform === 'win32') return undefined;
  const loose: string[] = [];
  const fixes: Array<[string, number]> = [];
  for (const [target, wanted] of [
    [path, 0o600],
    [dirname(path), 0o700],
  ] as const) {
    let mode: number;
    try {
      mode = statSync(target).mode & 0o777;
    } catch {
      continue;
    }
    if ((mode & 0o077) !== 0) {
      loose.push(`${target} (${mode.toString(8).padStart(4, '0')})`);
      fixes.push([target, wanted]);
    }
  }
  if (loose.length === 0) return undefined;
  const failed: string[] = [];
  for (const [target, wanted] of fixes) {
    try {
      chmodSync(target, wanted);
    } catch (err) {
      failed.push(`${target}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }
  if (warned.has(path)) return undefined;
  warned.add(path);
  const line =
    failed.length === 0
      ? `warning: credentials were readable by other users: ${loose.join(', ')}; changed to 0600 (file) and 0700 (directory)`
      : `warning: credentials are readable by other users: ${loose.join(', ')}; could not fix (${failed.join('; ')}) — run chmod 600 on the file and chmod 700 on its directory`;
  warn(line);
  return line;
}

/** A missing file is the empty config. An existing one is tightened first if other users could read it. */
export function readConfigFile(path: string): ConfigFile {
  let text: string;
  try {
    statSync(path);
    tightenConfigModes(path);
  } catch {
    // Missing: nothing to tighten; the read below says what is wrong.
  }
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {contexts: {}};
    throw new Error(`cannot read ${path}: ${(err as Error).message}`);
  }
  return parseConfigText(text, path);
}

/** TOML text with `default_context` first, contexts in name order (stable diffs, predictable `logout`), then `[ui]`. */
export function formatConfig(config: ConfigFile): string {
  const contexts: Record<string, Record<string, string>> = {};
  for (const name of Object.keys(config.contexts).sort()) {
    const ctx = config.contexts[name];
    if (!ctx) continue;
    contexts[name] = {url: ctx.url, api_key: ctx.api_key, ...(ctx.refresh_token ? {refresh_token: ctx.refresh_token} : {})};
  }
  const ui = config.ui;
  const pins = Object.fromEntries(Object.entries(ui?.pins ?? {}).filter(([, ids]) => ids.length > 0).sort(([a], [b]) => a.localeCompare(b)));
  const uiTable = {
    ...(ui?.notify !== undefined ? {notify: ui.notify} : {}),
    ...(ui?.bell !== undefined ? {bell: ui.bell} : {}),
    ...(Object.keys(pins).length > 0 ? {pins} : {}),
  };
  return stringify({
    ...(config.default_context ? {default_context: config.default_context} : {}),
    contexts,
    ...(Object.keys(uiTable).length > 0 ? {ui: uiTable} : {}),
  });
}
