// A key typed into :activity's `/` filter is drawn in the key's own turn of the event loop, by Ink's throttle as the
// console runs it (INK_OPTIONS: at most one frame per 1/60 s, the first change at once). A key whose update took two
// commits (one that writes nothing, then the frame) would have its frame held for the throttle window (17 ms) after
// the second: written only after a timer. Here, on the console's stepped clock (nothing ticks between the keys), each
// key must be one Ink render, written before the next turn of the event loop, and that frame must be the narrowed
// list with its count (the frame the key ends on).
import React from 'react';
import {render, type Instance} from 'ink';
import {afterEach, describe, expect, it} from 'vitest';
import {App} from '../../src/ui/App.js';
import {INK_OPTIONS} from '../../src/ui/render.js';
import {createQueryClient, dataFramePending} from '../../src/ui/queryClient.js';
import {ActivityScreen} from '../../screens/ActivityScreen.js';
import {fakeApi} from '../helpers/renderTui.js';
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
afterEach(() => instance?.unmount());

const plain = (text: string) => text.replace(/\u001B\[[0-9;?]*[A-Za-z]/g, '');
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const noTimersFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Steps the console's clock 50 ms at a time, a real 2 ms after each firing, until `ok` (bounded: 500 steps, 12 s). */
const until = (ok: () => boolean, what: string, clock: SteppedClock): Promise<void> =>
  clock.stepUntil(ok, () => `${what} (query results waiting for their data frame: ${dataFramePending()})`, 50, () => noTimersFor(2), {maxSteps: 500, withinMs: 12_000});

describe(':activity under Ink’s throttle', () => {
  it('draws each key typed into / in its own turn: one render, written before any timer, the narrowed list', async () => {
    const terminal = new Terminal();
    const keyboard = new FakeStdin();
    const clock = new SteppedClock();
    const screens = [{id: 'activity', title: 'Activity', name: 'activity', aliases: [], component: ActivityScreen}];
    instance = render(<App api={api} screens={screens} initial={{screen: 'activity'}} liveScale={0.001} clock={clock} queryClient={createQueryClient()} onQuit={() => {}} />, {
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
    // Longer than the throttle window, so every key below meets Ink's throttle idle.
    await noTimersFor(40);
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
      await noTimersFor(40);
      expect(terminal.renders - before, `Ink renders for ${JSON.stringify(key)}`).toBe(1);
    }
  });
});
