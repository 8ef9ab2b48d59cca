// Providers only: query cache, API, key dispatcher, navigation, flash, live toggle, title/header slots.
import React, {useMemo} from 'react';
import {useApp} from 'ink';
import {QueryClientProvider, type QueryClient} from '@tanstack/react-query';
import type {Api} from '../api/client.js';
import type {SessionIdentity} from '../workflows/contexts.js';
import {DispatcherProvider} from './dispatch/Dispatcher.js';
import {ApiProvider} from './hooks/useApi.js';
import {FlashProvider} from './hooks/useFlash.js';
import {LiveProvider} from './hooks/useLive.js';
import {NavProvider} from './hooks/useNav.js';
import {ScreensProvider} from './hooks/useScreens.js';
import {ChromeProvider} from './hooks/useTitle.js';
import {PositionProvider} from './hooks/usePosition.js';
import type {NavTarget} from './nav/navReducer.js';
import {createQueryClient} from './queryClient.js';
import type {ScreenDef} from './screen.js';
import {Shell} from './Shell.js';

export interface AppProps {
  readonly api: Api;
  readonly contextName?: string;
  readonly host?: string;
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
  /** @default Ink's exit() */
  readonly onQuit?: () => void;
}

export function App(props: AppProps) {
  const {exit} = useApp();
  const queryClient = useMemo(() => props.queryClient ?? createQueryClient(), [props.queryClient]);
  const onQuit = props.onQuit ?? (() => exit());
  const readonly = props.readonly ?? false;
  const info = useMemo(
    () => ({contextName: props.contextName, host: props.host, readonly, ...(props.session ? {session: props.session} : {})}),
    [props.contextName, props.host, readonly, props.session],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={props.api} info={info}>
        <DispatcherProvider readonly={readonly} onForceQuit={onQuit}>
          <NavProvider initial={props.initial ?? {screen: 'deployments'}}>
            <FlashProvider ttlMs={props.flashMs}>
              <LiveProvider scale={props.liveScale}>
                <ChromeProvider>
                  <PositionProvider>
                    <ScreensProvider screens={props.screens}>
                      <Shell screens={props.screens} onQuit={onQuit} />
                    </ScreensProvider>
                  </PositionProvider>
                </ChromeProvider>
              </LiveProvider>
            </FlashProvider>
          </NavProvider>
        </DispatcherProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
}
