// `svc ui`: resolves where to connect (a saved context, SVC_* env, or an in-process local service), then runs
// the App full screen. Loaded only by a dynamic import from commands/ui.ts, so command mode never loads Ink.
import React from 'react';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {createApi, type Api} from '../api/client.js';
import {tokenRefresher} from '../config/refresh.js';
import {resolveCredentials} from '../config/resolve.js';
import {sessionIdentity, type SessionIdentity} from '../workflows/contexts.js';
import {App} from './App.js';
import {createQueryClient} from './queryClient.js';
import {renderFullScreen} from './render.js';
import {SCREENS} from './screens.js';

const FIRST_SCREEN = 'deployments';
/** After the first screen is up, the other screens load in the background so opening one does not suspend. */
const PRELOAD_REST_AFTER_MS = 1_000;

export interface UiOptions {
  /** Start the local service in-process (demo seed, throw-away data file) and connect to it. */
  readonly local?: boolean;
  readonly context?: string;
  /** --api-url / --token for this run (they win over SVC_* env and the context). */
  readonly url?: string;
  readonly token?: string;
  readonly readonly?: boolean;
  /** Clock speed of the local service (builds and syncs run this many times faster). @default 1 */
  readonly speed?: number;
}

interface Target {
  readonly api: Api;
  readonly session: SessionIdentity;
  readonly contextName?: string;
  readonly host: string;
  close(): Promise<void>;
}

async function localTarget(speed: number): Promise<Target> {
  const {startService} = await import('../server/index.js');
  const dir = mkdtempSync(join(tmpdir(), 'svc-ui-'));
  // Nothing may print while Ink owns the screen, so the service's request log is dropped.
  const service = await startService({port: 0, seed: 'demo', dataFile: join(dir, 'svc.db'), speed, log: () => {}});
  return {
    api: createApi({baseUrl: service.url, token: service.adminKey}),
    session: sessionIdentity(service.url, service.adminKey),
    contextName: 'local',
    host: new URL(service.url).host,
    async close() {
      await service.close();
      rmSync(dir, {recursive: true, force: true});
    },
  };
}

function remoteTarget(opts: UiOptions): Target {
  const creds = resolveCredentials({context: opts.context, url: opts.url, token: opts.token});
  // A session outlives one access token: refresh on a 401 (again after a minute), silently — nothing may print
  // while Ink owns the screen, and a refused refresh shows as the 401 it was.
  const onUnauthorized = tokenRefresher(creds, {warn: () => {}}, {renewAfterMs: 60_000});
  return {
    api: createApi({baseUrl: creds.url, token: creds.token, scheme: creds.scheme, ...(onUnauthorized ? {onUnauthorized} : {})}),
    session: sessionIdentity(creds.url, creds.token),
    contextName: creds.contextName,
    host: new URL(creds.url).host,
    close: async () => {},
  };
}

/** Runs the interactive UI; resolves to the process exit code. */
export async function runUi(opts: UiOptions): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write('error: svc ui needs an interactive terminal (use command mode, e.g. svc deployments list)\n');
    return 1;
  }
  // Before any query exists: makes react-query poll in Node.
  const queryClient = createQueryClient();
  const firstScreen = SCREENS.find((s) => s.id === FIRST_SCREEN)?.preload?.();
  const target = opts.local ? await localTarget(opts.speed ?? 1) : remoteTarget(opts);
  await firstScreen;
  setTimeout(() => SCREENS.forEach((s) => void s.preload?.().catch(() => {})), PRELOAD_REST_AFTER_MS).unref();
  const code = await renderFullScreen(
    <App api={target.api} session={target.session} contextName={target.contextName} host={target.host} readonly={opts.readonly} queryClient={queryClient} />,
    undefined,
    async () => {
      // Cached queries and finished mutations hold gc timers that would keep the process alive for minutes.
      for (const mutation of queryClient.getMutationCache().getAll()) mutation.destroy();
      queryClient.clear();
      await target.close();
    },
  );
  // The UI is gone and the terminal restored; a library handle left open must not keep the shell waiting.
  setTimeout(() => process.exit(code), 1000).unref();
  return code;
}
