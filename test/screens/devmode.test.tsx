import {describe, expect, it} from 'vitest';
import {getBuildStatus} from '../../src/api/builds.js';
import type {Api} from '../../src/api/client.js';
import {createBranch, startDevMode} from '../../src/api/dataModel.js';
import {listDevFiles} from '../../src/queries/dataModel.js';
import {ApiError} from '../../src/api/errors.js';
import {editorCommand} from '../../src/ui/hooks/useExternal.js';
import {refusal} from '../../screens/branches/advice.js';
import {DEMO_MODEL_FILES} from '../../src/server/engines/sample/demoModel.js';
import {scriptedEditorPerTest} from '../helpers/scriptedEditor.js';
import {cursorOn, instrument, renderApp, startDemo, typeAfter} from '../helpers/screenApp.js';

// A sandbox deployment: just the starter branches. The featured deployment 1 also carries the seed's dev-mode
// branch and dbt sync branches, which would change which branch the screen offers first.
const D = '4';
const DEV = {screen: 'dev', params: {deploymentId: D, deploymentName: 'sandbox-01'}};
const OPTS = {columns: 160, rows: 40, liveScale: 0.1};
const ORDERS = 'model/cubes/orders.yml';
const original = DEMO_MODEL_FILES.find((f) => f.path === ORDERS)!.content;
const broken = original.replace('type: sum\n', 'type: summ\n');
const fixed = `# reviewed in svc ui\n${original}`;
const BUILD_MS = 6_000;
const LEAVE_ALT = '\x1b[?1049l';
const ENTER_ALT = '\x1b[?1049h';

const {nextEdit, seen, calls: editorCalls} = scriptedEditorPerTest('svc-devmode-test-');
const fileOn = async (api: Api, branch: string, path: string) => (await listDevFiles(api, D, branch)).find((f) => f.path === path)?.content;

describe('DevModeScreen', () => {
  it('guides the whole workflow: branch → dev mode → $EDITOR → validate → fix → commit → merge → exit', async () => {
    const {api, clock} = await startDemo();
    const spy = instrument(api);
    const tui = renderApp(spy.api, DEV, OPTS);

    // 1. pick a branch
    let frame = await tui.waitForFrame('Not in dev mode');
    expect(frame).toContain('Dev mode · sandbox-01');
    // The highlighted row is the pick: the deploy branch comes first.
    await tui.waitForFrame(/› main\s+deploy/);
    frame = await tui.waitForFrame(/✓ branch › ● dev mode › ○ edit › ○ validate › ○ commit › ○ merge › ○ exit/);
    expect(frame).toContain('Next: Enter or t enters dev mode on main (your own dev-… fork of it) · n creates a new branch');
    await tui.press('j');
    await cursorOn(tui, /›\s+staging\s+shared\s+main/);
    frame = await tui.waitForFrame('Next: Enter or t enters dev mode on staging');
    expect(frame).toMatch(/✓ branch › ● dev mode/);

    // 2. enter dev mode: the fork's name in the flash, the bar and the header
    await tui.press('t');
    frame = await tui.waitForFrame(/Entered dev mode: (dev-\S+) forked from staging/);
    const fork = /Entered dev mode: (dev-\S+) forked/.exec(frame)![1]!;
    await tui.waitForFrame(new RegExp(`★ ${fork} forked from staging`));
    frame = await tui.waitForFrame((f) => f.split('\n')[0]!.includes(`★ ${fork}`));
    expect(frame).toMatch(/✓ branch › ✓ dev mode › ● edit › ○ validate/);
    expect(frame).toContain('Next: e or Enter opens the selected file in $EDITOR');
    frame = await tui.waitForFrame(/FILE\s+CHANGE\s+STATUS/);
    expect(frame).toContain(ORDERS);

    // 3. open a file in $EDITOR: unchanged → nothing sent
    for (let i = 0; i < 50 && !/›\s+model\/cubes\/orders\.yml/.test(tui.lastFrame()); i++) await tui.press('j');
    await cursorOn(tui, /›\s+model\/cubes\/orders\.yml/);
    const framesBefore = tui.frames.length;
    await tui.press('e');
    await tui.waitForFrame(`No changes to ${ORDERS}`);
    expect(seen()).toBe(original);
    expect(spy.count(/^PUT/)).toBe(0);
    // Ink was suspended around the editor: the alternate screen left, then re-entered with a full repaint.
    const written = tui.frames.slice(framesBefore).join('');
    expect(written.indexOf(LEAVE_ALT)).toBeGreaterThanOrEqual(0);
    expect(written.indexOf(ENTER_ALT)).toBeGreaterThan(written.indexOf(LEAVE_ALT));

    // 4. an edit that breaks the model is saved to the fork
    nextEdit(broken);
    await tui.press('e');
    frame = await tui.waitForFrame(`Saved ${ORDERS} to ${fork}`);
    expect(await fileOn(api, fork, ORDERS)).toBe(broken);
    expect(await fileOn(api, 'staging', ORDERS)).toBe(original);
    frame = await tui.waitForFrame(/model\/cubes\/orders\.yml\s+~ changed\s+✎ saved/);
    expect(frame).toMatch(/✓ edit › ● validate/);
    expect(frame).toContain(`Next: V validates ${fork}`);

    // 5. validate: the errors, per file
    await tui.press('V');
    frame = await tui.waitForFrame('2 errors in 2 files');
    // Each error is a row right under its file.
    expect(frame).toMatch(/model\/cubes\/orders\.yml\s+~ changed\s+✗ 1 error\s*\n\s+✗ line \d+: cube "orders": measure "total_amount": unknown type "summ"/);
    expect(frame).toContain('model/views/customers.yml');
    expect(frame).toContain('Next: fix the errors below: e opens the file, then V again');

    // 6. fix it in the editor (it gets the broken content) and validate again
    nextEdit(fixed);
    await tui.press('e');
    await tui.waitForFrame(`Saved ${ORDERS} to ${fork}`);
    expect(seen()).toBe(broken);
    await tui.waitForFrame((f) => !f.includes('✗ 1 error'));
    await tui.press('V');
    frame = await tui.waitForFrame(`${fork} is valid (4 cubes)`);
    expect(frame).toMatch(/model\/cubes\/orders\.yml\s+~ changed\s+✓ valid, saved/);
    expect(frame).toMatch(/✓ validate › ● commit/);
    expect(frame).toContain('Next: c commits your changes to staging');

    // 7. commit to the parent branch
    await tui.press('c');
    await typeAfter(tui, `Commit ${fork} to staging`, 'enter');
    frame = await tui.waitForFrame(`Committed ${fork} to staging`);
    expect(await fileOn(api, 'staging', ORDERS)).toBe(fixed);
    expect(frame).toMatch(/✓ commit › ● merge/);
    expect(frame).toContain('Next: m merges staging into main (rebuilds production)');

    // 8. merge to default, confirmed; the production rebuild shows live
    await tui.press('m');
    await tui.waitForFrame('Merge staging into main?');
    await tui.press('y');
    frame = await tui.waitForFrame('Merged staging into main; production is rebuilding');
    await tui.waitForFrame(/production ● (queued|building)/);
    expect(await fileOn(api, 'main', ORDERS)).toBe(fixed);
    clock.advance(BUILD_MS);
    frame = await tui.waitForFrame('production ✓ built');
    expect(frame).toMatch(/✓ merge › ● exit/);
    expect(frame).toContain(`Next: t leaves dev mode (${fork} stays until deleted)`);

    // 9. exit dev mode: the header's ★ goes, the guide starts over
    await tui.press('t');
    frame = await tui.waitForFrame(`Left dev mode; ${fork} stays`);
    frame = await tui.waitForFrame((f) => f.includes('Not in dev mode') && !f.includes('★'));
    expect(frame).toMatch(/✓ branch › ● dev mode › ○ edit/);
    expect(frame).toMatch(new RegExp(`${fork}\\s+dev\\s+staging`));
    expect((await getBuildStatus(api, D)).mode).toBe('production');
    expect(editorCalls()).toHaveLength(3);
  });

  it('arriving from Branches (d) offers that branch first; n creates a branch and enters dev mode on it', async () => {
    const {api} = await startDemo();
    await createBranch(api, D, {name: 'feature-x'});
    const tui = renderApp(api, {screen: 'branches', params: DEV.params}, OPTS);
    await tui.waitForFrame('[3]');
    await tui.press('j');
    await cursorOn(tui, /›\s+├─ feature-x/);
    await tui.press('d');
    await tui.waitForFrame('Next: Enter or t enters dev mode on feature-x');
    let frame = await tui.waitForFrame(/› feature-x\s+shared/);
    expect(frame).toContain('Dev mode · sandbox-01');
    await tui.press('n');
    await typeAfter(tui, 'New branch from main, then dev mode on it', 'feature-y', 'enter');
    frame = await tui.waitForFrame(/Created feature-y and entered dev mode: dev-\S+ forked from it/);
    expect(frame).toMatch(/★ dev-\S+ forked from feature-y/);
  });

  it('Enter on another branch while in dev mode is about that branch: one t moves the session there', async () => {
    const {api} = await startDemo();
    await createBranch(api, D, {name: 'feature-x'});
    const old = (await startDevMode(api, D, 'main')).branchName!;
    const spy = instrument(api);
    const tui = renderApp(spy.api, {screen: 'branches', params: DEV.params}, OPTS);
    await tui.waitForFrame('[4]');
    await tui.press('j', 'j');
    await cursorOn(tui, /›\s+├─ feature-x/);
    await tui.press('enter');
    let frame = await tui.waitForFrame(`Next: your session is on ${old}: Enter or t moves it to feature-x`);
    // Not the old session's files: the branches to enter, feature-x first.
    expect(frame).toMatch(/› feature-x\s+shared/);
    expect(frame).not.toContain('model/cubes/orders.yml');
    expect(frame).toContain(`★ ${old} forked from main`);
    await tui.press('t');
    frame = await tui.waitForFrame(/Entered dev mode: (dev-\S+) forked from feature-x/);
    const fork = /Entered dev mode: (dev-\S+) forked/.exec(frame)![1]!;
    expect((await getBuildStatus(api, D)).branchName).toBe(fork);
    expect(spy.count(/^DELETE .*dev-mode/)).toBe(0);
    await tui.waitForFrame(/model\/cubes\/orders\.yml/);
  });

  it('a session on a shared branch cannot take files: it says to enter dev mode on it first (t), and t does', async () => {
    const {api} = await startDemo();
    await createBranch(api, D, {name: 'feature-x', enterDevMode: true});
    const spy = instrument(api);
    const tui = renderApp(spy.api, DEV, OPTS);
    let frame = await tui.waitForFrame('Next: feature-x is not a dev-… branch: t enters dev mode on it');
    expect(frame).toMatch(/✓ branch › ● dev mode/);
    await tui.press('n');
    await typeAfter(tui, 'New file on feature-x', 'model/cubes/new.yml', 'enter');
    frame = await tui.waitForFrame('feature-x is not a dev-mode branch');
    expect(frame).toContain('enter dev mode on it first (t)');
    expect(spy.count(/^PUT/)).toBe(0);
    expect(editorCalls()).toHaveLength(0);
    await tui.press('t');
    frame = await tui.waitForFrame(/Entered dev mode: dev-\S+ forked from feature-x/);
    expect(frame).toMatch(/● edit/);
  });

  it('n creates a file through $EDITOR on the fork', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, DEV, OPTS);
    await cursorOn(tui, /› main\s+deploy/);
    await tui.press('t');
    const frame = await tui.waitForFrame(/Entered dev mode: (dev-\S+) forked from main/);
    const fork = /Entered dev mode: (dev-\S+) forked/.exec(frame)![1]!;
    const content = 'cubes:\n  - name: notes\n    sql_table: public.notes\n    measures:\n      - name: count\n        type: count\n';
    nextEdit(content);
    await tui.press('n');
    // The folder is a pre-filled default: the user types the rest.
    await tui.waitForFrame(/Path: model\/cubes\/ /);
    await typeAfter(tui, `New file on ${fork}`, 'notes.yml', 'enter');
    await tui.waitForFrame(`Saved model/cubes/notes.yml to ${fork}`);
    // The cursor lands on the new file.
    await tui.waitForFrame(/› model\/cubes\/notes\.yml\s+\+ new\s+✎ saved/);
    expect(seen()).toContain('cubes:');
    expect(await fileOn(api, fork, 'model/cubes/notes.yml')).toBe(content);
  });

  it('an editor that fails leaves the file alone and says so', async () => {
    const {api} = await startDemo();
    const spy = instrument(api);
    const tui = renderApp(spy.api, DEV, OPTS);
    await cursorOn(tui, /› main\s+deploy/);
    await tui.press('t');
    await tui.waitForFrame(/FILE\s+CHANGE\s+STATUS/);
    await cursorOn(tui, /› model\/cubes\/line_items\.yml/);
    process.env.EDITOR = 'false';
    await tui.press('e');
    await tui.waitForFrame('editor failed: false exited with 1');
    expect(spy.count(/^PUT/)).toBe(0);
  });
});

describe('dev-mode helpers', () => {
  it('the editor is $VISUAL, then $EDITOR, then vi', () => {
    expect(editorCommand({VISUAL: 'code --wait', EDITOR: 'nano'})).toBe('code --wait');
    expect(editorCommand({VISUAL: ' ', EDITOR: 'nano'})).toBe('nano');
    expect(editorCommand({})).toBe('vi');
  });

  it('turns a refusal the UI can help with into its reason and a key; others stay whole', () => {
    const notDev = new ApiError(400, 'PUT', '/x', 'Branch staging is not a dev-mode branch: file writes land only on personal dev-… branches. Run svc data-model dev-mode 1 staging to fork one');
    expect(refusal('could not save a.yml', notDev, 'branches')).toBe('could not save a.yml: Branch staging is not a dev-mode branch — enter dev mode on it first (d)');
    expect(refusal('could not save a.yml', notDev, 'dev')).toBe('could not save a.yml: Branch staging is not a dev-mode branch — enter dev mode on it first (t)');
    expect(refusal('could not delete x', new ApiError(404, 'DELETE', '/x', 'branch x not found in deployment 1'), 'branches')).toBe('could not delete x: branch x not found in deployment 1');
  });
});
