// Environment variables and the overview's live sections in a real terminal (tmux on a private socket, the built
// `svc ui --local`): the overview lists environments with branches and the latest syncs, `:variables` opens the
// variables screen, a variable is set and unset through the confirms (each naming the production rebuild), and a
// secret typed in the form is never drawn.
import {describe, expect, it} from 'vitest';
import {hasTmux, tmuxSuite} from '../helpers/tmux.js';

const term = tmuxSuite('svc-vars-e2e');

describe.skipIf(!hasTmux)('environment variables in a real terminal', () => {
  it('overview sections, :variables, set and unset a variable, a secret never shown', {timeout: 120_000}, async () => {
    const ui = term.open();
    await ui.waitFor(/› 1\s+analytics-prod.*✓ built/);
    await ui.keys('Enter');
    let text = await ui.waitFor(/Latest syncs\s+[✓✗●]/);
    expect(text).toMatch(/production\s+production\s+branch main/);
    expect(text).toContain('V variables');

    await ui.keys(':', 'variables', 'Enter');
    text = await ui.waitFor(/Variables · analytics-prod \[6\][\s\S]*Production\s+✓ built/);
    expect(text).toMatch(/CUBEJS_DB_PASS\s+yes\s+••••••••/);

    await ui.keys('n');
    await ui.waitFor('Set a variable on analytics-prod');
    await ui.keys('E2E_FLAG', 'Tab', 'from-tmux', 'Enter');
    text = await ui.waitFor('Set E2E_FLAG on analytics-prod?');
    expect(text).toContain('This rebuilds production: branch main is built again');
    await ui.keys('y');
    // The real clock moves the build on (building → warmup → built) while a loaded machine repaints.
    const rebuild = /Rebuild\s+[●✓] \w+ build \d+ of main \(started by your change\)/;
    text = await ui.waitFor((t) => rebuild.test(t) && /› E2E_FLAG\s+from-tmux/.test(t));
    expect(text).toContain('Variables · analytics-prod [7]');

    await ui.keys('D');
    text = await ui.waitFor('Unset E2E_FLAG on analytics-prod?');
    expect(text).toContain('The variable is removed. This rebuilds production');
    await ui.keys('y');
    text = await ui.waitFor((t) => t.includes('Variables · analytics-prod [6]') && rebuild.test(t));
    expect(text).not.toMatch(/E2E_FLAG\s+from-tmux/);

    await ui.keys('n');
    await ui.waitFor('Set a variable on analytics-prod');
    await ui.keys('E2E_TOKEN', 'Tab', 'tmux-secret-99');
    text = await ui.waitFor(/Value:\s+•{14}/);
    expect(text).not.toContain('tmux-secret-99');
    await ui.keys('Escape');
    await ui.waitFor(/Variables · analytics-prod \[6\]/);
  });
});
