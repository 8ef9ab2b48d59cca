// :activity and the notices in a real terminal (tmux on a private socket), the built console on `svc ui --local
// --speed 4`: at 120×35, * pins a deployment (in the row and in the config file), a broken-compile sync started
// from the console shows running in :activity and ends failed in dbt-compile, the notice names it on the flash line
// and Enter opens the run; at 60×15 the screen keeps one header and one footer, its rows and the f toggle readable.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {hasTmux, tmuxSuite, type Pane} from '../helpers/tmux.js';

const term = tmuxSuite('svc-ui-activity');
/**
 * The service four times faster than real time: the broken-compile sync runs about 4 s instead of 16 s, still long
 * enough to be seen going before it ends (the test is about what the screens show, not how long a sync takes).
 */
const LOCAL = '--local --speed 4';

/** One frame: the header on the first line only, exactly one footer line (`? help`), and these lines whole. */
function expectLaidOut(text: string, lines: RegExp[]): void {
  const rows = text.split('\n');
  expect(rows[0]).toMatch(/^svc · local · 127\.0\.0\.1:\d+/);
  expect(rows.filter((r) => r.startsWith('svc · local')).length).toBe(1);
  expect(rows.filter((r) => /\? help/.test(r)).length, `not exactly one footer:\n${text}`).toBe(1);
  for (const pattern of lines) expect(rows.some((r) => pattern.test(r)), `no line matches ${pattern}:\n${text}`).toBe(true);
}

/** From the deployments list: starts a broken-compile sync on the selected deployment through the dbt runs screen. */
async function startBrokenSync(ui: Pane): Promise<void> {
  await ui.keys(':', 'dbt', 'Enter');
  await ui.waitFor(/dbt runs · analytics-prod/);
  await ui.keys('s');
  await ui.waitFor('Start a dbt sync');
  await ui.keys('broken-compile', 'Enter');
  await ui.waitFor(/dbt run · [0-9a-f-]{8}/);
}

/** q after a write asks whether to drop the local demo data; y quits cleanly. */
async function quit(ui: Pane): Promise<void> {
  await ui.keys('q');
  await ui.waitFor('Quit? The local demo data will be lost');
  await ui.keys('y');
  await ui.waitFor('exit=0');
}

describe.skipIf(!hasTmux)(':activity and notices in tmux', () => {
  it('120×35: pin, a sync started here runs and fails in :activity, the notice names it, Enter opens it', async () => {
    const ui = term.open({args: LOCAL, columns: 120, rows: 35});
    await ui.waitFor(/Deployments \[45\]/);
    await ui.keys('*');
    let text = await ui.waitFor('pinned analytics-prod: a notice when any of its runs ends');
    expect(text).toMatch(/› 1\s+\* analytics-prod/);
    await ui.waitFor(() => {
      try {
        return readFileSync(join(term.configDir, 'config.toml'), 'utf8').includes('[ui.pins]\nlocal = [ "1" ]');
      } catch {
        return false;
      }
    });

    await startBrokenSync(ui);
    await ui.keys(':', 'activity', 'Enter');
    // Going (the sync takes about 4 s at this speed), unless a loaded machine was slower than that.
    text = await ui.waitFor((t) => /^Activity \[\d+\]/m.test(t) && /analytics-prod\s+sync\s+broken-compile\s+api\s+(queued|running|failed)/.test(t));
    expectLaidOut(text, [/^Activity \[\d+\]/, /^all runs · live: a deployment every 30s while idle, every 5s while a run goes$/, /^\s+DEPLOYMENT\s+KIND\s+BRANCH\/REF\s+TRIGGER\s+STATUS\s+PHASE\s+ELAPSED\s+RUN$/]);

    // Ends by itself: the row says how, and the flash line names it, whatever the screen.
    text = await ui.waitFor((t) => /analytics-prod\s+sync\s+broken-compile\s+api\s+failed\s+dbt-compile/.test(t) && /✗ sync on analytics-prod failed in dbt-compile after \d+s · Enter to open/.test(t), 60_000);
    expectLaidOut(text, [/✗ sync on analytics-prod failed in dbt-compile after \d+s · Enter to open$/]);
    await ui.keys('Enter');
    text = await ui.waitFor(/dbt run · [0-9a-f-]{8}/);
    expect(text).not.toContain('Enter to open');
    await quit(ui);
  }, 180_000);

  it('60×15: one header, one footer, the run on a row of its own, f shows failed only', async () => {
    const ui = term.open({args: LOCAL, columns: 60, rows: 15});
    await ui.waitFor(/Deployments \[45\]/);
    await startBrokenSync(ui);
    await ui.keys(':', 'activity', 'Enter');
    // Narrow: where, what, how it stands, how long and the phase; no ref, trigger or run id.
    let text = await ui.waitFor((t) => /^Activity \[\d+\]/m.test(t) && /analytics-prod\s+sync\s+(queued|running|failed)/.test(t));
    expectLaidOut(text, [/^Activity \[\d+\]/, /^all runs · live: /, /^\s+DEPLOYMENT\s+KIND\s+STATUS\s+ELAPSED\s+PHASE$/]);
    for (const row of text.split('\n')) expect(row.length).toBeLessThanOrEqual(60);
    text = await ui.waitFor(/analytics-prod\s+sync\s+failed\s+\d+s\s+dbt-compile/, 60_000);
    await ui.keys('f');
    text = await ui.waitFor(/^failed only · live: /m);
    expectLaidOut(text, [/^failed only · /, /analytics-prod\s+sync\s+failed\s+\d+s\s+dbt-compile/]);
    await quit(ui);
  }, 180_000);
});
