// The query console in a real terminal (tmux on a private socket, the built `svc ui --local`): `:query` on a
// deployment, a member completed with Tab, the query run to a result table. A query changes nothing in the local
// demo data, so q quits at once after it; after a change q asks first and names it.
import {describe, expect, it} from 'vitest';
import {hasTmux, quitLocal, tmuxSuite, type Pane} from '../helpers/tmux.js';

const term = tmuxSuite('svc-query-e2e');

/** Deployments → analytics-prod → `:query`, with the model's members read. */
async function queryScreen(ui: Pane): Promise<void> {
  await ui.waitFor(/Deployments \[\d+\]/);
  await ui.keys('/', 'analytics', 'Enter', 'Enter');
  await ui.waitFor('Deployment · analytics-prod');
  await ui.keys(':', 'query', 'Enter');
  await ui.waitFor(/Query · analytics-prod[\s\S]*\d+ measures, \d+ dimensions/);
}

describe.skipIf(!hasTmux)('query console in a real terminal', () => {
  it(':query completes a member and runs the query to a table; q then quits without a question', {timeout: 120_000}, async () => {
    const ui = term.open();
    await queryScreen(ui);
    await ui.keys('orders.cou');
    await ui.waitFor(/Tab: orders\.count/);
    await ui.keys('Tab', 'orders.status', 'Enter');
    // The table's position reaches the title line a frame after the result line: wait for both.
    const text = await ui.waitFor((t) => /✓ \d+ rows? in \d+ ms/.test(t) && /1 of \d+/.test(t));
    expect(text).toMatch(/ORDERS\.COUNT\s+ORDERS\.STATUS|ORDERS\.STATUS\s+ORDERS\.COUNT/);
    expect(text).toMatch(/1 of \d+/);
    if (process.env.SVC_CAPTURE_DIR) {
      const {writeFileSync} = await import('node:fs');
      writeFileSync(`${process.env.SVC_CAPTURE_DIR}/query.txt`, text);
    }
    // The query took a data token: no change to the demo data, so nothing is lost and q asks nothing.
    await quitLocal(ui, false);
  });

  it('after a query and a change (dev mode entered), q asks first and names the change', {timeout: 120_000}, async () => {
    const ui = term.open();
    await queryScreen(ui);
    await ui.keys('Escape', 'd');
    await ui.waitFor(/› main\s+deploy/);
    await ui.keys('t');
    await ui.waitFor(/Entered dev mode: dev-\S+ forked from main/);
    await quitLocal(ui, true, (question) => expect(question).toMatch(/temporary demo data is deleted[\s\S]*Changed here: devMode\.start\./));
  });
});
