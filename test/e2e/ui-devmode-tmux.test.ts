// Dev mode in a real terminal (tmux, the built `svc ui --local`, $EDITOR a script): ctrl+c inside an editor that
// ignores SIGINT keeps the console alive and the edit saved; a broken model is not committed to the deploy
// branch by c + Enter; the guide survives a visit to the build screen; and the whole guided flow runs from the
// keyboard only. With SVC_CAPTURE_DIR set, the flow test also writes text captures there.
// Each test writes to the local service (a dev fork at least), so q asks before deleting the demo data and y quits.
import {rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {DEMO_MODEL_FILES} from '../../src/server/engines/sample/demoModel.js';
import {hasTmux, type Pane, quitLocal, tmuxSuite} from '../helpers/tmux.js';

const term = tmuxSuite('svc-dev-e2e');
const ORDERS = 'model/cubes/orders.yml';
const original = DEMO_MODEL_FILES.find((f) => f.path === ORDERS)!.content;
const broken = original.replace('type: sum\n', 'type: summ\n');
const fixed = `# reviewed in svc ui\n${original}`;

/**
 * The editor: says which file it got, holds (ignoring SIGINT) while `hold` exists until `go` appears, then puts
 * next.txt in place when there is one.
 */
function editorScript(): string {
  const work = term.work;
  return term.script(
    'editor.sh',
    [
      '#!/bin/sh',
      "trap '' INT",
      'echo "EDITING $1"',
      `if [ -f "${work}/hold" ]; then while [ ! -f "${work}/go" ]; do sleep 0.1; done; rm -f "${work}/hold" "${work}/go"; fi`,
      `if [ -f "${work}/next.txt" ]; then cp "${work}/next.txt" "$1"; rm -f "${work}/next.txt"; fi`,
      '',
    ].join('\n'),
  );
}

/**
 * `svc ui --local` in a 120×30 pane with the editor script as $EDITOR; the service four times faster than real time
 * (production's rebuild after the merge takes 1.5 s instead of 6 s: the flow is about the keys, not the build).
 */
const open = (): Pane => term.open({args: '--local --speed 4', rows: 30, env: {EDITOR: editorScript()}, unset: ['VISUAL']});

const nextEdit = (content: string) => writeFileSync(join(term.work, 'next.txt'), content);

/** Deployments → analytics-prod → dev mode → t on main; returns the fork. */
async function devModeOnMain(ui: Pane): Promise<string> {
  await ui.waitFor(/Deployments \[\d+\]/);
  await ui.keys('/', 'analytics', 'Enter', 'Enter');
  await ui.waitFor('Deployment · analytics-prod');
  await ui.keys('d');
  await ui.waitFor(/› main\s+deploy/);
  await ui.keys('t');
  const text = await ui.waitFor(/Entered dev mode: (dev-\S+) forked from main/);
  return /Entered dev mode: (dev-\S+) forked/.exec(text)![1]!;
}

/** Moves down one row at a time, each time waiting for the cursor to move (a loaded machine repaints late). */
async function cursorTo(ui: Pane, row: RegExp): Promise<void> {
  const cursorLine = (text: string) => text.split('\n').find((l) => l.startsWith('›'));
  await ui.waitFor((s) => cursorLine(s) !== undefined && /FILE\s+CHANGE/.test(s));
  for (let i = 0; i < 15 && !row.test(ui.screen()); i++) {
    const before = cursorLine(ui.screen());
    await ui.keys('j');
    await ui.waitFor((s) => cursorLine(s) !== before, 5000);
  }
  await ui.waitFor(row);
}

afterEach(() => {
  for (const f of ['hold', 'go', 'next.txt']) rmSync(join(term.work, f), {force: true});
});

describe.skipIf(!hasTmux)('dev mode in a real terminal', () => {
  it('ctrl+c inside an editor that ignores SIGINT keeps the console alive and saves the edit', async () => {
    const ui = open();
    const fork = await devModeOnMain(ui);
    await cursorTo(ui, /› model\/cubes\/orders\.yml/);
    writeFileSync(join(term.work, 'hold'), '');
    nextEdit(fixed);
    await ui.keys('e');
    await ui.waitFor(/EDITING \S+orders\.yml/);
    await ui.keys('C-c');
    await ui.keys('C-c');
    // The editor goes on once both have reached the terminal; a console they had ended would never say Saved.
    await ui.settle();
    writeFileSync(join(term.work, 'go'), '');
    let text = await ui.waitFor(`Saved ${ORDERS} to ${fork}`);
    expect(text).not.toContain('exit=');
    // The service has the edit: the diff against main shows the added line.
    await ui.keys('v');
    text = await ui.waitFor(`${ORDERS}: ${fork} against main`);
    expect(text).toContain('+# reviewed in svc ui');
    await ui.keys('Escape');
    await quitLocal(ui, true);
  }, 120_000);

  it('a broken model is not committed to the deploy branch by c + Enter; the guide survives the build screen', async () => {
    const ui = open();
    await ui.waitFor(/Deployments \[\d+\]/);
    await ui.keys('/', 'analytics', 'Enter', 'Enter');
    await ui.waitFor('Deployment · analytics-prod');
    await ui.keys('B');
    let text = await ui.waitFor(/main\s+deploy\s+—\s+\S+\s+[0-9a-f]{8}/);
    const hash = /main\s+deploy\s+—\s+\S+\s+([0-9a-f]{8})/.exec(text)![1]!;
    await ui.keys('Escape');
    await ui.keys('d');
    await ui.waitFor(/› main\s+deploy/);
    await ui.keys('t');
    text = await ui.waitFor(/Entered dev mode: (dev-\S+) forked from main/);
    const fork = /Entered dev mode: (dev-\S+) forked/.exec(text)![1]!;
    await cursorTo(ui, /› model\/cubes\/orders\.yml/);
    nextEdit(broken);
    await ui.keys('e');
    await ui.waitFor(`Saved ${ORDERS} to ${fork}`);
    await ui.keys('V');
    text = await ui.waitFor('2 errors in 2 files');

    // The guide survives the build screen.
    await ui.keys('b');
    await ui.waitFor(/Build · analytics-prod/);
    await ui.keys('Escape');
    text = await ui.waitFor(/orders\.yml\s+~ changed\s+✗ 1 error/);
    expect(text).toContain('2 errors in 2 files');
    expect(text).toMatch(/✓ edit › ● validate/);
    expect(text).toMatch(/› model\/cubes\/orders\.yml/);

    // c + Enter: the question defaults to No, nothing is committed.
    await ui.keys('c');
    text = await ui.waitFor(`Commit anyway? the last validation of ${fork} failed (2 errors)`);
    expect(text).toContain('Committing to main rebuilds production');
    await ui.keys('Enter');
    await ui.waitFor((s) => !s.includes('Commit anyway?'));
    expect(ui.screen()).not.toContain('Committed');
    await ui.keys('Escape', 'B');
    text = await ui.waitFor(/main\s+deploy\s+—\s+\S+\s+[0-9a-f]{8}/);
    expect(/main\s+deploy\s+—\s+\S+\s+([0-9a-f]{8})/.exec(text)![1]).toBe(hash);
    await quitLocal(ui, true);
  }, 120_000);

  it('the whole guided flow from the keyboard: branch → dev mode → edit → validate fails → fix → validate passes → commit → merge → exit', async () => {
    const capture = process.env.SVC_CAPTURE_DIR;
    const ui = open();
    await ui.waitFor(/Deployments \[\d+\]/);
    await ui.keys('/', 'analytics', 'Enter', 'Enter');
    await ui.waitFor('Deployment · analytics-prod');
    await ui.keys('d');
    await ui.waitFor(/● branch › ○ dev mode|✓ branch › ● dev mode/);

    // branch: n creates feature-orders from main and enters dev mode on it
    await ui.keys('n');
    await ui.waitFor('‹e.g. feature/orders›');
    await ui.keys('feature-orders', 'Enter');
    let text = await ui.waitFor(/Created feature-orders and entered dev mode: (dev-\S+) forked from it/);
    const fork = /entered dev mode: (dev-\S+) forked/.exec(text)![1]!;
    await ui.waitFor(/● edit/);

    // edit: a broken measure
    await cursorTo(ui, /› model\/cubes\/orders\.yml/);
    nextEdit(broken);
    await ui.keys('e');
    await ui.waitFor(`Saved ${ORDERS} to ${fork}`);

    // validate fails: the cursor is on the failing file
    await ui.keys('g', 'V');
    text = await ui.waitFor('2 errors in 2 files');
    text = await ui.waitFor(/› model\/cubes\/orders\.yml\s+~ changed\s+✗ 1 error/);
    if (capture) writeFileSync(join(capture, 'guide-failed.txt'), text);
    await ui.keys('v');
    text = await ui.waitFor(`${ORDERS}: ${fork} against feature-orders`);
    if (capture) writeFileSync(join(capture, 'diff.txt'), text);
    await ui.keys('Escape');

    // fix, validate passes
    nextEdit(fixed);
    await ui.keys('e');
    await ui.waitFor((s) => s.includes(`Saved ${ORDERS} to ${fork}`) && !s.includes('✗ 1 error'));
    await ui.keys('V');
    await ui.waitFor(`${fork} is valid`);

    // commit to feature-orders, then merge it into main and watch production rebuild
    await ui.keys('c');
    await ui.waitFor(`Commit ${fork} to feature-orders`);
    await ui.keys('Enter');
    await ui.waitFor(`Committed ${fork} to feature-orders`);
    await ui.keys('m');
    text = await ui.waitFor('Merge feature-orders into main?');
    expect(text).toMatch(/› No/);
    await ui.keys('y');
    await ui.waitFor('Merged feature-orders into main; production is rebuilding');
    await ui.waitFor('production ✓ built', 40_000);
    await ui.waitFor(/✓ merge › ● exit/);

    // exit dev mode, then the console
    await ui.keys('t');
    await ui.waitFor(`Left dev mode; ${fork} stays`);
    await quitLocal(ui, true);
    expect(ui.screen()).not.toContain('Dev mode');
  }, 180_000);
});
