// Where `svc ui` connects: an in-process local service (demo seed, throw-away data file) or the resolved
// credentials (a saved context, SVC_* env, --api-url/--token) through the same client command mode uses.
import {mkdtempSync, rmSync} from 'node:fs';
import {homedir, tmpdir} from 'node:os';
import {join} from 'node:path';
import {writePrivateFile} from '../files/privateFile.js';
import {getMe} from '../api/account.js';
import {ApiError, CONSOLE_CLIENT, createApi} from '../api/client.js';
import {resolveCredentials, type Credentials} from '../config/resolve.js';
import type {UiTarget} from '../ui/run.js';
import {sessionIdentity} from '../workflows/contexts.js';
import {apiFor} from './session.js';

/** Where `svc ui --local` keeps its prepared demo file: `$XDG_CACHE_HOME/svc`, else `~/.cache/svc` (made 0700). */
export function demoImageDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc');
}

/** What switching away from `svc ui --local` loses: the console asks first and says so. */
export const LOCAL_LEAVING = 'the local service stops and its temporary demo data is deleted, with every change made in this session';

export async function localTarget(speed: number): Promise<UiTarget> {
  const {startService} = await import('../server/index.js');
  const dir = mkdtempSync(join(tmpdir(), 'svc-ui-'));
  // Nothing may print while Ink owns the screen, so the service's request log is dropped.
  const service = await startService({port: 0, seed: 'demo', dataFile: join(dir, 'svc.db'), speed, log: () => {}, demoImageDir: demoImageDir()});
  // A second shell reaches this service with `. <envFile>`: its URL and admin key, readable by the user only (the
  // temporary directory is private too), deleted with the data when the console quits.
  const envFile = join(dir, 'env');
  writePrivateFile(envFile, `export SVC_API_URL='${service.url}'\nexport SVC_API_KEY='${service.adminKey}'\n`, {replace: false});
  return {
    api: createApi({baseUrl: service.url, token: service.adminKey, ...CONSOLE_CLIENT}),
    session: sessionIdentity(service.url, service.adminKey),
    contextName: 'local',
    host: new URL(service.url).host,
    leaving: LOCAL_LEAVING,
    embedded: {envFile, changes: () => service.changesSinceStart()},
    async close() {
      await service.close();
      rmSync(dir, {recursive: true, force: true});
    },
  };
}

export function remoteTarget(opts: {context?: string; url?: string; token?: string}): UiTarget {
  return targetFor(resolveCredentials(opts));
}

/**
 * The console's in-place switch (`:ctx <name>`, Enter on Contexts): that saved context's own URL and credential —
 * SVC_API_URL/SVC_API_KEY and --api-url/--token chose only the first connection — checked with one request
 * before the console leaves the one it has. A refused or unreachable context rejects with a message that says so.
 */
export async function contextTarget(name: string): Promise<UiTarget> {
  const {SVC_API_URL: _url, SVC_API_KEY: _key, ...env} = process.env;
  const target = targetFor(resolveCredentials({context: name}, env));
  try {
    await getMe(target.api);
  } catch (err) {
    // Said short: it is one line under the console, the context's name and URL are on screen already.
    if (err instanceof ApiError && err.status === 401) throw new Error(`its saved key was refused (401); \`svc login --name ${name}\` saves a new one`);
    throw err;
  }
  return target;
}

function targetFor(creds: Credentials): UiTarget {
  // A session outlives one access token: refresh on a 401 (again after a minute), silently — nothing may print
  // while Ink owns the screen, and a refused refresh shows as the 401 it was.
  return {
    // Server text reaches the terminal through many components: every string is made inert as it is parsed.
    api: apiFor(creds, {warn: () => {}}, {renewAfterMs: 60_000}, CONSOLE_CLIENT),
    session: sessionIdentity(creds.url, creds.token),
    contextName: creds.contextName,
    host: new URL(creds.url).host,
    close: async () => {},
  };
}
