// What the App receives from its caller, shared with screens and queries through context.
import React, {createContext, useContext} from 'react';
import type {Api} from '../../api/client.js';
import type {SessionIdentity} from '../../workflows/contexts.js';

export interface AppInfo {
  /** Saved context name shown in the header ('local' for `svc ui --local`). */
  readonly contextName?: string;
  /** Tenant host shown in the header. */
  readonly host?: string;
  /**
   * What switching away from this connection loses (the `--local` service and its temporary data): a switch to
   * another context asks first, naming it. None for a saved context (it stays where it is).
   */
  readonly leaving?: string;
  /**
   * The service this console started in-process (`svc ui --local`): where a second shell finds its URL and key,
   * and whether anything was written to its temporary data (q asks before quitting then). None for a saved context.
   */
  readonly embedded?: EmbeddedService;
  /** --readonly: dangerous actions are hidden from keys, footer and help. */
  readonly readonly: boolean;
  /** The session's URL and credential fingerprint: which saved context (if any) this session is. */
  readonly session?: SessionIdentity;
  /**
   * Moves the running console to a saved context (a new client from its URL and credential, an empty cache, the
   * stack back at the deployments list). Rejects, changing nothing, when that context's credential fails.
   * Absent when the console was started without a way to switch.
   */
  readonly switchContext?: (name: string) => Promise<void>;
}

/** The service `svc ui --local` runs in-process, as the console sees it. */
export interface EmbeddedService {
  /** A 0600 file of `export SVC_API_URL=… SVC_API_KEY=…` lines: `. <file>` in another shell reaches this service. */
  readonly envFile: string;
  /**
   * What was changed in the service's data since it started (by this console or any other client), by audit event
   * name, oldest first: empty when nothing was (reads, queries and their tokens change nothing).
   */
  readonly changes: () => readonly string[];
}

/** Where the console is connected: the client and what the header and Contexts show about it. */
export interface Connection {
  readonly api: Api;
  readonly session?: SessionIdentity;
  readonly contextName?: string;
  readonly host?: string;
  /**
   * What switching away from this connection loses (the `--local` service and its temporary data): a switch to
   * another context asks first, naming it. None for a saved context (it stays where it is).
   */
  readonly leaving?: string;
  /**
   * The service this console started in-process (`svc ui --local`): where a second shell finds its URL and key,
   * and whether anything was written to its temporary data (q asks before quitting then). None for a saved context.
   */
  readonly embedded?: EmbeddedService;
}

const ApiContext = createContext<Api | null>(null);
const AppInfoContext = createContext<AppInfo>({readonly: false});

export function ApiProvider({api, info, children}: {api: Api; info: AppInfo; children: React.ReactNode}) {
  return (
    <ApiContext.Provider value={api}>
      <AppInfoContext.Provider value={info}>{children}</AppInfoContext.Provider>
    </ApiContext.Provider>
  );
}

/** The API client for queries and mutations (screens never call ky themselves). */
export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside <App>');
  return api;
}

export function useAppInfo(): AppInfo {
  return useContext(AppInfoContext);
}
