import React, {createContext, use, useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import {useClock} from './useClock.js';

/** The console's one tick: what moves every second (an "ago", an elapsed column) moves on it. */
export const TICK_MS = 1000;

/**
 * The tick's displays: the time of the last tick (drawn or not), and for each display whether what it shows changed
 * by a time. A tick that changes no display renders nothing.
 */
interface Displays {
  latest: number;
  readonly changed: Set<{current: (now: number) => boolean}>;
}

const TickContext = createContext<{readonly now: number; readonly displays: Displays} | null>(null);

/**
 * One timer for every display that moves each second, so that they all move in one commit: the header's "ago" and
 * a screen's elapsed column on timers of their own were two commits a second, each a full frame, and a key typed
 * just after either waited for Ink's throttle (17 ms) before it was drawn. Ink asks for React's legacy root, but its
 * reconciler (0.33) makes every root concurrent, and each timer's state update commits in a task of its own; one
 * state here, read by each display, is one commit. A second that changes nothing shown (the header's `updated 3m
 * ago` for a minute, or no display at all) is not rendered.
 */
export function TickProvider({children}: {readonly children: ReactNode}) {
  const clock = useClock();
  const [displays] = useState((): Displays => ({latest: clock.now(), changed: new Set()}));
  const [now, setNow] = useState(displays.latest);
  useEffect(
    () =>
      clock.every(TICK_MS, () => {
        const t = clock.now();
        displays.latest = t;
        for (const display of displays.changed) if (display.current(t)) return setNow(t);
      }),
    [clock, displays],
  );
  const value = useMemo(() => ({now, displays}), [now, displays]);
  return <TickContext value={value}>{children}</TickContext>;
}

const always = () => true;

/**
 * The current time on the App's clock, re-read every `intervalMs`; used only by small leaf components and the
 * screens' elapsed columns. Every second (the default) is the console's one tick (TickProvider): the component
 * reads the tick only while it asks for that pace, so a screen on a slower one is not drawn each second; `shows`,
 * what the component draws of the time (compared with Object.is), lets the tick skip the seconds that change none of
 * it. Other paces, and a component drawn outside the App, keep a timer of their own. Never goes back in time (a
 * switch from the tick to a slower pace keeps the newest time seen).
 */
export function useNow(intervalMs = TICK_MS, shows?: (now: number) => unknown): number {
  const clock = useClock();
  const tick = intervalMs === TICK_MS ? use(TickContext) : null;
  const [own, setOwn] = useState(() => clock.now());
  const ticking = tick !== null;
  useEffect(() => (ticking ? undefined : clock.every(intervalMs, () => setOwn(clock.now()))), [clock, intervalMs, ticking]);
  const newest = useRef(0);
  // The last tick's time, also when that tick drew nothing: what this display would have been drawn at.
  newest.current = Math.max(newest.current, own, tick?.displays.latest ?? 0);
  const at = newest.current;
  const changed = useRef<(now: number) => boolean>(always);
  if (shows) {
    const shown = shows(at);
    changed.current = (t) => !Object.is(shows(t), shown);
  } else changed.current = always;
  const displays = tick?.displays;
  useEffect(() => {
    if (!displays) return;
    displays.changed.add(changed);
    return () => void displays.changed.delete(changed);
  }, [displays]);
  return at;
}
