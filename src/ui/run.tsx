// `svc ui`: runs the App full screen against the target the command layer connects to (commands/uiTarget.ts)
// with the registry it passes. Loaded only by a dynamic import from commands/ui.ts, so command mode never loads Ink.
import React from 'react';
import type {Api} from '../api/client.js';
import type {SessionIdentity} from '../workflows/contexts.js';
import {App} from './App.js';
import {storeFirstFrame, type EarlyScreen, type FirstFrameData} from './startup/index.js';
import {createQueryClient} from './queryClient.js';
import {renderFullScreen} from './render.js';
import type {ScreenDef} from './screen.js';
import type {EmbeddedService} from './hooks/useApi.js';
import type {UiPrefs} from './activity/ActivityFeedProvider.js';

const FIRST_SCREEN = 'deployments';
/** After the first screen is up, the other screens load in the background so opening one does not suspend. */
const PRELOAD_REST_AFTER_MS = 1_000;
/**
 * How long the first frame waits for the first screen's data (requested while the UI loaded): an answer within
 * it paints rows at once instead of a loading frame that is replaced a moment later; a slower one shows loading.
 */
export const FIRST_DATA_WAIT_MS = 500;

export interface UiOptions {
  /** Where to connect; called once the terminal is known to be interactive (the command layer starts it). */
  readonly connect: () => Promise<UiTarget>;
  /** Connects to a saved context by name for an in-place switch (`:ctx <name>`); rejects when it cannot. */
  readonly switchTo?: (name: string) => Promise<UiTarget>;
  readonly readonly?: boolean;
  /** The screen registry (screens/index.ts). */
  readonly screens: readonly ScreenDef[];
  /** The first frame's answers, asked for while the UI loaded: the first frame waits for them (a while at most). */
  readonly firstData?: Promise<FirstFrameData | undefined>;
  /** The first frame the command layer painted before Ink loaded, if it did: Ink takes the terminal over from it. */
  readonly early?: EarlyScreen;
  /** The config file's `[ui]` settings and the pins' writer. */
  readonly prefs?: UiPrefs;
}

export interface UiTarget {
  readonly api: Api;
  /** Who the session is (URL + credential fingerprint): which saved context, if any, it uses. */
  readonly session?: SessionIdentity;
  readonly contextName?: string;
  readonly host: string;
  /**
   * What switching away from this connection loses (the `--local` service and its temporary data): a switch to
   * another context asks first, naming it. None for a saved context (it stays where it is).
   */
  readonly leaving?: string;
  /** `svc ui --local`: the in-process service, as the console shows it (see EmbeddedService). */
  readonly embedded?: EmbeddedService;
  close(): Promise<void>;
}

/** Runs the interactive UI; resolves to the process exit code. */
export async function runUi(opts: UiOptions): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write('error: svc ui needs an interactive terminal (use command mode, e.g. svc deployments list)\n');
    return 1;
  }
  // Before any query exists: makes react-query poll in Node.
  const queryClient = createQueryClient();
  const firstScreen = opts.screens.find((s) => s.id === FIRST_SCREEN)?.preload?.();
  let target = await opts.connect();
  const {switchTo} = opts;
  // After a switch the console no longer uses the old target: it is closed (an in-process service stops).
  const switchContext = switchTo
    ? async (name: string) => {
        const next = await switchTo(name);
        const old = target;
        target = next;
        void old.close().catch(() => {});
        return next;
      }
    : undefined;
  await firstScreen;
  const first = opts.firstData && (await settledWithin(opts.firstData, FIRST_DATA_WAIT_MS));
  if (first) storeFirstFrame(queryClient, first);
  setTimeout(() => opts.screens.forEach((s) => void s.preload?.().catch(() => {})), PRELOAD_REST_AFTER_MS).unref();
  const code = await renderFullScreen(
    <App screens={opts.screens} api={target.api} session={target.session} contextName={target.contextName} host={target.host} {...(target.leaving ? {leaving: target.leaving} : {})} {...(target.embedded ? {embedded: target.embedded} : {})} readonly={opts.readonly} queryClient={queryClient} {...(switchContext ? {switchContext} : {})} {...(opts.prefs ? {prefs: opts.prefs} : {})} />,
    undefined,
    async () => {
      // Cached queries and finished mutations hold gc timers that would keep the process alive for minutes.
      for (const mutation of queryClient.getMutationCache().getAll()) mutation.destroy();
      queryClient.clear();
      await target.close();
    },
    opts.early,
  );
  // The UI is gone and the terminal restored; a library handle left open must not keep the shell waiting.
  setTimeout(() => process.exit(code), 1000).unref();
  return code;
}

/** What `p` resolves to, if it does within `ms`; undefined after that or when it rejects. */
function settledWithin<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p.catch(() => undefined), new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)))]).finally(() => clearTimeout(timer));
}
