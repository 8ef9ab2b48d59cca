// The config file's shape and its reader. Every command resolves credentials through `readConfigFile`, which reads
// the file directly (node:fs + smol-toml): conf pulls in ajv and costs ~50 ms of startup, so it is loaded only by
// the commands that write (store.ts).
import {readFileSync} from 'node:fs';
import {parse, stringify} from 'smol-toml';

export interface ContextEntry {
  url: string;
  /** The bearer credential: an API key or an OAuth access token. */
  api_key: string;
  refresh_token?: string;
}

export interface ConfigFile {
  default_context?: string;
  contexts: Record<string, ContextEntry>;
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

/** A missing file is the empty config. */
export function readConfigFile(path: string): ConfigFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {contexts: {}};
    throw new Error(`cannot read ${path}: ${(err as Error).message}`);
  }
  return parseConfigText(text, path);
}

/** TOML text with `default_context` first and contexts in name order (stable diffs, predictable `logout`). */
export function formatConfig(config: ConfigFile): string {
  const contexts: Record<string, Record<string, string>> = {};
  for (const name of Object.keys(config.contexts).sort()) {
    const ctx = config.contexts[name];
    if (!ctx) continue;
    contexts[name] = {url: ctx.url, api_key: ctx.api_key, ...(ctx.refresh_token ? {refresh_token: ctx.refresh_token} : {})};
  }
  return stringify({...(config.default_context ? {default_context: config.default_context} : {}), contexts});
}
