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
    const text = await ui.waitFor(/✓ \d+ rows? in \d+ ms/);
    expect(text).toMatch(/ORDERS\.COUNT\s+ORDERS\.STATUS|ORDERS\.STATUS\s+ORDERS\.COUNT/);
    expect(text).toMatch(/1 of \d+/);
    if (process.env.SVC_CAPTURE_DIR) {
      const {writeFileSync} = await import('node:fs');
      writeFileSync(`${process.env.SVC_CAPTURE_DIR}/query.txt`, text);
    }
    await ui.keys('q');
    await ui.waitFor('exit=0');
  });
});
