// The query console against the real service: completion from the model, a query to a result table, an
// unknown member refused with the text kept, Esc cancels a query that waits, export to a new private CSV file,
// and the session's history on ↑.
import {mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {createBranch, startDevMode} from '../../src/api/dataModel.js';
import {parseCsv} from '../helpers/csv.js';
import {renderApp, startDemo, typeAfter} from '../helpers/screenApp.js';

const QUERY = {screen: 'query', params: {deploymentId: '1', deploymentName: 'analytics-prod'}};
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, {recursive: true, force: true});
});

describe('QueryScreen', () => {
  it('completes members with Tab, runs the query to a table, and exports it to a new 0600 CSV file', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, QUERY);
    await tui.waitForFrame(/\d+ measures, \d+ dimensions/);
    await tui.press(...'orders.cou'.split(''));
    let frame = await tui.waitForFrame(/Tab: orders\.count/);
    // While the query line has the keys, the footer does not offer the result's keys (they would be typed).
    expect(frame.trimEnd().split('\n').at(-1)).not.toMatch(/edit the query|export|\? help|q quit/);
    await tui.press('tab');
    await tui.waitForFrame(/› orders\.count$/m);
    await tui.press(...'orders.stat'.split(''), 'tab');
    await tui.waitForFrame(/› orders\.count orders\.status$/m);
    await tui.press('enter');
    frame = await tui.waitForFrame(/✓ \d+ rows? in \d+ ms/);
    expect(frame).toMatch(/ORDERS\.STATUS\s+ORDERS\.COUNT/);
    const shown = Number(/✓ (\d+) rows?/.exec(frame)![1]);
    expect(shown).toBeGreaterThan(0);

    const dir = mkdtempSync(join(tmpdir(), 'svc-query-'));
    dirs.push(dir);
    const file = join(dir, 'result.csv');
    await tui.press('x');
    await typeAfter(tui, 'Export to a new file', 'ctrl+u');
    await tui.press(...file.split(''), 'enter');
    await tui.waitForFrame(`Exported ${shown} row`);
    const rows = parseCsv(readFileSync(file, 'utf8'));
    expect(rows[0]).toEqual(['orders.status', 'orders.count']);
    expect(rows).toHaveLength(shown + 1);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // An existing file is never replaced.
    writeFileSync(join(dir, 'taken.csv'), 'mine');
    await tui.press('x');
    await typeAfter(tui, 'Export to a new file', 'ctrl+u');
    await tui.press(...join(dir, 'taken.csv').split(''), 'enter');
    await tui.waitForFrame('exists already; choose another name');
    expect(readFileSync(join(dir, 'taken.csv'), 'utf8')).toBe('mine');
  });

  it('refuses an unknown member next to the query and keeps the text; ↑ recalls the last query', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, QUERY);
    await tui.waitForFrame(/\d+ measures, \d+ dimensions/);
    await tui.press(...'orders.nope'.split(''), 'enter');
    let frame = await tui.waitForFrame('orders.nope is not a measure or dimension of the model');
    expect(frame).toContain('› orders.nope');
    await tui.press('ctrl+u');
    await tui.press(...'orders.count'.split(''), 'enter');
    await tui.waitForFrame(/✓ \d+ rows? in/);
    await tui.press('e');
    await tui.waitForFrame(/Enter run/);
    await tui.press('ctrl+u', 'up');
    frame = await tui.waitForFrame(/› orders\.count/);
  });

  it('a branch still warming up shows the wait with its time and label, and Esc cancels it (not the screen)', async () => {
    const demo = await startDemo();
    // A fresh dev-mode branch: its runtime answers "Continue wait" until its first build is warm.
    const branch = (await startDevMode(demo.api, '1')).branchName ?? '';
    expect(branch).toMatch(/^dev-/);
    const tui = renderApp(demo.api, QUERY);
    await tui.waitForFrame(/\d+ measures, \d+ dimensions/);
    await tui.press(...'orders.count'.split(''), 'enter');
    await tui.waitForFrame(/✓ \d+ rows? in/);
    await tui.press('b');
    await typeAfter(tui, 'Branch (empty: production)', ...branch.split(''), 'enter');
    await tui.waitForFrame(`on branch ${branch}`);
    await tui.press('e');
    await tui.waitForFrame(/Enter run/);
    await tui.press('enter');
    await tui.waitForFrame(/running \d+\.\d s · Continue wait/);
    await tui.press('escape');
    const frame = await tui.waitForFrame('✗ cancelled');
    expect(frame).toContain('Query · analytics-prod');
  });

  it('a branch nothing builds says why at once (no endless wait) and the branch can be changed while typing (ctrl+b)', async () => {
    const {api} = await startDemo();
    // A shared branch nobody has opened in dev mode and without a staging environment: nothing builds it.
    await createBranch(api, '1', {name: 'quarterly'});
    const tui = renderApp(api, QUERY);
    await tui.waitForFrame(/\d+ measures, \d+ dimensions/);
    // The line has the keys: b is a letter there, ctrl+b asks for the branch.
    await tui.press('\u0002');
    await typeAfter(tui, 'Branch (empty: production)', 'quarterly', 'enter');
    await tui.waitForFrame('on branch quarterly');
    await tui.press(...'orders.count'.split(''), 'enter');
    let frame = await tui.waitForFrame(/✗ branch quarterly is not built/);
    expect(frame).not.toContain('Continue wait');
    expect(frame).toMatch(/enter dev mode on it[\s\S]*staging\s+branch[\s\S]*picks another\s+branch; empty is production/);
    // Back to production from the line itself: the draft is the current branch, ctrl+u empties it.
    await tui.press('\u0002');
    await typeAfter(tui, 'Branch (empty: production)', 'ctrl+u', 'enter');
    await tui.waitForFrame('on production');
    await tui.press('enter');
    frame = await tui.waitForFrame(/✓ \d+ rows? in/);
    expect(frame).not.toContain('not built');
  });

  it('a new branch does not keep the old branch\'s result; Tab never picks one of several members', async () => {
    const demo = await startDemo();
    const branch = (await startDevMode(demo.api, '1')).branchName ?? '';
    const tui = renderApp(demo.api, QUERY);
    await tui.waitForFrame(/\d+ measures, \d+ dimensions/);
    // Several members start with "orders.": Tab lists them and picks none.
    await tui.press(...'orders.'.split(''), 'tab');
    let frame = await tui.waitForFrame(/members fit "orders\.": type more/);
    expect(frame).toMatch(/Tab: orders\.\S+ {2}orders\.\S+/);
    expect(frame).toMatch(/› orders\. *\n/);
    await tui.press(...'count'.split(''), 'enter');
    await tui.waitForFrame(/✓ \d+ rows? in/);
    await tui.press('b');
    await typeAfter(tui, 'Branch (empty: production)', 'ctrl+u', ...branch.split(''), 'enter');
    frame = await tui.waitForFrame(`on branch ${branch}`);
    expect(frame).not.toMatch(/✓ \d+ rows? in/);
    expect(frame).toMatch(/› orders\.count/);
  });
});
