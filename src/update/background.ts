// The background update check. It never delays a command: when the cached answer is older than 24 h, a detached
// child process asks the release source (10 s timeout) and writes the answer to the cache; the notice comes
// from the cache, on stderr, only when stderr is a terminal. Off under CI, with SVC_NO_UPDATE_CHECK, and whenever no
// release source is configured (release.ts: svc has no release host of its own).
import {spawn} from 'node:child_process';
import {mkdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {configDir} from '../config/paths.js';
import {writePrivateFile} from '../files/privateFile.js';
import {envFlag} from '../lib/envFlag.js';
import {VERSION} from '../version.js';
import {CHECK_TIMEOUT_MS, compareVersions, updateUrl} from './release.js';

export const CACHE_FILE = 'update-check.json';
export const CACHE_TTL_MS = 24 * 3600_000;

export interface UpdateCache {
  checkedAt: number;
  latest: string | null;
}

export function updateChecksEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return !envFlag(env.CI) && !envFlag(env.SVC_NO_UPDATE_CHECK) && updateUrl(env) !== undefined;
}

export function readUpdateCache(env: NodeJS.ProcessEnv = process.env): UpdateCache | undefined {
  try {
    const data = JSON.parse(readFileSync(join(configDir(env), CACHE_FILE), 'utf8')) as Partial<UpdateCache>;
    if (typeof data.checkedAt !== 'number') return undefined;
    return {checkedAt: data.checkedAt, latest: typeof data.latest === 'string' ? data.latest : null};
  } catch {
    return undefined;
  }
}

/** Atomic (temp file + rename) so a concurrent reader never sees half a file. */
export function writeUpdateCache(cache: UpdateCache, env: NodeJS.ProcessEnv = process.env): void {
  const dir = configDir(env);
  mkdirSync(dir, {recursive: true, mode: 0o700});
  const file = join(dir, CACHE_FILE);
  writePrivateFile(file, `${JSON.stringify(cache)}\n`, {replace: true});
}

// Runs in the detached child. Writes `latest` only from a well-formed tag; any failure leaves the claim in place,
// so the next attempt is a day later rather than on every command while offline.
// The write follows files/privateFile.ts's rules (code in a string cannot import it): a new 0600 temp file with a
// random name, created exclusively without following a link, renamed into place.
const CHECKER = `import {randomBytes} from 'node:crypto';
import {constants, renameSync, writeFileSync} from 'node:fs';
const {SVC_UPDATE_URL: url, SVC_UPDATE_CACHE: file, SVC_UPDATE_TIMEOUT: timeout} = process.env;
try {
  const res = await fetch(url, {headers: {accept: 'application/vnd.github+json'}, signal: AbortSignal.timeout(Number(timeout))});
  const tag = res.ok ? (await res.json()).tag_name : undefined;
  if (typeof tag === 'string' && /^v?\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.-]+)?$/.test(tag.trim())) {
    const tmp = file + '.' + randomBytes(6).toString('hex') + '.partial';
    writeFileSync(tmp, JSON.stringify({checkedAt: Date.now(), latest: tag.trim().replace(/^v/, '')}) + '\\n', {mode: 0o600, flag: constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW});
    renameSync(tmp, file);
  }
} catch {}`;

/** Starts a check when due; returns whether one was started. */
export function startBackgroundCheck(env: NodeJS.ProcessEnv = process.env, now = Date.now()): boolean {
  const url = updateUrl(env);
  if (!updateChecksEnabled(env) || url === undefined) return false;
  const cache = readUpdateCache(env);
  if (cache && now - cache.checkedAt < CACHE_TTL_MS && now >= cache.checkedAt) return false;
  try {
    // Claim the check first: concurrent commands must not all start one.
    writeUpdateCache({checkedAt: now, latest: cache?.latest ?? null}, env);
    const child = spawn(process.execPath, ['--input-type=module', '-e', CHECKER], {
      env: {SVC_UPDATE_URL: url, SVC_UPDATE_CACHE: join(configDir(env), CACHE_FILE), SVC_UPDATE_TIMEOUT: String(CHECK_TIMEOUT_MS)},
      detached: true,
      stdio: 'ignore',
    });
    child.on('error', () => {});
    child.unref();
    return true;
  } catch {
    return false;
  }
}

/** The newer release the cache knows of (checks enabled), else undefined. */
export function newerRelease(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (!updateChecksEnabled(env)) return undefined;
  const latest = readUpdateCache(env)?.latest;
  return latest && compareVersions(latest, VERSION) > 0 ? latest : undefined;
}

/** The two notice lines when the cache knows of a newer release, else undefined. */
export function updateNotice(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const latest = newerRelease(env);
  if (!latest) return undefined;
  return `A new release of svc is available: ${VERSION} → ${latest}\nRun \`svc update\` to install it.\n`;
}
