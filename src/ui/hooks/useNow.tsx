import React, {createContext, use, useEffect, useRef, useState, type ReactNode} from 'react';
import {useClock} from './useClock.js';

/** The console's one tick: what moves every second (an "ago", an elapsed column) moves on it. */
export const TICK_MS = 1000;

const TickContext = createContext<number | null>(null);

/**
 * One timer for every display that moves each second, so that they all move in one commit: the header's "ago" and
 * a screen's elapsed column on timers of their own were two commits a second, each a full frame, and a key typed
 * just after either waited for Ink's throttle (17 ms) before it was drawn. Ink renders on React's legacy root, which
 * commits each state update of a timer on its own; one state here, read by each display, is one commit.
 */
export function TickProvider({children}: {readonly children: ReactNode}) {
  const clock = useClock();
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => clock.every(TICK_MS, () => setNow(clock.now())), [clock]);
  return <TickContext value={now}>{children}</TickContext>;
}

/**
 * The current time on the App's clock, re-read every `intervalMs`; used only by small leaf components and the
 * screens' elapsed columns. Every second (the default) is the console's one tick (TickProvider): the component
 * reads the tick only while it asks for that pace, so a screen on a slower one is not drawn each second. Other paces,
 * and a component drawn outside the App, keep a timer of their own. Never goes back in time (a switch from the tick
 * to a slower pace keeps the newest time seen).
 */
export function useNow(intervalMs = TICK_MS): number {
  const clock = useClock();
  const tick = intervalMs === TICK_MS ? use(TickContext) : null;
  const [own, setOwn] = useState(() => clock.now());
  const ticking = tick !== null;
  useEffect(() => (ticking ? undefined : clock.every(intervalMs, () => setOwn(clock.now()))), [clock, intervalMs, ticking]);
  const newest = useRef(0);
  newest.current = Math.max(newest.current, own, tick ?? 0);
  return newest.current;
}
