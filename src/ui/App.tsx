// Providers only: the console's clock, query cache, API, flash, what the session may do (usePolicy), key dispatcher, live toggle,
// navigation, the activity feed (pins and notices of ended runs), title/header slots; and the in-place context switch, which swaps the client and starts the
// navigation over.
import React, {useCallback, useEffect, useMemo, useState} from 'react';
import {useApp} from 'ink';
import {QueryClientProvider, type QueryClient} from '@tanstack/react-query';
import type {Api} from '../api/client.js';
import type {SessionIdentity} from '../workflows/contexts.js';
import {endGateRuns} from '../workflows/gateRun.js';
import {ActivityFeedProvider, type UiPrefs} from './activity/ActivityFeedProvider.js';
import {DispatcherProvider} from './dispatch/Dispatcher.js';
import {ApiProvider, type Connection, type EmbeddedService} from './hooks/useApi.js';
import {ClockProvider} from './hooks/useClock.js';
import {TickProvider} from './hooks/useNow.js';
import {realClock, type UiClock} from './clock.js';
import {FlashProvider} from './hooks/useFlash.js';
import {PolicyProvider} from './hooks/usePolicy.js';
import {LiveProvider} from './hooks/useLive.js';
import {NavProvider} from './hooks/useNav.js';
import {ScreensProvider} from './hooks/useScreens.js';
import {ChromeProvider} from './hooks/chrome.js';
import {PositionProvider} from './hooks/usePosition.js';
import type {NavTarget} from './nav/navReducer.js';
import {createQueryClient} from './queryClient.js';
// Ink's output stage with caches that outlive a frame (installed on import; every render of the App has it).
import './inkOutput.js';
import type {ScreenDef} from './screen.js';
import {Shell} from './Shell.js';

export interface AppProps {
  readonly api: Api;
  readonly contextName?: string;
  readonly host?: string;
  /**
   * What switching away from this connection loses (the `--local` service and its temporary data): a switch to
   * another context asks first, naming it. None for a saved context (it stays where it is).
   */
  readonly leaving?: string;
  /** `svc ui --local`: the in-process service (its env file for a second shell; q asks when its data changed). */
  readonly embedded?: EmbeddedService;
  /** Who the session is (URL + credential fingerprint), to tell which saved context it uses. */
  readonly session?: SessionIdentity;
  /** Hide and block dangerous actions. @default false */
  readonly readonly?: boolean;
  /** @default a fresh createQueryClient() */
  readonly queryClient?: QueryClient;
  /** The screen registry (screens/index.ts for `svc ui`; tests pass their own). */
  readonly screens: readonly ScreenDef[];
  /** @default {screen: 'deployments'} */
  readonly initial?: NavTarget;
  /** How long a flash message stays. @default 5000 */
  readonly flashMs?: number;
  /** Multiplies every live refetch interval (tests poll fast). @default 1 */
  readonly liveScale?: number;
  /** The console's own paces (flash, notices, the activity watcher, the dbt gate, tickers): tests step one. @default realClock */
  readonly clock?: UiClock;
  /** @default Ink's exit() */
  readonly onQuit?: () => void;
  /**
   * Connects to a saved context by name (the command layer builds the client from its URL and credential and
   * checks it); rejects when it cannot. Without it the console cannot switch contexts.
   */
  readonly switchContext?: (name: string) => Promise<Connection>;
  /** The config file's `[ui]`: notices (bell, desktop notification) and the pinned deployments. */
  readonly prefs?: UiPrefs;
}

export function App(props: AppProps) {
  const {exit} = useApp();
  const queryClient = useMemo(() => props.queryClient ?? createQueryClient(), [props.queryClient]);
  const onQuit = props.onQuit ?? (() => exit());
  const readonly = props.readonly ?? false;
  // After a context switch the console runs on the connection it got; `generation` remounts everything that
  // holds state about the old one (the stack, remembered cursors, titles, the screens).
  const [switched, setSwitched] = useState<{connection: Connection; generation: number} | undefined>(undefined);
  const connection: Connection = switched?.connection ?? {api: props.api, session: props.session, contextName: props.contextName, host: props.host, leaving: props.leaving, embedded: props.embedded};
  const {switchContext: connectTo} = props;
  // A dbt gate run outlives its screen, not its connection: a switch away or the console's end stops its requests.
  useEffect(() => () => endGateRuns(connection.api), [connection.api]);
  const switchContext = useCallback(
    async (name: string) => {
      if (!connectTo) throw new Error('this console was started without saved contexts to switch to');
      // Nothing changes until the new context has answered: a refused credential keeps the current one working.
      const next = await connectTo(name);
      // No answer from the old context may land in the new one's cache.
      void queryClient.cancelQueries();
      queryClient.clear();
      setSwitched((s) => ({connection: next, generation: (s?.generation ?? 0) + 1}));
    },
    [connectTo, queryClient],
  );
  const info = useMemo(
    () => ({
      contextName: connection.contextName,
      host: connection.host,
      readonly,
      ...(connection.session ? {session: connection.session} : {}),
      ...(connection.leaving ? {leaving: connection.leaving} : {}),
      ...(connection.embedded ? {embedded: connection.embedded} : {}),
      ...(connectTo ? {switchContext} : {}),
    }),
    [connection.contextName, connection.host, readonly, connection.session, connection.leaving, connection.embedded, connectTo, switchContext],
  );
  return (
    <ClockProvider value={props.clock ?? realClock}>
      <TickProvider>
        <QueryClientProvider client={queryClient}>
          <ApiProvider api={connection.api} info={info}>
            <FlashProvider ttlMs={props.flashMs}>
              <PolicyProvider readonly={readonly}>
                <DispatcherProvider readonly={readonly} onForceQuit={onQuit}>
                  <LiveProvider scale={props.liveScale}>
                    <NavProvider key={switched?.generation ?? 0} initial={switched ? {screen: 'deployments'} : (props.initial ?? {screen: 'deployments'})}>
                      <ActivityFeedProvider prefs={props.prefs}>
                        <ChromeProvider>
                          <PositionProvider>
                            <ScreensProvider screens={props.screens}>
                              <Shell screens={props.screens} onQuit={onQuit} />
                            </ScreensProvider>
                          </PositionProvider>
                        </ChromeProvider>
                      </ActivityFeedProvider>
                    </NavProvider>
                  </LiveProvider>
                </DispatcherProvider>
              </PolicyProvider>
            </FlashProvider>
          </ApiProvider>
        </QueryClientProvider>
      </TickProvider>
    </ClockProvider>
  );
}
