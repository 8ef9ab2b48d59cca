// A key typed into :activity's `/` filter is drawn in the key's own turn of the event loop, by Ink's throttle as the
// console runs it (INK_OPTIONS: at most one frame per 1/60 s, the first change at once). A key whose update took two
// commits (one that writes nothing, then the frame) would have its frame held for the throttle window (17 ms) after
// the second: written only after a timer. Here, on the console's stepped clock (nothing ticks between the keys), each
// key must be one Ink render, written before the next turn of the event loop, and that frame must be the narrowed
// list with its count (the frame the key ends on).
// The test runs on fake timers (and Date, which Ink's throttle reads): the throttle window ends when the test moves
// time on, not after a real wait. On real timers a worker starved at load 23 ran a window's end late, after the next
// key had come, and that key's frame was held as if the console had drawn it in two commits.
import React from 'react';
import {render, type Instance} from 'ink';
import {describe, expect, it, onTestFinished, vi} from 'vitest';
import {App} from '../../src/ui/App.js';
import {INK_OPTIONS} from '../../src/ui/render.js';
import {dataFramePending} from '../../src/ui/queryClient.js';
import {ActivityScreen} from '../../screens/ActivityScreen.js';
import {fakeApi, testQueryClient} from '../helpers/renderTui.js';
import {FakeStdin} from '../helpers/fakeStdin.js';
import {SteppedClock} from '../helpers/steppedClock.js';
import {BenchTerminal} from '../bench/measure.js';

const COUNT = 12;
const name = (id: number) => `deployment-${String(id).padStart(2, '0')}`;
const api = fakeApi((_m, path, options) => {
  if (path.endsWith('/me')) return {data: {id: 1, email: 'throttle@example.com'}};
  if (path === '/api/v1/deployments') {
    const q = (options?.searchParams ?? {}) as Record<string, number | undefined>;
    const all = Array.from({length: COUNT}, (_, i) => ({id: String(i + 1), name: name(i + 1)}));
    const offset = Number(q.offset ?? 0);
    return {items: all.slice(offset, offset + Number(q.limit ?? 100)), pagination: {total: COUNT}};
  }
  const id = /deployments\/(\d+)\//.exec(path)?.[1] ?? '';
  if (path.endsWith('/dbt-sync')) return {items: [{syncJobId: `sync-${id}`, status: 'COMPLETED', trigger: 'webhook', gitRef: 'main', startedAt: new Date(Date.now() - 60_000).toISOString(), durationMs: 30_000}]};
  if (path.endsWith('/build-status')) return {data: {deploymentId: id, branchName: 'main', mode: 'production', status: 'built', buildJobId: 1, deploymentStatus: 'built'}};
  return undefined;
});

/** The bench's 120×35 terminal (it counts Ink's renders), keeping what was written since `mark()`. */
class Terminal extends BenchTerminal {
  written = '';
  protected override received(text: string): void {
    this.written += text;
  }
  mark(): number {
    this.written = '';
    return this.renders;
  }
}

let instance: Instance | undefined;

const plain = (text: string) => text.replace(/\u001B\[[0-9;?]*[A-Za-z]/g, '');
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Longer than Ink's throttle window at INK_OPTIONS.maxFps (17 ms). */
const THROTTLE_PAST_MS = 40;
/** Moves the fake timers on by `ms` (a throttle window's end, a query's data frame), then lets a turn pass. */
const timePasses = async (ms: number) => {
  vi.advanceTimersByTime(ms);
  await nextTurn();
};

/** Steps the console's clock 50 ms at a time, and the timers 20 ms after each firing, until `ok` (bounded: 500 steps, 12 s). */
const until = (ok: () => boolean, what: string, clock: SteppedClock): Promise<void> =>
  clock.stepUntil(ok, () => `${what} (query results waiting for their data frame: ${dataFramePending()})`, 50, () => timePasses(20), {maxSteps: 500, withinMs: 12_000});

describe(':activity under Ink’s throttle', () => {
  it('draws each key typed into / in its own turn: one render, written before any timer, the narrowed list', async () => {
    vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout', 'Date']});
    // Unmounted on fake timers, whose pending ones then run before real ones are put back (sharedWorker.ts).
    onTestFinished(() => {
      instance?.unmount();
      instance = undefined;
      vi.runOnlyPendingTimers();
      vi.useRealTimers();
    });
    const terminal = new Terminal();
    const keyboard = new FakeStdin();
    const clock = new SteppedClock();
    const screens = [{id: 'activity', title: 'Activity', name: 'activity', aliases: [], component: ActivityScreen}];
    instance = render(<App api={api} screens={screens} initial={{screen: 'activity'}} liveScale={0.001} clock={clock} queryClient={testQueryClient()} onQuit={() => {}} />, {
      stdout: terminal as never,
      stdin: keyboard as never,
      stderr: new BenchTerminal() as never,
      ...INK_OPTIONS,
      onRender: terminal.rendered,
    });
    let screen = '';
    const seen = () => (screen += plain(terminal.written), (terminal.written = ''), screen);
    await until(() => seen().includes(`Activity [${COUNT}]`), 'rows', clock);
    keyboard.write('p');
    await until(() => seen().includes('live updates paused'), 'pause', clock);
    keyboard.write('/');
    // Past the throttle window, so every key below meets Ink's throttle idle.
    await until(() => seen().includes('Enter keep the text'), 'the filter line', clock);
    await timePasses(THROTTLE_PAST_MS);
    for (const [key, shown] of [
      ['1', 'Activity [4] /1'],
      ['1', 'Activity [1] /11'],
      ['\u007F', 'Activity [4] /1'],
      ['0', 'Activity [1] /10'],
    ] as const) {
      const before = terminal.mark();
      keyboard.write(key);
      await nextTurn();
      expect(plain(terminal.written), `the frame of ${JSON.stringify(key)}, written in its own turn`).toContain(shown);
      // The window's end: a frame Ink held back (a second commit for the key) would be rendered now.
      await timePasses(THROTTLE_PAST_MS);
      expect(terminal.renders - before, `Ink renders for ${JSON.stringify(key)}`).toBe(1);
    }
  });
});
