// The built UI in a real terminal (tmux): open, list, filter, drill in, switch a version with confirmation,
// watch the rebuild go live, quit; and the terminal is restored after q, ctrl+c and SIGTERM.
import {execFileSync, spawnSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {hasTmux, tmuxSuite, type Pane} from '../helpers/tmux.js';
import {eventually} from '../helpers/eventually.js';

const term = tmuxSuite('svc-ui-e2e');

/** The console's node process: the child of the pane's shell, once the deployments list shows. */
async function openedProcess(): Promise<{ui: Pane; node: number}> {
  const ui = term.open();
  await ui.waitFor(/Deployments \[\d+\]/);
  const node = Number(execFileSync('pgrep', ['-P', String(ui.shellPid()), 'node'], {encoding: 'utf8'}).trim());
  return {ui, node};
}

/**
 * One whole frame at the top of the pane: header on line 1, one footer (a frame drawn off by a row leaves two).
 * The footer is the keys of what has focus (since 4a6d134): the screen's, with '? help', or a dialog's or field's,
 * ending in 'Esc …'; it is counted among the lines outside any dialog box, and there must be exactly one.
 */
function expectCleanFrame(text: string): void {
  const lines = text.split('\n');
  expect(lines[0]).toMatch(/^svc · local · 127\.0\.0\.1:\d+ · \S+@\S+/);
  const outsideDialogs = lines.filter((l) => !/^\s*[│╭╰]/.test(l));
  expect(outsideDialogs.filter((l) => /\? help|Esc \w+/.test(l)).length, `not one footer:\n${text}`).toBe(1);
}

describe.skipIf(!hasTmux)('svc ui in a real terminal', () => {
  it('lists, filters, opens versions, switches with confirmation, watches the build, quits restoring the terminal', async () => {
    const ui = term.open();
    let text = await ui.waitFor(/Deployments \[\d+\]/);
    expect(text).toContain('analytics-prod');
    expect(text).toContain('local');
    expect(text).toMatch(/› .*analytics-prod/);

    await ui.keys('/', 'analytics');
    text = await ui.waitFor('Deployments [1] /analytics');
    expect(text).not.toContain('sandbox-01');
    // The first Enter keeps the filter and leaves the text field; the second opens the row.
    await ui.keys('Enter', 'Enter');
    text = await ui.waitFor('Deployment · analytics-prod');
    expect(text).toContain('<Deployments> › <analytics-prod>');

    await ui.keys('v');
    text = await ui.waitFor(/Versions · analytics-prod \[\d+\]/);
    expectCleanFrame(text);
    await ui.keys('j', 's');
    text = await ui.waitFor(/Switch analytics-prod to version (\S+)/);
    const version = /Switch analytics-prod to version (\S+)/.exec(text)?.[1];
    expect(text).toMatch(/› No/);
    expectCleanFrame(text);
    await ui.keys('y');
    text = await ui.waitFor(`Switched analytics-prod to version ${version}`);
    // The rebuild is watched live: first in progress, then built, without a key press.
    // At speed 1 the rebuild takes about 6 s, so the screen must first show it in progress.
    text = await ui.waitFor(/Build · analytics-prod[\s\S]*Status: ● (queued|building|warmup)/);
    text = await ui.waitFor('Status: ✓ built', 30_000);
    expectCleanFrame(text);

    // The rebuild was a write to the local service, so q asks before the demo data is deleted (07f90de):
    // default No, n stays, y quits.
    await ui.keys('q');
    text = await ui.waitFor('Quit? The local demo data will be lost');
    expect(text).toContain('its temporary demo data is deleted');
    expect(text).toMatch(/› No/);
    expect(text).toContain('y confirm');
    expect(text).not.toContain('exit=');
    expectCleanFrame(text);
    await ui.keys('n');
    text = await ui.waitFor((t) => !t.includes('Quit?') && t.includes('Status: ✓ built'));
    expect(text).not.toContain('exit=');
    expectCleanFrame(text);
    await ui.keys('q');
    await ui.waitFor('Quit? The local demo data will be lost');
    await ui.keys('y');
    text = await ui.waitFor('exit=0');
    // Back on the normal screen: none of the UI is left on it.
    expect(text).not.toContain('Deployments');
    expect(text).not.toContain('analytics-prod');
  }, 120_000);

  it('q typed in the filter is text; ctrl+c quits and restores the terminal', async () => {
    const ui = term.open();
    await ui.waitFor(/Deployments \[\d+\]/);
    await ui.keys('/', 'q');
    await ui.waitFor(/Deployments \[\d+\] \/q/);
    await ui.keys('C-c');
    const text = await ui.waitFor('exit=0');
    expect(text).not.toContain('Deployments');
  }, 60_000);

  it('SIGTERM restores the terminal and exits 143', async () => {
    const {ui, node} = await openedProcess();
    process.kill(node, 'SIGTERM');
    const text = await ui.waitFor('exit=143');
    expect(text).not.toContain('Deployments');
  }, 60_000);

  it('closing the terminal ends the UI process (no orphan spinning on a dead tty)', async () => {
    const {ui, node} = await openedProcess();
    ui.kill();
    const alive = () => spawnSync('kill', ['-0', String(node)]).status === 0;
    try {
      await eventually(() => !alive(), 'the UI process to end', {withinMs: 5000, everyMs: 100});
    } finally {
      if (alive()) process.kill(node, 'SIGKILL');
    }
  }, 60_000);

  it('--no-color paints no colour or inverse, and the glyphs still carry the meaning', async () => {
    const colored = term.open();
    await colored.waitFor(/Deployments \[\d+\]/);
    expect(colored.screen({escapes: true})).toMatch(/\u001B\[[0-9;]*m/);
    const plain = term.open({args: '--local --no-color'});
    await plain.waitFor(/Deployments \[\d+\]/);
    const text = plain.screen({escapes: true});
    expect(text).not.toMatch(/\u001B\[[0-9;]*m/);
    expect(text).toMatch(/› .*analytics-prod/);
    await plain.keys('q');
    await plain.waitFor('exit=0');
  }, 60_000);

  it('--readonly hides dangerous keys; too small a terminal says so', async () => {
    const ui = term.open({args: '--local --readonly'});
    let text = await ui.waitFor(/Deployments \[\d+\]/);
    expect(text).not.toContain('delete deployment');
    ui.resize(50, 12);
    text = await ui.waitFor('terminal too small (need 60×15, have 50×12)');
    ui.resize(120, 35);
    await ui.waitFor(/Deployments \[\d+\]/);
    await ui.keys('q');
    await ui.waitFor('exit=0');
  }, 60_000);
});
