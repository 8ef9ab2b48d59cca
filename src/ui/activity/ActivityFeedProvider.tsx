// The session's activity feed (feed.ts) in React: one per connection, its budget scaled by the shell's live policy
// (paused with `p`), the pins of the connection's context, and the notices: a flash line naming the run (Enter
// opens it), the bell and a desktop notification (notice.ts), each as the UI prefs allow; held while paused or
// while the terminal is lent to another program (handOff.ts), and given once that is over.
import React, {createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore} from 'react';
import {useStdout} from 'ink';
import {ACTIVITY_BUDGET, apiSource, type ActivityRun} from '../../workflows/activity.js';
import {useKeys} from '../dispatch/Dispatcher.js';
import {onTerminalBack, terminalLent} from '../handOff.js';
import {useApi, useAppInfo} from '../hooks/useApi.js';
import {useFlash} from '../hooks/useFlash.js';
import {useLive} from '../hooks/useLive.js';
import {useNav} from '../hooks/useNav.js';
import type {NavTarget} from '../nav/navReducer.js';
import {ActivityFeed, type FeedState, type StartedRun} from './feed.js';
import {noticeLevel, noticeText, terminalNotice} from './notice.js';

/** The console's settings from the config file's `[ui]` (the command layer reads and writes them). */
export interface UiPrefs {
  /** A desktop notification (OSC 9 / 777) when a watched run ends. @default true */
  readonly notify?: boolean;
  /** The bell when a watched run ends. @default true */
  readonly bell?: boolean;
  /** The pinned deployment ids of a context (by its name). */
  pinsOf?(context: string): readonly string[];
  /** Keeps a context's pins; rejects with a message when it cannot. */
  savePins?(context: string, ids: readonly string[]): Promise<void>;
  /** What the terminal says about itself (TERM, TERM_PROGRAM, TMUX, …). @default process.env */
  readonly env?: NodeJS.ProcessEnv;
}

/** How long a notice stays in the flash line. */
export const NOTICE_MS = 15_000;

/** The screen a run opens: the dbt run, or the build of its branch. */
export function runTarget(run: ActivityRun): NavTarget {
  const params = {deploymentId: run.deploymentId, deploymentName: run.deploymentName};
  return run.kind === 'sync'
    ? {screen: 'dbtRun', params: {...params, syncJobId: run.id}, label: run.id.slice(0, 8)}
    : {screen: 'build', params: {...params, branch: run.ref}, label: `build ${run.id}`};
}

interface FeedContext {
  readonly feed: ActivityFeed;
  readonly pins: ReadonlySet<string>;
  togglePin(id: string, name: string): void;
}

const Context = createContext<FeedContext | null>(null);

export function ActivityFeedProvider({prefs = {}, children}: {prefs?: UiPrefs; children: React.ReactNode}) {
  const api = useApi();
  const info = useAppInfo();
  const live = useLive();
  const flash = useFlash();
  const nav = useNav();
  const {stdout} = useStdout();
  const context = info.contextName ?? info.host ?? '';
  const [pins, setPins] = useState<ReadonlySet<string>>(() => new Set(prefs.pinsOf?.(context) ?? []));
  // The notice reads the latest of these without restarting the feed.
  const latest = useRef({flash, nav, stdout, prefs, paused: live.paused});
  latest.current = {flash, nav, stdout, prefs, paused: live.paused};
  // Notices wait while live updates are paused or the terminal is lent to another program (which would drop the
  // bell and the notification, and outlast the flash); they are given, in order, once both are over.
  const held = useRef<ActivityRun[]>([]);
  const holding = () => latest.current.paused || terminalLent();
  const onNotice = useCallback((run: ActivityRun) => {
    if (holding()) held.current.push(run);
    else deliver(run);
  }, []);
  const release = useCallback(() => {
    if (!holding()) for (const run of held.current.splice(0)) deliver(run);
  }, []);
  useEffect(() => {
    if (!live.paused) release();
  }, [live.paused, release]);
  useEffect(() => onTerminalBack(release), [release]);
  function deliver(run: ActivityRun): void {
    const {flash, nav, stdout, prefs} = latest.current;
    flash.show(noticeLevel(run), `${noticeText(run)} · Enter to open`, {open: () => nav.push(runTarget(run)), ttlMs: NOTICE_MS});
    const bytes = terminalNotice(run, {notify: prefs.notify, bell: prefs.bell, env: prefs.env ?? process.env});
    if (bytes !== '') stdout.write(bytes);
  }
  const pinsRef = useRef(pins);
  pinsRef.current = pins;
  const feed = useMemo(() => new ActivityFeed(apiSource(api), onNotice, pinsRef.current), [api, onNotice]);
  useEffect(() => () => feed.halt(), [feed]);
  useEffect(() => feed.setPins(pins), [feed, pins]);
  // The watcher's intervals follow the live policy (scaled in tests), its request rate with them.
  const idleMs = live.refetchInterval(ACTIVITY_BUDGET.idleMs);
  const activeMs = live.refetchInterval(ACTIVITY_BUDGET.activeMs);
  useEffect(() => {
    if (typeof idleMs !== 'number' || typeof activeMs !== 'number') return feed.setBudget(undefined);
    const scale = activeMs / ACTIVITY_BUDGET.activeMs;
    feed.setBudget({idleMs, activeMs, perSecond: ACTIVITY_BUDGET.perSecond / scale, deploymentsMs: ACTIVITY_BUDGET.deploymentsMs * scale});
  }, [feed, idleMs, activeMs]);

  useKeys(
    'input',
    {
      'app.openNotice': () => {
        const open = flash.message?.open;
        if (!open) return false;
        flash.clear();
        open();
      },
    },
    {active: flash.message?.open !== undefined},
  );

  const togglePin = useCallback(
    (id: string, name: string) => {
      const next = new Set(pinsRef.current);
      const pinned = !next.delete(id);
      if (pinned) next.add(id);
      // Shown at once; a config that cannot be written says so (the pin then lasts this session only).
      setPins(next);
      pinsRef.current = next;
      flash.info(pinned ? `pinned ${name}: a notice when any of its runs ends` : `unpinned ${name}`);
      latest.current.prefs.savePins?.(context, [...next]).catch((err: unknown) => {
        latest.current.flash.error(`the pin is not kept for the next session: ${err instanceof Error ? err.message : String(err)}`);
      });
    },
    [context, flash],
  );
  const value = useMemo(() => ({feed, pins, togglePin}), [feed, pins, togglePin]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

function useFeedContext(): FeedContext {
  const value = useContext(Context);
  if (!value) throw new Error('activity feed outside ActivityFeedProvider');
  return value;
}

/** `:activity`: every deployment is watched while the caller is mounted. */
export function useActivityFeed(): FeedState & {paused: boolean} {
  const {feed} = useFeedContext();
  const live = useLive();
  useEffect(() => feed.view(), [feed]);
  const state = useSyncExternalStore(feed.subscribe, feed.getState);
  return {...state, paused: live.paused};
}

/** The pinned deployments of this context, and the toggle (`*` on a deployment row). */
export function usePins(): Pick<FeedContext, 'pins' | 'togglePin'> {
  const {pins, togglePin} = useFeedContext();
  return {pins, togglePin};
}

/** Tells the feed a run was started from this console: it notices the run when it ends. */
export function useRunStarted(): (run: StartedRun) => void {
  const {feed} = useFeedContext();
  return useCallback((run: StartedRun) => feed.started(run), [feed]);
}
