import {describe, expect, it} from 'vitest';
import {commit, createBranch, putFiles, startDevMode, stopDevMode} from '../../src/api/dataModel.js';
import type {Api, RequestOptions} from '../../src/api/client.js';
import {getBuildStatus} from '../../src/api/builds.js';
import {DEMO_MODEL_FILES} from '../../src/server/engines/sample/demoModel.js';
import {cursorOn, instrument, renderApp, startDemo, typeAfter} from '../helpers/screenApp.js';

// The sandbox deployment: main (deploy) and staging, with the demo model.
const D = '4';
const FILES = {screen: 'files', params: {deploymentId: D, deploymentName: 'sandbox-01'}};
const OPTS = {columns: 120, rows: 35};
const ORDERS = 'model/cubes/orders.yml';
const original = DEMO_MODEL_FILES.find((f) => f.path === ORDERS)!.content;
const changed = original.replace('        sql: amount\n', '        sql: amount_cents / 100\n');

/** Writes `files` onto a new shared branch made from main, the only way the API allows: a dev fork, then commit. */
async function onBranch(api: Api, branch: string, files: Array<{path: string; content: string}>) {
  await createBranch(api, D, {name: branch});
  const dev = (await startDevMode(api, D, branch)).branchName!;
  await putFiles(api, D, files, {branchName: dev});
  await commit(api, D, {branchName: dev});
  await stopDevMode(api, D);
}

/** From the tree (top-level folders open): cubes/ → open → orders.yml → Enter. */
async function openOrders(tui: ReturnType<typeof renderApp>) {
  await tui.waitForFrame(/▸ cubes\//);
  await tui.press('j');
  await cursorOn(tui, /› \s*▸ cubes\//);
  await tui.press('enter');
  await tui.waitForFrame(/▾ cubes\//);
  await tui.press('j', 'j');
  await cursorOn(tui, /›\s+orders\.yml/);
  await tui.press('enter');
  return tui.waitForFrame(/model\/cubes\/orders\.yml on main/);
}

describe('FilesScreen', () => {
  it('shows the tree of the deploy branch; folders expand with Enter/l and collapse with h', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, FILES, OPTS);
    let frame = await tui.waitForFrame(/▸ views\//);
    expect(frame).toContain('branch main (deploy branch) · read-only · 6 files');
    expect(frame).toMatch(/› ▾ model\/\s+6 files/);
    expect(frame).toMatch(/▸ cubes\/\s+4 files/);
    expect(frame).not.toContain('orders.yml');

    await tui.press('j');
    await cursorOn(tui, /› \s*▸ cubes\//);
    await tui.press('l');
    frame = await tui.waitForFrame(/▾ cubes\//);
    expect(frame).toMatch(/line_items\.yml[\s\S]*orders\.yml[\s\S]*products\.yml[\s\S]*users\.yml[\s\S]*▸ views\//);

    // h on an open folder closes it; h on a file closes the folder above and moves there.
    await tui.press('j');
    await cursorOn(tui, /›\s+line_items\.yml/);
    await tui.press('h');
    frame = await tui.waitForFrame(/› \s*▸ cubes\//);
    expect(frame).not.toContain('orders.yml');
    await tui.press('enter');
    await tui.waitForFrame(/▾ cubes\//);
    await tui.press('h');
    frame = await tui.waitForFrame(/› \s*▸ cubes\//);
    expect(frame).not.toContain('orders.yml');

    // `/` lists matching files by their whole path, folders closed or not.
    await tui.press('/');
    await typeAfter(tui, /\//, 'sales', 'enter');
    frame = await tui.waitForFrame(/model\/views\/sales\.yml/);
    expect(frame).not.toContain('orders.yml');
  });

  it('opens a file on main in the pager, scrolls, / finds lines and n/N move between them', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, FILES, OPTS);
    let frame = await openOrders(tui);
    const lines = original.replace(/\n$/, '').split('\n').length;
    expect(frame).toContain(`read-only · ${lines} lines`);
    expect(frame).toContain('(deploy branch)');
    expect(frame).toMatch(/^cubes:$/m);
    expect(frame).toContain('  - name: orders');
    const page = Number(new RegExp(`lines 1–(\\d+) of ${lines}`).exec(frame)![1]);
    expect(page).toBeLessThan(lines);
    // A file, not a log: what is below is more of the file, and G goes to its end (no "newer lines", no "follows").
    expect(frame).toContain(`${lines - page} more lines below · G goes to the end · lines 1–${page} of ${lines}`);
    expect(frame).not.toMatch(/newer line|follows again/);

    await tui.press('G');
    frame = await tui.waitForFrame(`end of file · lines ${lines - page + 1}–${lines} of ${lines}`);
    expect(frame).toContain("sql: \"{CUBE}.status = 'completed'\"");
    await tui.press('g');
    await tui.waitForFrame(`lines 1–${page} of ${lines}`);

    // `/` finds (the file stays whole): the first match from the top, n the next one down, N back up.
    const hits = original.split('\n').flatMap((l, i) => (l.includes('type: count') ? [i + 1] : []));
    expect(hits.length).toBeGreaterThan(2);
    await tui.press('/');
    await typeAfter(tui, /\//, 'type: count', 'enter');
    frame = await tui.waitForFrame(`/type: count: line ${hits[0]}`);
    expect(frame).toContain('sql_table: orders');
    await tui.press('n');
    await tui.waitForFrame(`/type: count: line ${hits[1]}`);
    await tui.press('n');
    frame = await tui.waitForFrame(`/type: count: line ${hits[2]}`);
    expect(frame).toContain('type: count_distinct');
    await tui.press('N');
    await tui.waitForFrame(`/type: count: line ${hits[1]}`);
    await tui.press('/');
    await typeAfter(tui, /\//, 'ctrl+u', 'no such text', 'enter');
    await tui.waitForFrame('/no such text: no match');
    // Esc clears the search, a second Esc goes back to the tree.
    await tui.press('escape');
    await tui.waitForFrame((f) => !f.includes('no such text'));
    await tui.press('escape');
    await tui.waitForFrame(/›\s+orders\.yml/);
  });

  it('d diffs the file against another branch: the changed line as - and +', async () => {
    const {api} = await startDemo();
    await onBranch(api, 'pricing', [{path: ORDERS, content: changed}]);
    const tui = renderApp(api, FILES, OPTS);
    await openOrders(tui);
    await tui.press('d');
    let frame = await tui.waitForFrame(/against which branch\?/);
    expect(frame).toMatch(/pricing\s+shared\s+main/);
    expect(frame).toMatch(/staging\s+shared\s+main/);
    // The branch being read is not offered; personal dev-… forks are not either.
    expect(frame).not.toMatch(/main\s+deploy/);
    expect(frame).not.toMatch(/dev-/);
    await cursorOn(tui, /›\s+pricing/);
    await tui.press('enter');
    frame = await tui.waitForFrame(/\+ {8}sql: amount_cents \/ 100/);
    expect(frame).toContain(`${ORDERS}: main → pricing (- only on main, + only on pricing)`);
    expect(frame).toMatch(/^- {8}sql: amount$/m);
    expect(frame).toMatch(/@@ -\d+,7 \+\d+,7 @@/);
    // The footer shows no screen keys under the diff (they do not act there).
    const footer = frame.split('\n').find((l) => l.includes('? help')) ?? '';
    expect(footer).not.toMatch(/diff with a branch|enter dev mode|follow/);
    // Esc closes the diff, back to the file.
    await tui.press('escape');
    await tui.waitForFrame(/lines 1–\d+ of/);

    // Against staging, which has the same file: it says so.
    await tui.press('d');
    await tui.waitForFrame(/against which branch\?/);
    await tui.press('j');
    await cursorOn(tui, /›\s+staging/);
    await tui.press('enter');
    frame = await tui.waitForFrame('no differences');
    expect(frame).toContain(`${ORDERS} is the same on main and staging`);
  });

  it('b browses another branch; d in the tree diffs the selected file', async () => {
    const {api} = await startDemo();
    await onBranch(api, 'pricing', [{path: ORDERS, content: changed}, {path: 'model/cubes/refunds.yml', content: 'cubes:\n  - name: refunds\n    sql_table: refunds\n'}]);
    const tui = renderApp(api, FILES, OPTS);
    let frame = await tui.waitForFrame(/▸ cubes\//);
    await tui.press('b');
    frame = await tui.waitForFrame('Browse which branch?');
    expect(frame.trimEnd().split('\n').at(-1)).not.toMatch(/branch \(deploy or shared\)|diff with a branch/);
    await cursorOn(tui, /›\s+main\s+deploy/);
    await tui.press('j');
    await cursorOn(tui, /›\s+pricing/);
    await tui.press('enter');
    frame = await tui.waitForFrame('branch pricing · read-only · 7 files');
    expect(frame).toContain('Files · sandbox-01 · pricing');
    await tui.press('j', 'enter');
    await tui.waitForFrame(/refunds\.yml/);
    await tui.press('j', 'j', 'j', 'j');
    await cursorOn(tui, /›\s+refunds\.yml/);
    await tui.press('d');
    await tui.waitForFrame(/Diff model\/cubes\/refunds\.yml on pricing against which branch\?/);
    await cursorOn(tui, /›\s+main\s+deploy/);
    await tui.press('enter');
    frame = await tui.waitForFrame('(deleted)');
    expect(frame).toContain('model/cubes/refunds.yml (deleted)');
    expect(frame).toContain('-  - name: refunds');
  });

  it('t enters dev mode on the branch through the dev-mode screen', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, FILES, OPTS);
    await openOrders(tui);
    await tui.press('t');
    const frame = await tui.waitForFrame(/Entered dev mode: (dev-\S+) forked from main/);
    const fork = /Entered dev mode: (dev-\S+) forked/.exec(frame)![1]!;
    await tui.waitForFrame((f) => f.split('\n')[0]!.includes(`★ ${fork}`));
    expect((await getBuildStatus(api, D)).branchName).toBe(fork);
  });

  it('t while a dev session is open elsewhere keeps that session, says where it is, and a second t moves it', async () => {
    const {api} = await startDemo();
    const open = (await startDevMode(api, D, 'staging')).branchName!;
    const tui = renderApp(api, FILES, OPTS);
    await openOrders(tui);
    await tui.press('t');
    await tui.waitForFrame(`your session is on ${open}: t moves it to main`);
    expect((await getBuildStatus(api, D)).branchName).toBe(open);
    await tui.press('t');
    const frame = await tui.waitForFrame(/Entered dev mode: (dev-\S+) forked from main/);
    expect((await getBuildStatus(api, D)).branchName).toBe(/Entered dev mode: (dev-\S+) forked/.exec(frame)![1]);
  });

  it('a binary, a large and a missing file each say so', async () => {
    const {api} = await startDemo();
    const big = `cubes:\n${'  # padding line for a large file, not a real cube definition at all\n'.repeat(4_000)}`;
    await onBranch(api, 'odd', [
      {path: 'model/blob.yml', content: `\u0000\u0001PK\u0003\u0004${'\u0000'.repeat(40)}`},
      {path: 'model/big.yml', content: big},
      {path: 'model/title.yml', content: 'title: a line that retitles the terminal \u001b]0;pwned\u0007 if printed raw\n'},
    ]);
    const file = (path: string) => ({screen: 'file', params: {deploymentId: D, deploymentName: 'sandbox-01', fileBranch: 'odd', filePath: path}});
    let tui = renderApp(api, file('model/blob.yml'), OPTS);
    let frame = await tui.waitForFrame('looks like a binary file');
    expect(frame).toContain('model/blob.yml looks like a binary file (46 B): not shown as text');
    tui.unmount();

    tui = renderApp(api, file('model/big.yml'), OPTS);
    frame = await tui.waitForFrame(/large file \(\d+ KB, 4001 lines\): shown without colours/);
    const page = Number(/lines 1–(\d+) of 4001/.exec(frame)![1]);
    await tui.press('G');
    await tui.waitForFrame(`lines ${4001 - page + 1}–4001 of 4001`);
    tui.unmount();

    // Terminal escapes in a file are shown, inert.
    tui = renderApp(api, file('model/title.yml'), OPTS);
    frame = await tui.waitForFrame('retitles');
    expect(frame).toContain('terminal \\x1b]0;pwned\\x07 if printed raw');
    tui.unmount();

    tui = renderApp(api, {screen: 'file', params: {...file('model/gone.yml').params, fileBranch: 'main'}}, OPTS);
    frame = await tui.waitForFrame('is not on branch main');
    expect(frame).toContain('model/gone.yml is not on branch main');
  });

  it('nothing is writable: read-only mode hides t, and browsing and diffing send only reads', async () => {
    const {api} = await startDemo();
    await onBranch(api, 'pricing', [{path: ORDERS, content: changed}]);
    const spy = instrument(api);
    const tui = renderApp(spy.api, FILES, {...OPTS, readonly: true});
    const footer = (f: string) => f.split('\n').find((l) => l.includes('q quit')) ?? '';
    let frame = await tui.waitForFrame(/▸ cubes\//);
    expect(footer(frame)).not.toMatch(/t\s+enter dev mode/);
    await tui.press('t');
    await tui.waitForFrame('read-only session: t enter dev mode on this branch is not available');
    frame = await openOrders(tui);
    expect(footer(frame)).not.toMatch(/t\s+enter dev mode/);
    await tui.press('t', 'e', 'D', 'n');
    await tui.press('d');
    await tui.waitForFrame(/against which branch\?/);
    await cursorOn(tui, /›\s+pricing/);
    await tui.press('enter');
    await tui.waitForFrame(/\+ {8}sql: amount_cents/);
    expect(tui.lastFrame()).not.toContain('Dev mode');
    expect(spy.calls.length).toBeGreaterThan(0);
    expect(spy.calls.filter((c) => !c.startsWith('GET '))).toEqual([]);
    expect((await getBuildStatus(api, D)).mode).not.toBe('dev_mode');
  });

  it('the overview opens it with f', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'deployment', params: {deploymentId: D, deploymentName: 'sandbox-01'}}, OPTS);
    await tui.waitForFrame(/sandbox-01/);
    await tui.press('f');
    await tui.waitForFrame('branch main (deploy branch) · read-only');
  });

  it('a hostile server cannot drive the terminal through branch names, paths or content', async () => {
    const {api} = await startDemo();
    const ESC = '\u001b';
    const evil = (what: string) => `${what}${ESC}]0;pwned\u0007${ESC}[2J\u009b1m\u202e`;
    const swap = (v: unknown): unknown =>
      JSON.parse(
        JSON.stringify(v ?? null)
          .replaceAll('staging', JSON.stringify(evil('stg')).slice(1, -1))
          .replaceAll('orders.yml', JSON.stringify(evil('orders.yml')).slice(1, -1))
          .replaceAll('sql_table: orders', JSON.stringify(evil('sql_table: x')).slice(1, -1)),
      );
    const wrap = (method: string) => async (path: string, options?: RequestOptions) => swap(await api.request(method, path, options));
    const hostile: Api = {...api, get: wrap('GET'), post: wrap('POST'), put: wrap('PUT'), patch: wrap('PATCH'), delete: wrap('DELETE'), request: (m, p, o) => wrap(m)(p, o)};
    const tui = renderApp(hostile, FILES, OPTS);
    await tui.waitForFrame(/▸ cubes\//);
    await tui.press('j', 'enter');
    await tui.waitForFrame('orders.yml\\x1b]0;pwned');
    await tui.press('j', 'j');
    await cursorOn(tui, /›\s+orders\.yml/);
    await tui.press('enter');
    await tui.waitForFrame('sql_table: x\\x1b]0;pwned');
    await tui.press('d');
    await tui.waitForFrame(/against which branch\?/);
    await cursorOn(tui, /›\s+stg/);
    await tui.press('enter');
    // The service knows no such branch: the refusal names it, inert.
    await tui.waitForFrame(/could not read model\/cubes\/orders\.yml\\x1b\]0;pwned\S* on stg\\x1b\]0;pwned/);
    const all = tui.frames.join('');
    for (const raw of [`${ESC}]0;`, `${ESC}[2J`, '\u009b', '\u202e', '\u0007']) expect(all.includes(raw), JSON.stringify(raw)).toBe(false);
  });
});
