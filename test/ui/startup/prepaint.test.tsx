// The first frame `svc ui` paints before Ink has loaded must be the picture Ink then draws: otherwise the console
// would jump a moment after start. Both are fed to a terminal emulator (@xterm/headless) and compared cell by cell
// — text, bold, inverse and colour — at several sizes, read-only or not, with a header long enough to be cut. The
// data is real (the local service, demo seed); the per-row state requests are held, as they are when Ink's first
// frame is drawn (they only start once the rows are on screen). Ink's spinner cell and the seconds of "updated Ns
// ago" are the only cells left out: both move on their own clock.
import React from 'react';
import {EventEmitter} from 'node:events';
import {stripVTControlCharacters} from 'node:util';
import chalk from 'chalk';
import {render} from 'ink';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {SCREENS} from '../../../screens/index.js';
import {deploymentsFirstFrame} from '../../../screens/deployments/firstFrame.js';
import {createApi, type Api} from '../../../src/api/client.js';
import {getDeployment, updateDeployment} from '../../../src/api/deployments.js';
import type {RunningService} from '../../../src/server/index.js';
import {fetchFirstFrame, storeFirstFrame} from '../../../src/ui/startup/index.js';
import {App} from '../../../src/ui/App.js';
import {dataFramePending} from '../../../src/ui/queryClient.js';
import {INK_OPTIONS} from '../../../src/ui/render.js';
import {FakeStdin} from '../../helpers/fakeStdin.js';
import {reactIdle, testQueryClient} from '../../helpers/renderTui.js';
import {startTestService} from '../../helpers/startService.js';
import {terminalScreen, type Screen} from '../../helpers/terminalScreen.js';

let service: RunningService;
beforeAll(async () => {
  service = await startTestService({seed: 'demo'});
});
afterAll(() => service.close());

/** A terminal for Ink in debug mode, which writes every frame whole (also under CI=true, where Ink otherwise holds
 * its frames until it exits): the last write is the frame on screen. */
class Terminal extends EventEmitter {
  isTTY = true;
  frame = '';
  writes = 0;
  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
    super();
  }
  write = (data: string) => {
    this.frame = data;
    this.writes++;
    this.emit('frame');
    return true;
  };
}

/**
 * Waits for Ink's settled frame: the rows, the count and the list's own footer keys drawn (they come from effects
 * after mount), then until React is idle with no answer waiting for its data frame and no new frame written.
 */
async function settledFrame(terminal: Terminal): Promise<void> {
  const drawn = () => {
    const text = stripVTControlCharacters(terminal.frame);
    return text.includes('Deployments [') && text.includes('Enter open');
  };
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      terminal.off('frame', check);
      if (error) reject(error);
      else resolve();
    };
    const check = () => void (drawn() && done());
    const timer = setTimeout(() => done(new Error(`Ink drew no list within 10 s; last frame:\n${terminal.frame}`)), 10_000);
    terminal.on('frame', check);
    check();
  });
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline) {
    const writes = terminal.writes;
    await reactIdle(() => terminal.writes);
    if (terminal.writes === writes && !dataFramePending()) return;
    // An answer waits for its data frame (up to DATA_FRAME_MS): wait for the timer instead of spinning past it (a
    // warm worker ran the checks of a thousand rounds within one frame's wait, and failed).
    if (dataFramePending()) await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`Ink kept drawing new frames for 10 s (a data frame pending: ${dataFramePending()})`);
}

/** The client the console uses, with the per-row state requests (`/deployments/<id>/…`) never answered. */
function consoleApi(): Api {
  const api = createApi({baseUrl: service.url, token: service.adminKey, sanitizeStrings: true});
  const held = (path: string) => /\/deployments\/[^/?]+/.test(path);
  return {...api, get: (path, opts) => (held(path) ? new Promise(() => {}) : api.get(path, opts))};
}

const normalise = (s: Screen): Screen => ({...s, text: s.text.map((line, i) => (i === 0 ? line.replace(/updated \d+s ago/, 'updated Ns ago') : line))});

interface Case {
  readonly columns: number;
  readonly rows: number;
  readonly readonly?: boolean;
  readonly contextName?: string;
  /** Deployment names given for this case only (id → name), restored after it. */
  readonly names?: Readonly<Record<string, string>>;
}

async function bothFrames(c: Case): Promise<{painted: Screen; ink: Screen}> {
  // Renamed through a client whose requests are all answered (the console's holds a deployment's own requests).
  const admin = createApi({baseUrl: service.url, token: service.adminKey});
  const before: [string, string][] = [];
  for (const [id, name] of Object.entries(c.names ?? {})) {
    before.push([id, (await getDeployment(admin, id)).name ?? '']);
    await updateDeployment(admin, id, {name});
  }
  try {
    return await framesOf(c, consoleApi());
  } finally {
    for (const [id, name] of before) await updateDeployment(admin, id, {name});
  }
}

async function framesOf(c: Case, api: Api): Promise<{painted: Screen; ink: Screen}> {
  const queryClient = testQueryClient();
  const data = await fetchFirstFrame(api);
  storeFirstFrame(queryClient, data);
  const target = {contextName: c.contextName ?? 'staging', host: new URL(service.url).host};
  const frame = deploymentsFirstFrame(data, target, {columns: c.columns, rows: c.rows, readonly: c.readonly === true});
  expect(frame, 'a frame is painted').toBeDefined();
  const spinner = [{row: 0, from: c.columns - 2}];
  const painted = normalise(await terminalScreen(`${frame}\n`, c.columns, c.rows, spinner));

  const terminal = new Terminal(c.columns, c.rows);
  const instance = render(
    <App screens={SCREENS} api={api} queryClient={queryClient} contextName={target.contextName} host={target.host} readonly={c.readonly} onQuit={() => {}} />,
    {stdout: terminal as never, stdin: new FakeStdin() as never, stderr: new Terminal(c.columns, c.rows) as never, ...INK_OPTIONS, debug: true},
  );
  try {
    await settledFrame(terminal);
    return {painted, ink: normalise(await terminalScreen(terminal.frame, c.columns, c.rows, spinner))};
  } finally {
    instance.unmount();
    queryClient.clear();
  }
}

describe('the first frame painted before Ink', () => {
  const level = chalk.level;
  beforeAll(() => {
    // Styles on, for both: Ink and the painter style through this one chalk instance.
    chalk.level = 1;
  });
  afterAll(() => {
    chalk.level = level;
  });

  it.each<Case>([
    {columns: 120, rows: 35},
    {columns: 200, rows: 50},
    {columns: 109, rows: 30},
    {columns: 80, rows: 24},
    {columns: 60, rows: 15},
    {columns: 120, rows: 35, readonly: true},
    {columns: 60, rows: 20, contextName: 'a-context-name-long-enough-to-cut-the-header-line'},
    // Wide characters (two cells each) and a combining accent (none) in the rows and in a header cut to fit.
    {columns: 80, rows: 24, names: {'2': '売上ダッシュボード', '3': '📊 revenue 🚀', '4': 'cafe\u0301 cre\u0300me'}},
    {columns: 120, rows: 35, names: {'2': '売上ダッシュボードとマーケティング'}},
    {columns: 60, rows: 20, contextName: '売上ダッシュボードのコンテキスト'},
  ])('is what Ink draws at $columns×$rows (readonly: $readonly, context: $contextName, names: $names)', async (c) => {
    const {painted, ink} = await bothFrames(c);
    expect(painted.text.some((l) => l.startsWith('› 1 ')), 'the first row, selected').toBe(true);
    expect(painted.text).toEqual(ink.text);
    expect(painted.styles).toEqual(ink.styles);
    // A header cut to fit keeps a cell between the cut text and the freshness on the right.
    if (c.contextName) expect(painted.text[0]).toMatch(/… +⟳ updated/);
  });

  it('paints nothing below the minimum size or without rows', async () => {
    const target = {host: 'h'};
    expect(deploymentsFirstFrame({}, target, {columns: 120, rows: 35, readonly: false}), 'no answer').toBeUndefined();
    const data = await fetchFirstFrame(consoleApi());
    expect(deploymentsFirstFrame({...data, list: {...data.list!, deployments: []}}, target, {columns: 120, rows: 35, readonly: false}), 'no rows').toBeUndefined();
    expect(deploymentsFirstFrame(data, target, {columns: 120, rows: 35, readonly: false})).toBeDefined();
    expect(deploymentsFirstFrame(data, target, {columns: 59, rows: 35, readonly: false})).toBeUndefined();
    expect(deploymentsFirstFrame(data, target, {columns: 120, rows: 14, readonly: false})).toBeUndefined();
  });
});
