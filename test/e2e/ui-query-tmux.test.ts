// The query console in a real terminal (tmux on a private socket, the built `svc ui --local`): `:query` on a
// deployment, a member completed with Tab, the query run to a result table.
import {describe, expect, it} from 'vitest';
import {hasTmux, tmuxSuite} from '../helpers/tmux.js';

const term = tmuxSuite('svc-query-e2e');

describe.skipIf(!hasTmux)('query console in a real terminal', () => {
  it(':query completes a member and runs the query to a table', {timeout: 120_000}, async () => {
    const ui = term.open();
    await ui.waitFor(/Deployments \[\d+\]/);
    await ui.keys('/', 'analytics', 'Enter', 'Enter');
    await ui.waitFor('Deployment · analytics-prod');
    await ui.keys(':', 'query', 'Enter');
    await ui.waitFor(/Query · analytics-prod[\s\S]*\d+ measures, \d+ dimensions/);
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
    // Quitting is not what this test is about (test/ui/quit-local.test.tsx is): the query issued a data token, which
    // the local service records as a change today, so q may ask before the demo data goes; Yes quits.
    await ui.keys('q');
    const end = await ui.waitFor((t) => t.includes('exit=0') || t.includes('Quit? The local demo data will be lost'));
    if (!end.includes('exit=0')) await ui.keys('y');
    await ui.waitFor('exit=0');
  });
});
