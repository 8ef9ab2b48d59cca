// `svc server`: the local service in the foreground. The server code is imported only when the command runs,
// so every other command starts without loading Hono or SQLite.
import {mkdirSync} from 'node:fs';
import {homedir} from 'node:os';
import {dirname, join} from 'node:path';
import type {Command} from '@commander-js/extra-typings';
import {EXIT_USAGE, UserError} from './output.js';

const DEFAULT_PORT = 4400;
const KEY_PATTERN = /^svc_[0-9A-Za-z]{32}$/;

/** `$SVC_DATA_DIR/service.db`, else `$XDG_DATA_HOME/svc/service.db`, else `~/.local/share/svc/service.db`. */
export function defaultDataFile(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SVC_DATA_DIR) return join(env.SVC_DATA_DIR, 'service.db');
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'svc', 'service.db');
}

interface ServerFlags {
  port?: string;
  data?: string;
  seed?: string;
  adminKey?: string;
  speed?: string;
}

interface ServerSettings {
  port: number;
  dataFile: string;
  seed: 'demo' | 'empty';
  adminKey: string | undefined;
  speed: number;
}

/** Validates the flags; a bad value is a usage error (exit 2). */
export function parseServerFlags(flags: ServerFlags, env: NodeJS.ProcessEnv = process.env): ServerSettings {
  const usage = (message: string) => new UserError(message, EXIT_USAGE);
  const port = flags.port === undefined ? DEFAULT_PORT : Number(flags.port);
  if (!/^\d{1,5}$/.test(flags.port ?? '0') || port > 65535) throw usage(`--port must be a whole number from 0 to 65535, got "${flags.port}"`);
  const seed = flags.seed ?? 'demo';
  if (seed !== 'demo' && seed !== 'empty') throw usage(`--seed must be demo or empty, got "${seed}"`);
  const speed = flags.speed === undefined ? 1 : Number(flags.speed);
  if (flags.speed !== undefined && (flags.speed.trim() === '' || !Number.isFinite(speed) || speed <= 0 || speed > 10_000)) {
    throw usage(`--speed must be a number greater than 0 (at most 10000), got "${flags.speed}"`);
  }
  const adminKey = flags.adminKey ?? (env.SVC_SERVER_ADMIN_KEY || undefined);
  if (adminKey !== undefined && !KEY_PATTERN.test(adminKey)) {
    const source = flags.adminKey !== undefined ? '--admin-key' : 'SVC_SERVER_ADMIN_KEY';
    throw usage(`${source} must be "svc_" followed by 32 letters or digits`);
  }
  if (flags.data !== undefined && flags.data.trim() === '') throw usage('--data must name a file');
  return {port, dataFile: flags.data ?? defaultDataFile(env), seed, adminKey, speed};
}

export function register(program: Command): void {
  program
    .command('server')
    .description('run the local service on 127.0.0.1 (SQLite-backed; prints its address, then serves until Ctrl+C)')
    .option('--port <n>', `port to listen on; 0 picks a free one (default ${DEFAULT_PORT})`)
    .option('--data <file>', 'SQLite data file (default: service.db in the per-user data directory)')
    .option('--seed <name>', 'content of a new data file: demo or empty (default demo)')
    .option('--admin-key <key>', 'use this admin API key (svc_…) instead of generating one (or SVC_SERVER_ADMIN_KEY)')
    .option('--speed <factor>', 'run the service clock this many times faster (default 1)')
    .action(async (flags) => {
      const settings = parseServerFlags(flags);
      await serveUntilSignal(settings);
    });
}

/** The data file is another server's, or not a private file of this user (a link, another user's file): the message says which. */
const isRefusal = (err: unknown) => err instanceof Error && (err.name === 'DataFileInUse' || err.name === 'UnsafeFile');

async function serveUntilSignal(s: ServerSettings): Promise<void> {
  // A directory it creates is the user's alone (the data file holds the service's signing secret).
  if (s.dataFile !== ':memory:') mkdirSync(dirname(s.dataFile), {recursive: true, mode: 0o700});
  // The lock first, before the service code loads: a second server on the same file is refused at once.
  const {lockDataFile} = await import('../server/store/dataLock.js');
  let lock;
  try {
    lock = s.dataFile === ':memory:' ? undefined : lockDataFile(s.dataFile);
  } catch (err) {
    if (isRefusal(err)) throw new UserError((err as Error).message);
    throw err;
  }
  const {startService} = await import('../server/index.js');
  let service;
  try {
    service = await startService({
      lock,
      port: s.port,
      dataFile: s.dataFile,
      seed: s.seed,
      adminKey: s.adminKey,
      speed: s.speed,
      log: (line) => process.stderr.write(`${line}\n`),
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (isRefusal(err)) throw new UserError((err as Error).message);
    if (code === 'EADDRINUSE') throw new UserError(`port ${s.port} is already in use (choose another with --port, or --port 0)`);
    throw err;
  }
  // Handlers go in before the listening line: a supervisor may signal as soon as it reads it.
  const stopped = new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  // Keys first: whoever waits for the listening line can rely on the stderr lines being written already.
  describeKeys(service.adminKeySource, service.adminKey, service.scopedKey, s.dataFile);
  process.stdout.write(`listening on ${service.url}\n`);
  await stopped;
  await service.close();
}

function describeKeys(source: 'generated' | 'given' | 'session-token', adminKey: string, scopedKey: string | undefined, dataFile: string): void {
  const err = (line: string) => process.stderr.write(`${line}\n`);
  err(`data file: ${dataFile}`);
  if (source === 'generated') err(`admin API key (shown only now, store it): ${adminKey}`);
  else if (source === 'given') err('admin API key: the one given by --admin-key / SVC_SERVER_ADMIN_KEY');
  else err('admin API key: printed on the first start of this data file (pass --admin-key to set one)');
  if (scopedKey) err(`read-only key scoped to the first deployment (shown only now): ${scopedKey}`);
}
