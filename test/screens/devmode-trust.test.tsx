// Dev mode cannot lose work or ship a broken model: the editor's result is kept whatever happens, an unvalidated
// or failing model is not committed or merged by a default Enter, the guide keeps its progress across screens
// and restarts, errors lead to their files, and the lazygit habits (diff, discard, delete, rename, re-opening
// your own fork) work against the real service.
import {existsSync, readFileSync, rmSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import type {Api} from '../../src/api/client.js';
import {listBranches, putFiles} from '../../src/api/dataModel.js';
import {ApiError} from '../../src/api/errors.js';
import {listDevFiles} from '../../src/queries/dataModel.js';
import {DEMO_MODEL_FILES} from '../../src/server/engines/sample/demoModel.js';
import type {Tui} from '../helpers/renderTui.js';
import {scriptedEditorPerTest} from '../helpers/scriptedEditor.js';
import {cursorOn, instrument, renderApp, startDemo, typeAfter} from '../helpers/screenApp.js';

// A sandbox deployment: just the starter branches. The featured deployment 1 also carries the seed's dbt sync
// branches and the admin's seeded dev branch, which change the picker's first row and the admin's forks.
const D = '4';
const DEV = {screen: 'dev', params: {deploymentId: D, deploymentName: 'sandbox-01'}};
// Polling at the product's pace: the service's clock never moves here, so a poll brings what the screen shows
// already; every change a test waits for comes from its own keys or editor, which refetch.
const OPTS = {columns: 160, rows: 40};
const ORDERS = 'model/cubes/orders.yml';
const CUSTOMERS = 'model/views/customers.yml';
const original = DEMO_MODEL_FILES.find((f) => f.path === ORDERS)!.content;
const broken = original.replace('type: sum\n', 'type: summ\n');

const editor = scriptedEditorPerTest('svc-devtrust-');
const {nextEdit, seen, calls} = editor;
const fileOn = async (api: Api, branch: string, path: string) => (await listDevFiles(api, D, branch)).find((f) => f.path === path)?.content;

/** Enters dev mode on the highlighted branch (main unless moved) and returns the fork's name. */
async function enter(tui: Tui, from: RegExp = /› main\s+deploy/): Promise<string> {
  await cursorOn(tui, from);
  await tui.press('t');
  const frame = await tui.waitForFrame(/(Entered dev mode: |Back on your fork )(dev-\S+)/);
  await tui.waitForFrame(/FILE\s+CHANGE\s+STATUS/);
  return /(dev-[a-z0-9-]+)/.exec(frame.split('\n').find((l) => /Entered dev mode|Back on your fork/.test(l))!)![1]!;
}

/** Moves to `row` from the top, one row at a time, each time waiting for the cursor to move. */
async function toRow(tui: Tui, row: RegExp): Promise<void> {
  const cursorLine = (f: string) => f.split('\n').find((l) => l.startsWith('›'));
  if (!row.test(tui.lastFrame())) {
    await tui.press('g');
    await tui.waitForFrame((f) => cursorLine(f) !== undefined && /FILE\s+CHANGE/.test(f));
  }
  for (let i = 0; i < 20 && !row.test(tui.lastFrame()); i++) {
    const before = cursorLine(tui.lastFrame());
    await tui.press('j');
    await tui.waitForFrame((f) => cursorLine(f) !== before || row.test(f));
  }
  await cursorOn(tui, row);
}

/** On `fork`, saves the broken orders.yml through the editor and, with 'validate', validates it to its two errors. */
async function saveBrokenOrders(tui: Tui, fork: string, then?: 'validate'): Promise<void> {
  await toRow(tui, /› model\/cubes\/orders\.yml/);
  nextEdit(broken);
  await tui.press('e');
  await tui.waitForFrame(`Saved ${ORDERS} to ${fork}`);
  if (then !== 'validate') return;
  await tui.press('V');
  await tui.waitForFrame('2 errors in 2 files');
}

describe('dev mode: the editor', () => {
  it('keeps the service in this process answering while the editor is open', async () => {
    const demo = await startDemo();
    editor.use(`curl -s -m 4 -o /dev/null -w '%{http_code}' "${demo.svc.url}/build/api/v1/deployments" > "${editor.dir()}/code.txt"`);
    const tui = renderApp(demo.api, DEV, OPTS);
    await enter(tui);
    await tui.press('e');
    await tui.waitForFrame(/No changes to model\/cubes\/line_items\.yml/);
    // spawnSync would block the event loop: curl would time out (000) instead of getting an answer.
    expect(readFileSync(join(editor.dir(), 'code.txt'), 'utf8')).toMatch(/^[1-5]\d\d$/);
  });

  it('an editor that exits non-zero still has what it left saved, and says how it ended', async () => {
    const {api} = await startDemo();
    editor.use(`cp "${editor.dir()}/next.txt" "$1"; exit 3`);
    const tui = renderApp(api, DEV, OPTS);
    const fork = await enter(tui);
    await toRow(tui, /› model\/cubes\/orders\.yml/);
    nextEdit(broken);
    await tui.press('e');
    await tui.waitForFrame(`Saved ${ORDERS} to ${fork} (${process.env.EDITOR} exited with 3; saved what it left)`);
    expect(await fileOn(api, fork, ORDERS)).toBe(broken);
    // The temp file is gone once the service has the content.
    expect(existsSync(calls()[0]!)).toBe(false);
  });

  it('an editor ended by a signal still has what it left saved', async () => {
    const {api} = await startDemo();
    editor.use(`cp "${editor.dir()}/next.txt" "$1"; kill -TERM $$`);
    const tui = renderApp(api, DEV, OPTS);
    const fork = await enter(tui);
    await toRow(tui, /› model\/cubes\/orders\.yml/);
    nextEdit(broken);
    await tui.press('e');
    await tui.waitForFrame(`Saved ${ORDERS} to ${fork} (${process.env.EDITOR} was ended by SIGTERM; saved what it left)`);
    expect(await fileOn(api, fork, ORDERS)).toBe(broken);
  });

  it('when the save fails the edit is kept in the temp file and the flash says where', async () => {
    const {api} = await startDemo();
    // The service refuses the write (its disk is full, say).
    let failPut = false;
    const flaky: Api = {...api, put: (path, options) => (failPut ? Promise.reject(new ApiError(507, 'PUT', path, 'no space left for the file')) : api.put(path, options))};
    const tui = renderApp(flaky, DEV, OPTS);
    const fork = await enter(tui);
    await toRow(tui, /› model\/cubes\/orders\.yml/);
    nextEdit(broken);
    failPut = true;
    await tui.press('e');
    const frame = await tui.waitForFrame(/could not save model\/cubes\/orders\.yml: .* — your edit is kept in (\S+)/);
    const kept = /your edit is kept in (\S+)/.exec(frame.replace(/\n\s*/g, ' '))![1]!;
    expect(kept).toBe(calls()[0]);
    expect(readFileSync(kept, 'utf8')).toBe(broken);
    expect(await fileOn(api, fork, ORDERS)).toBe(original);
    rmSync(join(kept, '..'), {recursive: true, force: true});
  });
});

describe('dev mode: no broken model by a default Enter', () => {
  it('c after a failed validation on the deploy branch asks first (default No), says it rebuilds production, and Enter commits nothing', async () => {
    const {api} = await startDemo();
    const spy = instrument(api);
    const tui = renderApp(spy.api, DEV, OPTS);
    const fork = await enter(tui);
    await saveBrokenOrders(tui, fork);

    // Not validated since the edit: asks.
    await tui.press('c');
    let frame = await tui.waitForFrame(`Commit anyway? ${fork} was not validated since the last edit`);
    expect(frame).toContain('Committing to main rebuilds production with this model.');
    expect(frame).toMatch(/ Commit anyway\s+› No/);
    await tui.press('escape');
    await tui.waitForFrame((f) => !f.includes('Commit anyway?'));

    await tui.press('V');
    await tui.waitForFrame('2 errors in 2 files');
    await tui.press('c');
    frame = await tui.waitForFrame(`Commit anyway? the last validation of ${fork} failed (2 errors)`);
    await tui.press('enter');
    await tui.waitForFrame((f) => !f.includes('Commit anyway?'));
    expect(spy.count(/^POST .*\/commit/)).toBe(0);
    expect(await fileOn(api, 'main', ORDERS)).toBe(original);

    // y goes on to the message, which again says what a commit to the deploy branch does.
    await tui.press('c');
    await tui.waitForFrame('Commit anyway?');
    await tui.press('y');
    frame = await tui.waitForFrame(`Commit ${fork} to main — the deploy branch: this rebuilds production`);
    await tui.press('escape');
    expect(spy.count(/^POST .*\/commit/)).toBe(0);
  });

  it('m after a failed validation says so and defaults to No', async () => {
    const {api} = await startDemo();
    const spy = instrument(api);
    const tui = renderApp(spy.api, DEV, OPTS);
    await tui.waitForFrame(/› main\s+deploy/);
    await tui.press('j');
    const fork = await enter(tui, /›\s+staging\s+shared/);
    await saveBrokenOrders(tui, fork, 'validate');
    await tui.press('m');
    const frame = await tui.waitForFrame(`Merge staging into main? the last validation of ${fork} failed (2 errors)`);
    expect(frame).toMatch(/ Merge anyway\s+› No/);
    await tui.press('enter');
    await tui.waitForFrame((f) => !f.includes('Merge staging into main?'));
    expect(spy.count(/merge-to-default/)).toBe(0);
  });
});

describe('dev mode: the guide belongs to the dev branch', () => {
  it('survives opening the build and coming back, and is rebuilt from the service after a restart', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, DEV, OPTS);
    const fork = await enter(tui);
    await saveBrokenOrders(tui, fork, 'validate');
    await tui.press('b');
    await tui.waitForFrame((f) => !f.includes('FILE') && f.includes(fork));
    await tui.press('escape');
    let frame = await tui.waitForFrame(/FILE\s+CHANGE\s+STATUS/);
    frame = await tui.waitForFrame(/model\/cubes\/orders\.yml\s+~ changed\s+✗ 1 error/);
    expect(frame).toMatch(/✓ edit › ● validate/);
    expect(frame).toContain('Next: fix the errors below');
    expect(frame).toContain('2 errors in 2 files');

    // A new console (new process): the session comes from the service, the edit from the diff against main.
    tui.unmount();
    const again = renderApp(api, DEV, OPTS);
    frame = await again.waitForFrame(/model\/cubes\/orders\.yml\s+~ changed/);
    expect(frame).toContain(`★ ${fork} forked from main`);
    expect(frame).toMatch(/✓ edit › ● validate/);
    expect(frame).toContain(`Next: V validates ${fork}`);
  });
});

describe('dev mode: progress per dev branch', () => {
  it('another dev branch has its own guide; coming back to the first finds its validation where it was', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, DEV, OPTS);
    const first = await enter(tui);
    await saveBrokenOrders(tui, first, 'validate');
    await tui.press('t');
    await tui.waitForFrame('Not in dev mode');
    await tui.waitForFrame(/› main\s+deploy/);
    await tui.press('j');
    const second = await enter(tui, /›\s+staging\s+shared/);
    expect(second).not.toBe(first);
    let frame = await tui.waitForFrame(/✓ dev mode › ● edit/);
    expect(frame).not.toContain('✗ 1 error');
    await tui.press('t');
    await tui.waitForFrame('Not in dev mode');
    await tui.press('g');
    await tui.waitForFrame(/› main\s+deploy/);
    await tui.press('t');
    await tui.waitForFrame(`Back on your fork ${first} of main`);
    frame = await tui.waitForFrame(/orders\.yml\s+~ changed\s+✗ 1 error/);
    expect(frame).toContain('2 errors in 2 files');
    expect(frame).toContain('Next: fix the errors below');
  });
});

describe('dev mode: errors lead to their files', () => {
  it('after a failed validation the cursor is on the first file with an error; e opens it; Enter on each error row opens its file', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, DEV, OPTS);
    const fork = await enter(tui);
    await putFiles(api, D, [{path: ORDERS, content: broken}], {branchName: fork});
    // Written behind the console's back: r shows it.
    await tui.press('r');
    await tui.waitForFrame(/orders\.yml\s+~ changed/);
    await cursorOn(tui, /› model\/cubes\/line_items\.yml/);
    await tui.press('V');
    await tui.waitForFrame('2 errors in 2 files');
    await cursorOn(tui, /› model\/cubes\/orders\.yml\s+~ changed\s+✗ 1 error/);
    await tui.press('e');
    await tui.waitForFrame(`No changes to ${ORDERS}`);
    expect(seen()).toBe(broken);
    await tui.press('j');
    await cursorOn(tui, /›\s+✗ line \d+: cube "orders"/);
    await tui.press('enter');
    await tui.waitForFrame((f) => calls().length === 2 && f.includes(`No changes to ${ORDERS}`));
    expect(calls()[1]).toMatch(/orders\.yml$/);
    await toRow(tui, /›\s+✗ line \d+: view "customers"|›\s+✗ .*customers/);
    await tui.press('enter');
    await tui.waitForFrame(`No changes to ${CUSTOMERS}`);
    expect(calls()[2]).toMatch(/customers\.yml$/);
  });
});

describe('dev mode: lazygit habits', () => {
  it('v shows a coloured, scrollable diff of the file against the parent; A the whole branch; Esc closes', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, DEV, {...OPTS, rows: 24});
    const fork = await enter(tui);
    await putFiles(api, D, [{path: ORDERS, content: broken}, {path: 'model/cubes/extra.yml', content: 'cubes: []\n'}], {branchName: fork});
    await tui.press('r');
    await tui.waitForFrame(/orders\.yml\s+~ changed/);
    await toRow(tui, /› model\/cubes\/orders\.yml\s+~ changed/);
    await tui.press('v');
    let frame = await tui.waitForFrame(`${ORDERS}: ${fork} against main`);
    expect(frame).toMatch(/^@@ -\d+,7 \+\d+,7 @@/m);
    expect(frame).toMatch(/^-\s+type: sum$/m);
    expect(frame).toMatch(/^\+\s+type: summ$/m);
    await tui.press('escape');
    await tui.waitForFrame(/FILE\s+CHANGE\s+STATUS/);
    await tui.press('A');
    frame = await tui.waitForFrame(`${fork} against main: 2 files changed`);
    expect(frame).toContain('model/cubes/extra.yml (new file)');
    expect(frame).toMatch(/^\+cubes: \[\]$/m);
    const first = /lines 1–(\d+) of (\d+)/.exec(frame);
    if (first && Number(first[1]) < Number(first[2])) {
      await tui.press('G');
      await tui.waitForFrame(new RegExp(`lines \\d+–${first[2]} of ${first[2]}`));
    }
    await tui.press('escape');
    await tui.waitForFrame(/FILE\s+CHANGE\s+STATUS/);
  });

  it('d discards a file’s changes after asking (n keeps them); D deletes a file; R renames one and the cursor follows', async () => {
    const {api} = await startDemo();
    const spy = instrument(api);
    const tui = renderApp(spy.api, DEV, OPTS);
    const fork = await enter(tui);
    await putFiles(api, D, [{path: ORDERS, content: broken}], {branchName: fork});
    await tui.press('r');
    await tui.waitForFrame(/orders\.yml\s+~ changed/);
    await toRow(tui, /› model\/cubes\/orders\.yml\s+~ changed/);
    await tui.press('d');
    await tui.waitForFrame(`Discard the changes to ${ORDERS}?`);
    await tui.press('n');
    await tui.waitForFrame((f) => !f.includes('Discard the changes'));
    expect(await fileOn(api, fork, ORDERS)).toBe(broken);
    await tui.press('d');
    await tui.waitForFrame(`Discard the changes to ${ORDERS}?`);
    await tui.press('y');
    await tui.waitForFrame(`Discarded the changes to ${ORDERS}: it is as on main`);
    expect(await fileOn(api, fork, ORDERS)).toBe(original);
    await tui.waitForFrame((f) => !/orders\.yml\s+~ changed/.test(f));

    // Rename: the old path is the pre-filled, editable default.
    await tui.press('R');
    await typeAfter(tui, `Rename ${ORDERS}`, '\u0015', 'model/cubes/orders2.yml', 'enter');
    await tui.waitForFrame(`Renamed ${ORDERS} to model/cubes/orders2.yml`);
    await tui.waitForFrame(/› model\/cubes\/orders2\.yml\s+\+ new/);
    expect(await fileOn(api, fork, 'model/cubes/orders2.yml')).toBe(original);
    expect(await fileOn(api, fork, ORDERS)).toBeUndefined();

    // Delete asks first.
    await tui.press('D');
    await tui.waitForFrame(`Delete model/cubes/orders2.yml from ${fork}?`);
    await tui.press('enter');
    await tui.waitForFrame((f) => !f.includes('Delete model/cubes/orders2.yml'));
    expect(await fileOn(api, fork, 'model/cubes/orders2.yml')).toBe(original);
    await tui.press('D');
    await tui.waitForFrame(`Delete model/cubes/orders2.yml from ${fork}?`);
    await tui.press('y');
    await tui.waitForFrame(`Deleted model/cubes/orders2.yml from ${fork}`);
    expect(await fileOn(api, fork, 'model/cubes/orders2.yml')).toBeUndefined();
    // The deleted parent file shows as such; discarding brings it back.
    await toRow(tui, /› model\/cubes\/orders\.yml\s+- deleted/);
    await tui.press('d');
    await tui.press('y');
    await tui.waitForFrame(`Discarded the changes to ${ORDERS}`);
    expect(await fileOn(api, fork, ORDERS)).toBe(original);
  });

  it('t on the same branch again returns to your fork; T forks a fresh one', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, DEV, OPTS);
    const fork = await enter(tui);
    await tui.press('t');
    await tui.waitForFrame(`Left dev mode; ${fork} stays`);
    await tui.waitForFrame('Not in dev mode');
    await tui.waitForFrame(/› main\s+deploy/);
    await tui.press('t');
    let frame = await tui.waitForFrame(`Back on your fork ${fork} of main (T forks a fresh one)`);
    expect(frame).toContain(`★ ${fork} forked from main`);
    await tui.press('T');
    frame = await tui.waitForFrame(/Entered dev mode: (dev-\S+) forked from main/);
    const fresh = /Entered dev mode: (dev-\S+) forked/.exec(frame)![1]!;
    expect(fresh).not.toBe(fork);
    expect((await listBranches(api, D)).filter((b) => b.name.startsWith('dev-')).map((b) => b.name).sort()).toEqual([fork, fresh].sort());
  });

  it('help says "(asks first)" only on keys that ask', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, DEV, {...OPTS, rows: 60});
    await tui.waitForFrame(/› main\s+deploy/);
    await tui.press('?');
    const frame = await tui.waitForFrame(/enter\/leave dev mode/);
    const line = (text: string) => frame.split('\n').find((l) => l.includes(text)) ?? '';
    expect(line('enter/leave dev mode')).not.toContain('asks first');
    expect(line('edit in $EDITOR')).not.toContain('asks first');
    expect(line('fresh fork')).not.toContain('asks first');
    expect(line('  c ')).toContain('(asks first)');
    expect(line("discard the selected file's changes")).toContain('(asks first)');
  });
});
