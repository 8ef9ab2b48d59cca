// Notices of ended runs, from any screen, against the real local service: a pinned deployment's failed sync (started
// by another client) raises the flash on another screen with the bell and a desktop notification, Enter opens the
// run; `[ui] bell = false` / `notify = false` keep the flash and write nothing; a sync started from the console is
// noticed without a pin, also one the dbt gate started (whose verdict rings as `[ui]` says too), and a rebuild (a
// variable's, a version switch's) that ended before the watcher first looked; a run that ends while live updates are
// paused is noticed once on resume, and one that ends while the terminal is lent to the editor once the console has
// it back (several such runs in one notice naming each); a hostile deployment name stays inert in the notification;
// `*` pins and unpins a row.
import {existsSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {getBuildStatus} from '../../src/api/builds.js';
import {startDbtSync} from '../../src/api/dbt.js';
import type {Api} from '../../src/api/client.js';
import type {UiPrefs} from '../../src/ui/activity/ActivityFeedProvider.js';
import {scriptedEditorPerTest} from '../helpers/scriptedEditor.js';
import {flashTimeOver, renderStepped, runUntil, stepUntil, type Stepped} from '../helpers/steppedApp.js';
import {cursorOn, instrument, POLLING, renderApp, startDemo, typeAfter, type Demo} from '../helpers/screenApp.js';
import type {Tui} from '../helpers/renderTui.js';
import {eventually} from '../helpers/eventually.js';

/** An iTerm2-like terminal outside tmux: OSC 9. */
const ITERM = {TERM_PROGRAM: 'iTerm.app', TERM: 'xterm-256color'};
const OVERVIEW_2 = {screen: 'deployment', params: {deploymentId: '2', deploymentName: 'marketing-dashboards'}};
const FAILED_NOTICE = /✗ sync on analytics-prod failed in dbt-compile after \d+s · Enter to open/;

/** What the console wrote to the terminal besides frames: the bell and OSC strings of the notices. */
const noticeBytes = (tui: Tui) => tui.frames.filter((f) => f.startsWith('\u0007') || f.startsWith('\u001b]'));
/** The desktop notifications among them (an ended run's, a dbt gate's verdict). */
const svcNotices = (tui: Tui) => noticeBytes(tui).filter((f) => f.includes(']9;svc: '));
/** The frames Ink drew (not the notices' bytes). */
const drawnFrames = (tui: Tui) => tui.frames.filter((f) => !f.startsWith('\u0007') && !f.startsWith('\u001b]'));
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const editor = scriptedEditorPerTest('svc-notice-editor-');

/** Moves the service's time on in steps until `done` (the console on real time: its screen polls show the build). */
async function advanceUntilTrue(demo: Demo, done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !done(); i++) {
    demo.clock.advance(1000);
    await pause(25);
  }
  if (!done()) throw new Error(`timed out waiting for ${what}`);
}

/** Polls without moving time (bounded): for what follows an event that already happened. */
const soon = (done: () => boolean, what: string) => eventually(done, what, {withinMs: 20_000, everyMs: 25});

/**
 * Steps the console's clock until the watcher has read a deployment's runs (1's unless told) (its list of 20)
 * `looks` times: the run has been seen going, so its end is a change the watcher sees (a run that ended before
 * the first look is history, not news).
 */
async function seen(c: Stepped, looks: number, deployment = '1'): Promise<void> {
  const runs = new RegExp(`deployments/${deployment}/dbt-sync\\?first=20$`);
  await stepUntil(c, () => c.spy.count(runs) >= looks, `${looks} looks at deployment ${deployment}`);
}

/** Moves the service's time on in steps of 10 s (the watcher looks between them) until the frame matches. */
async function advanceUntil(c: Stepped, demo: Demo, match: RegExp): Promise<string> {
  await runUntil(c, demo.clock, () => match.test(c.tui.lastFrame()), String(match), 10_000);
  return c.tui.lastFrame();
}

/** `api` whose deployments list (the watcher's first request) waits until `letListThrough` is called. */
function listHeld(api: Api): {api: Api; letListThrough: () => void} {
  let letListThrough = () => {};
  const held = new Promise<void>((resolve) => (letListThrough = resolve));
  return {api: {...api, get: async (path, options) => (path === '/api/v1/deployments' && (await held), api.get(path, options))}, letListThrough};
}

/**
 * The rebuild of analytics-prod's main runs to its end (`ended` says when the screen shows it has), then the watcher
 * first looks: it is noticed.
 */
async function rebuildEndedThenNoticed(demo: Demo, tui: Tui, letListThrough: () => void, ended: (frame: string, build: number) => boolean): Promise<void> {
  const rebuild = (await getBuildStatus(demo.api, '1', 'main')).buildJobId ?? -1;
  await advanceUntilTrue(demo, () => ended(tui.lastFrame(), rebuild), 'the rebuild to end');
  letListThrough();
  await soon(() => svcNotices(tui).length > 0, 'the notice of the rebuild');
  expect(svcNotices(tui)).toEqual(['\u0007\u001b]9;svc: ✓ build on analytics-prod succeeded\u001b\\']);
}

function pinned(ids: string[], more: Partial<UiPrefs> = {}): UiPrefs {
  return {pinsOf: (context) => (context === 'test' ? ids : []), env: ITERM, ...more};
}

describe('notices of ended runs', () => {
  it("a pinned deployment's failed sync: flash on another screen, bell and OSC 9; Enter opens the run", async () => {
    const demo = await startDemo();
    const {syncJobId} = await startDbtSync(demo.api, '1', {ref: 'broken-compile'});
    const spy = instrument(demo.api);
    const c = renderStepped(spy, OVERVIEW_2, {prefs: pinned(['1'])});
    const {tui} = c;
    await tui.waitForFrame('marketing-dashboards');
    await seen(c, 2);
    const frame = await advanceUntil(c, demo, FAILED_NOTICE);
    expect(frame).toContain('marketing-dashboards');
    const written = noticeBytes(tui);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^\u0007\u001b\]9;svc: ✗ sync on analytics-prod failed in dbt-compile after \d+s\u001b\\$/);
    await tui.press('enter');
    await tui.waitForFrame(`sync ${syncJobId.slice(0, 8)}`);
  });

  it('bell = false and notify = false: the flash still names the run, nothing else is written', async () => {
    const demo = await startDemo();
    await startDbtSync(demo.api, '1', {ref: 'broken-compile'});
    const spy = instrument(demo.api);
    const c = renderStepped(spy, OVERVIEW_2, {prefs: pinned(['1'], {bell: false, notify: false})});
    const {tui} = c;
    await tui.waitForFrame('marketing-dashboards');
    await seen(c, 2);
    await advanceUntil(c, demo, FAILED_NOTICE);
    // The bytes are written before the flash is drawn, so by now they would be there.
    expect(noticeBytes(tui)).toEqual([]);
  });

  it('a sync started from the console is noticed when it ends, with nothing pinned', async () => {
    const demo = await startDemo();
    const spy = instrument(demo.api);
    const c = renderStepped(spy, {screen: 'dbt', params: {deploymentId: '1', deploymentName: 'analytics-prod'}}, {prefs: {env: {TERM: 'dumb'}}});
    const {tui} = c;
    await tui.waitForFrame('[50]');
    // Nothing pinned, nothing started: the watcher asks nothing.
    expect(spy.count(/first=20$/)).toBe(0);
    await tui.press('s');
    await typeAfter(tui, 'Start a dbt sync', ...'broken-compile', 'enter');
    await tui.waitForFrame(/Started dbt sync/);
    await seen(c, 2);
    await tui.press('escape');
    await flashTimeOver(c);
    await tui.waitForFrame((f) => f.includes('[') && !f.includes('Started dbt sync'));
    await advanceUntil(c, demo, FAILED_NOTICE);
    // No desktop notification on a terminal that does not declare one; the bell rings.
    expect(noticeBytes(tui)).toEqual(['\u0007']);
  });

  it('a sync the dbt gate started is noticed when it ends, with nothing pinned', async () => {
    const demo = await startDemo();
    const c = renderStepped(instrument(demo.api), {screen: 'gate', params: {deploymentId: '1', deploymentName: 'analytics-prod'}}, {columns: 160, prefs: {env: ITERM}});
    const {tui} = c;
    await tui.waitForFrame('s gates a ref');
    await tui.press('s');
    await typeAfter(tui, 'Gate a dbt ref', ...'broken-compile', 'enter');
    await tui.waitForFrame(/● dbt sync\s+running/);
    await runUntil(c, demo.clock, () => svcNotices(tui).length > 1, 'the notices of the gate\'s sync and verdict');
    // The sync's notice (the activity feed) and the verdict's (the gate), each a bell and a notification.
    expect(svcNotices(tui)).toHaveLength(2);
    expect(svcNotices(tui)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\u0007\u001b\]9;svc: ✗ sync on analytics-prod failed in dbt-compile/),
        expect.stringMatching(/^\u0007\u001b\]9;svc: ✗ dbt gate FAIL: /),
      ]),
    );
    // Both ended at once: the verdict keeps the flash line, the sync's notice waits behind it (useFlash).
    await tui.settle();
    expect(drawnFrames(tui).at(-1)).toContain('dbt gate FAIL: ');
  });

  it("the dbt gate's verdict rings as [ui] says: bell = false and notify = false write nothing, the flash stays", async () => {
    const demo = await startDemo();
    const c = renderStepped(instrument(demo.api), {screen: 'gate', params: {deploymentId: '1', deploymentName: 'analytics-prod'}}, {columns: 160, prefs: {env: ITERM, bell: false, notify: false}});
    const {tui} = c;
    await tui.waitForFrame('s gates a ref');
    await tui.press('s');
    await typeAfter(tui, 'Gate a dbt ref', ...'broken-compile', 'enter');
    await tui.waitForFrame(/● dbt sync\s+running/);
    // The verdict's flash shows (the sync's notice, noticed at the same time, waits behind it: useFlash).
    await runUntil(c, demo.clock, () => drawnFrames(tui).at(-1)?.includes('dbt gate FAIL: ') === true, 'the verdict');
    // The bytes are written before the flash is drawn, so by now they would be there.
    expect(tui.frames.filter((f) => f.includes('\u0007') || f.includes('\u001b]9;'))).toEqual([]);
  });

  it('a rebuild the console caused is noticed also when it ended before the watcher first looked', async () => {
    const demo = await startDemo();
    const {api, letListThrough} = listHeld(demo.api);
    const tui = renderApp(api, {screen: 'variables', params: {deploymentId: '1', deploymentName: 'analytics-prod'}}, {columns: 120, rows: 30, prefs: {env: ITERM}, ...POLLING});
    await tui.waitForFrame(/Variables · analytics-prod \[6\][\s\S]*Production\s+✓/);
    await tui.press('n');
    await typeAfter(tui, 'Set a variable on analytics-prod', 'FEATURE_FLAG', 'tab', 'on', 'enter');
    await typeAfter(tui, 'Set FEATURE_FLAG on analytics-prod?', 'y');
    await tui.waitForFrame('Set FEATURE_FLAG; rebuilding main');
    await rebuildEndedThenNoticed(demo, tui, letListThrough, (f, build) => f.includes(`✓ built build ${build} of main`));
  });

  it('a version switch\'s rebuild is noticed also when it ended before the watcher first looked', async () => {
    const demo = await startDemo();
    const spy = instrument(demo.api);
    const {api, letListThrough} = listHeld(spy.api);
    const tui = renderApp(api, {screen: 'versions', params: {deploymentId: '1', deploymentName: 'analytics-prod'}}, {columns: 120, rows: 30, prefs: {env: ITERM}, ...POLLING});
    await tui.waitForFrame('Versions · analytics-prod [6]');
    // The screen has read the deploy branch's build, the one the switch replaces.
    await soon(() => spy.count(/deployments\/1\/build-status/) > 0, 'the build status');
    await tui.press('j');
    await cursorOn(tui, /›\s+1\.3\.2/);
    await tui.press('s');
    await typeAfter(tui, 'Switch analytics-prod to version 1.3.2 (latest)?', 'y');
    await tui.waitForFrame('Build · analytics-prod · main');
    await rebuildEndedThenNoticed(demo, tui, letListThrough, (f, build) => f.includes(`build #${build}`) && f.includes('Status: ✓ built'));
  });

  it('a pinned run that ends while live updates are paused is noticed once, on resume', async () => {
    const demo = await startDemo();
    await startDbtSync(demo.api, '1', {ref: 'broken-compile'});
    const spy = instrument(demo.api);
    const c = renderStepped(spy, OVERVIEW_2, {prefs: pinned(['1'])});
    const {tui} = c;
    await tui.waitForFrame('marketing-dashboards');
    await seen(c, 2);
    await tui.press('p');
    await tui.waitForFrame('live updates paused (p resumes)');
    // The sync fails while nothing is asked.
    demo.clock.advance(120_000);
    await tui.press('p');
    await stepUntil(c, () => FAILED_NOTICE.test(tui.lastFrame()), 'the notice on resume');
    const looks = spy.count(/deployments\/1\/dbt-sync\?first=20$/);
    await seen(c, looks + 3);
    expect(svcNotices(tui)).toHaveLength(1);
  });

  it('a pinned run that ends while the terminal is lent to the editor is noticed once it is back', async () => {
    const demo = await startDemo();
    await startDbtSync(demo.api, '1', {ref: 'broken-compile'});
    const spy = instrument(demo.api);
    // The editor waits (bounded) until the test lets it end.
    const go = join(editor.dir(), 'go');
    editor.use(`i=0; while [ ! -f "${go}" ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done`);
    const c = renderStepped(spy, {screen: 'res:roles'}, {prefs: pinned(['1'])});
    const {tui} = c;
    await tui.waitForFrame('No roles yet');
    await seen(c, 2);
    await tui.press('c');
    await soon(() => editor.calls().length === 1, 'the editor to start');
    const looks = spy.count(/deployments\/1\/dbt-sync\?first=20$/);
    demo.clock.advance(120_000);
    // Two looks after the failure: the watcher has seen it while the editor has the terminal.
    await seen(c, looks + 2);
    writeFileSync(go, '');
    await soon(() => svcNotices(tui).length > 0, 'the notice after the editor');
    expect(svcNotices(tui)).toEqual([expect.stringMatching(/^\u0007\u001b\]9;svc: ✗ sync on analytics-prod failed in dbt-compile after \d+s\u001b\\$/)]);
    expect(existsSync(go)).toBe(true);
  });

  it('runs that end while the terminal is lent are noticed in one notice naming each; Enter opens :activity', async () => {
    const demo = await startDemo();
    await startDbtSync(demo.api, '1', {ref: 'broken-compile'});
    await startDbtSync(demo.api, '2', {ref: 'main'});
    const spy = instrument(demo.api);
    const go = join(editor.dir(), 'go');
    editor.use(`i=0; while [ ! -f "${go}" ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done`);
    const c = renderStepped(spy, {screen: 'res:roles'}, {columns: 160, prefs: pinned(['1', '2'])});
    const {tui} = c;
    await tui.waitForFrame('No roles yet');
    await seen(c, 2, '1');
    await seen(c, 2, '2');
    await tui.press('c');
    await soon(() => editor.calls().length === 1, 'the editor to start');
    const looks = [spy.count(/deployments\/1\/dbt-sync\?first=20$/), spy.count(/deployments\/2\/dbt-sync\?first=20$/)] as const;
    demo.clock.advance(120_000);
    // Both have ended and been seen while the editor has the terminal.
    await seen(c, looks[0] + 2, '1');
    await seen(c, looks[1] + 2, '2');
    writeFileSync(go, '');
    const both = /2 runs ended: ✗ sync on analytics-prod failed in dbt-compile; ✓ sync on marketing-dashboards · Enter to open :activity/;
    // The editor's own result shows first; the notice comes back when it clears, not lost behind it.
    await tui.waitForFrame('No changes: nothing sent');
    await flashTimeOver(c);
    await tui.waitForFrame(both);
    // One bell and one notification for the two.
    expect(svcNotices(tui)).toEqual(['\u0007\u001b]9;svc: ✗ 2 runs ended: ✗ sync on analytics-prod failed in dbt-compile, ✓ sync on marketing-dashboards\u001b\\']);
    await tui.press('enter');
    await tui.waitForFrame(/Activity \[\d+\]/);
  });

  it('a hostile deployment name is inert in the flash and in the OSC string', async () => {
    const demo = await startDemo();
    await startDbtSync(demo.api, '1', {ref: 'broken-compile'});
    // The service refuses such a name; a hostile server would send it anyway: the list's answer is rewritten.
    const rename = (answer: unknown) => JSON.parse(JSON.stringify(answer).replaceAll('"analytics-prod"', JSON.stringify('evil\u001b]0;pwned\u0007\u001b\\\u009b2J'))) as unknown;
    const hostile: Api = {
      ...demo.api,
      request: async (method, path, options) => {
        const answer = await demo.api.request(method, path, options);
        return method.toUpperCase() === 'GET' && path === '/api/v1/deployments' ? rename(answer) : answer;
      },
    };
    const spy = instrument(hostile);
    const c = renderStepped(spy, OVERVIEW_2, {prefs: pinned(['1'])});
    const {tui} = c;
    await tui.waitForFrame('marketing-dashboards');
    await seen(c, 2);
    const frame = await advanceUntil(c, demo, /✗ sync on evil.*failed in dbt-compile/);
    // The name's controls show as text (`\x1b`), never act.
    expect(frame).toContain(String.raw`sync on evil\x1b]0;pwned\x07\x1b\\x9b2J failed`);
    const [written] = noticeBytes(tui);
    // Only the notification's own ESCs (its start and its terminator) and the bell before it; `;` cannot split it.
    expect(written).toContain(String.raw`svc: ✗ sync on evil\x1b]0,pwned\x07\x1b\\x9b2J failed in dbt-compile`);
    expect([...written!].filter((c) => c === '\u001b')).toHaveLength(2);
    expect([...written!].filter((c) => c === '\u0007' || c === '\u009b')).toEqual(['\u0007']);
  });

  it('* pins and unpins the deployment under the cursor, shown in its row and kept through the prefs', async () => {
    const demo = await startDemo();
    const saved: string[][] = [];
    const tui = renderApp(demo.api, {screen: 'deployments', params: {}}, {prefs: {pinsOf: () => [], savePins: async (_, ids) => void saved.push([...ids])}, ...POLLING});
    await tui.waitForFrame(/› 1\s+analytics-prod/);
    await tui.press('*');
    await tui.waitForFrame(/› 1\s+\* analytics-prod/);
    await tui.waitForFrame('pinned analytics-prod: a notice when any of its runs ends');
    await tui.press('*');
    await tui.waitForFrame(/› 1\s+analytics-prod/);
    expect(saved).toEqual([['1'], []]);
  });
});
