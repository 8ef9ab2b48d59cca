// A dbt run in a real terminal (tmux, the built `svc ui --local`): open the newest run of the demo deployment,
// scroll its log back to its first line with g, find a line with `/`, follow again with G. With SVC_CAPTURE_DIR
// set, it also writes text captures of the dbt runs list and the run there.
import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {hasTmux, tmuxSuite} from '../helpers/tmux.js';

const term = tmuxSuite('svc-dbt-e2e');
const position = (text: string) => /lines (\d+)–(\d+) of (\d+)/.exec(text)?.slice(1).map(Number);

describe.skipIf(!hasTmux)('a dbt run in tmux', () => {
  it('opens a run and scrolls its log to the first line, finds a line, follows again', async () => {
    const capture = process.env.SVC_CAPTURE_DIR;
    const ui = term.open({columns: 120, rows: 35});
    await ui.waitFor(/Deployments \[\d+\]/, 30_000);
    // Jumped to with `:` from the list, for the deployment under the cursor (as every new screen's e2e does).
    await ui.keys('/', 'analytics', 'Enter');
    await ui.waitFor(/› 1 +analytics-prod/);
    await ui.keys(':', 'dbt', 'Enter');
    const runs = await ui.waitFor(/dbt runs · analytics-prod \[\d+\]/);
    expect(runs).toMatch(/SYNC JOB ID\s+STATUS\s+TRIGGER\s+STARTED\s+DURATION\s+PHASE\s+BRANCH/);
    if (capture) writeFileSync(join(capture, 'dbt-runs.txt'), runs);
    await ui.keys('Enter');
    let text = await ui.waitFor((s) => s.includes('Status: ') && (position(s)?.[2] ?? 0) > 10, 30_000);
    const [, last, total] = position(text)!;
    expect(last).toBe(total);
    await ui.keys('g');
    text = await ui.waitFor((s) => position(s)?.[0] === 1);
    // The log's first line: the run starting.
    expect(text).toMatch(/\[init\] dbt sync \S+ started \(trigger \w+\)/);
    expect(text).toMatch(/scrolled back · \d+ newer lines below · G follows again/);
    if (capture) writeFileSync(join(capture, 'dbt-run.txt'), text);
    await ui.keys('/', 'compiles', 'Enter');
    text = await ui.waitFor(/\/compiles: line \d+/);
    expect(text).toMatch(/The generated model compiles/);
    await ui.keys('Escape', 'G');
    text = await ui.waitFor((s) => s.includes('end of log') && !s.includes('/compiles'));
    expect(position(text)![1]).toBe(position(text)![2]);
  }, 120_000);
});
