// The session's activity feed (feed.ts) in React: one per connection, on the App's clock, its budget scaled by the
// shell's live policy (paused with `p`), the pins of the connection's context, and its notices, given by the
// session's NoticeBoard (noticeBoard.ts: the flash line naming the ended runs, Enter opens them; the bell and a
// desktop notification as the UI prefs allow; held while paused or while the terminal is lent to another program). Every other bell and
// notification of the console (a dbt gate's verdict, a watched dbt run's end) goes through the same board
// (`useTerminalNotice`), so the prefs and the terminal's protocol are decided in one place.
import React, {createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore} from 'react';
import {useStdout} from 'ink';
import {ACTIVITY_BUDGET, apiSource} from '../../workflows/activity.js';
import {useKeys} from '../dispatch/Dispatcher.js';
import {onTerminalBack} from '../handOff.js';
import {activityClockOn} from '../clock.js';
import {useApi, useAppInfo} from '../hooks/useApi.js';
import {useClock} from '../hooks/useClock.js';
import {useFlash, useFlashMessage} from '../hooks/useFlash.js';
import {useLive} from '../hooks/useLive.js';
import {useNavActions} from '../hooks/useNav.js';
import {ActivityFeed, type FeedState, type StartedRun} from './feed.js';
import type {Notice} from './notice.js';
import {NoticeBoard} from './noticeBoard.js';

export {NOTICE_MS, runTarget} from './noticeBoard.js';

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

interface FeedContext {
  readonly feed: ActivityFeed;
  readonly pins: ReadonlySet<string>;
  togglePin(id: string, name: string): void;
  ring(notice: Notice): void;
}

const Context = createContext<FeedContext | null>(null);

export function ActivityFeedProvider({prefs = {}, children}: {prefs?: UiPrefs; children: React.ReactNode}) {
  const api = useApi();
  const info = useAppInfo();
  const live = useLive();
  const flashActions = useFlash();
  const message = useFlashMessage();
  // The board and Enter on a notice read the message on show; what only shows messages uses the actions, which never
  // change (the provider's value does not follow each message).
  const flash = {...flashActions, message};
  const nav = useNavActions();
  const {stdout} = useStdout();
  const clock = useClock();
  const context = info.contextName ?? info.host ?? '';
  const [pins, setPins] = useState<ReadonlySet<string>>(() => new Set(prefs.pinsOf?.(context) ?? []));
  // The board reads the latest of these without restarting the feed.
  const latest = useRef({flash, nav, stdout, prefs, paused: live.paused, clock});
  latest.current = {flash, nav, stdout, prefs, paused: live.paused, clock};
  const [board] = useState(
    () =>
      new NoticeBoard(() => {
        const {flash, nav, stdout, prefs, paused} = latest.current;
        return {flash, push: nav.push, write: (bytes) => void stdout.write(bytes), settings: {notify: prefs.notify, bell: prefs.bell, env: prefs.env ?? process.env}, paused};
      }, () => latest.current.clock.now()),
  );
  useEffect(() => {
    if (!live.paused) board.release();
  }, [live.paused, board]);
  useEffect(() => onTerminalBack(board.release), [board]);
  const pinsRef = useRef(pins);
  pinsRef.current = pins;
  const feed = useMemo(() => new ActivityFeed(apiSource(api), board.ended, pinsRef.current, activityClockOn(clock)), [api, board, clock]);
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
        board.opened();
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
      flashActions.info(pinned ? `pinned ${name}: a notice when any of its runs ends` : `unpinned ${name}`);
      latest.current.prefs.savePins?.(context, [...next]).catch((err: unknown) => {
        latest.current.flash.error(`the pin is not kept for the next session: ${err instanceof Error ? err.message : String(err)}`);
      });
    },
    [context, flashActions],
  );
  const value = useMemo(() => ({feed, pins, togglePin, ring: board.ring}), [feed, pins, togglePin, board]);
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

/**
 * The bell and the desktop notification for something the user waits for that ended (a dbt gate's verdict, a
 * watched run), as `[ui] bell`/`notify` and the terminal allow; held while the terminal is lent to another program.
 */
export function useTerminalNotice(): (notice: Notice) => void {
  return useFeedContext().ring;
}
