// "A key paints one frame": whatever a key changes on screen must be in the first frame it paints. Ink paints at
// most one frame per 1/maxFps s, so a key whose change takes two commits (the list, then the title line from an
// effect) is a second full repaint, shown a frame later. Under renderTui (Ink's debug output: a frame per commit)
// the key's first frame must already be the frame it ends on.
import {expect} from 'vitest';
import {KEYS, type Tui} from './renderTui.js';

/** Everything below the header line, whose `updated 3s ago` ticks on its own. */
export const belowHeader = (frame: string): string => frame.split('\n').slice(1).join('\n');

/** What the App sent: its requests in flight, and how many it has sent (instrument's `inflight` and `calls`). */
export interface Sent {
  inflight(): number;
  readonly calls: readonly unknown[];
}

/**
 * Presses `key` (a KEYS name or text), waits for the App to settle, and checks that the first frame after the key
 * that changed anything below the header (a frame before it that changes only the header is the clock's) is the
 * frame it ends on. A key that sent a request (the next page of a list) paints again when the answer comes: only a
 * key that sent none is checked when `sent` is given. Returns the last frame.
 */
export async function pressPaintsOnce(tui: Tui, key: string, sent?: Sent): Promise<string> {
  const before = tui.frames.length;
  const requests = sent?.calls.length;
  const shown = belowHeader(tui.lastFrame());
  tui.burst(KEYS[key] ?? key);
  const last = await tui.settle(sent ? () => sent.inflight() > 0 : undefined);
  if (sent && sent.calls.length !== requests) return last;
  const first = tui.frames.slice(before).find((f) => belowHeader(f) !== shown);
  if (first !== undefined) expect(belowHeader(first), `the first frame after ${key} is the frame it ends on`).toBe(belowHeader(last));
  return last;
}
