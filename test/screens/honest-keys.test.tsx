// Keys the footer shows act: Enter on an audit event opens it in full (the DATA column is cut in the list), and
// Environments' y/w before a token was issued say how to get one.
import {describe, expect, it} from 'vitest';
import {setEnvVars} from '../../src/api/envVars.js';
import {renderApp, startDemo} from '../helpers/screenApp.js';

describe('Audit: Enter opens the event', () => {
  it('shows every field and the whole data, scrolls it, and Esc returns to the same row', async () => {
    const {api} = await startDemo();
    const long = Array.from({length: 12}, (_, i) => ({name: `AUDIT_VARIABLE_WITH_A_LONG_NAME_${i}`, value: `value-${i}`}));
    await setEnvVars(api, '1', long);
    await setEnvVars(api, '1', [{name: 'SECOND', value: 'x'}]);
    const tui = renderApp(api, {screen: 'audit'}, {columns: 80, rows: 20});
    let frame = await tui.waitForFrame(/newest \d+ of \d+ events/);
    expect(frame).toMatch(/Enter event details/);
    await tui.press('j');
    await tui.waitForFrame(/›\s+2 /);
    await tui.press('enter');
    frame = await tui.waitForFrame('Audit event 2 · envVariables.set');
    expect(frame).toContain('User     admin@acme.example');
    expect(frame).toMatch(/lines 1–\d+ of \d+/);
    expect(frame).not.toContain('_11');
    // The footer offers the view's keys, not the list's filters, range and export (they do not act here).
    const footer = frame.split('\n').find((l) => l.includes('? help')) ?? '';
    expect(footer).toMatch(/^G\/End follow {2}w wrap/);
    expect(footer).not.toMatch(/range|export|Enter event details/);
    await tui.press('G');
    frame = await tui.waitForFrame(/AUDIT_VARIABLE_WITH_A_LONG_NAME_11/);
    await tui.press('escape');
    frame = await tui.waitForFrame(/newest \d+ of \d+ events/);
    // Back on the list, on the row that was opened; the screen was not popped.
    expect(frame).toMatch(/›\s+2 /);
    expect(frame).toContain('Audit log');
  });
});

describe('Environments: y and w before a token exists', () => {
  it('are not in the footer, and say how to get a token', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'environments', params: {deploymentId: '1', deploymentName: 'analytics-prod'}}, {columns: 160});
    const frame = await tui.waitForFrame('Environments · analytics-prod [3]');
    expect(frame).not.toMatch(/y copy/);
    expect(frame).not.toMatch(/w write/);
    await tui.press('y');
    await tui.waitForFrame('No token to copy yet: T issues a metadata token for the selected environment');
    await tui.press('w');
    await tui.waitForFrame('No token to write yet: T issues a metadata token');
  });
});
