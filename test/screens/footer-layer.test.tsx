// The footer is the keys of what has them (issue 22 §3): while a text field, a dialog or a picker takes the keys,
// the footer names its keys (from the dispatcher's top layer), not the screen's or the shell's, which do not
// reach past it.
import {describe, expect, it} from 'vitest';
import {renderApp, startDemo, typeAfter} from '../helpers/screenApp.js';

const footerOf = (frame: string) => frame.split('\n').filter((l) => l.trim() !== '').at(-1) ?? '';

describe('footer of the focused thing', () => {
  it('a text field, the palette and the delete question each show their own keys, and the screen’s come back after', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'deployments'}, {columns: 160});
    let frame = await tui.waitForFrame(/analytics-prod[\s\S]*q quit/);
    expect(footerOf(frame)).toMatch(/: jump to screen .*\? help {2}q quit$/);

    await tui.press('/');
    frame = await tui.waitForFrame((f) => footerOf(f).startsWith('Enter keep the text'));
    expect(footerOf(frame)).toBe('Enter keep the text  Esc cancel / clear');
    await typeAfter(tui, 'type to filter', 'q:?');
    frame = await tui.waitForFrame('/q:?');
    expect(footerOf(frame)).toBe('Enter keep the text  Esc cancel / clear');
    await tui.press('escape');
    frame = await tui.waitForFrame((f) => footerOf(f).endsWith('q quit'));

    await tui.press(':');
    frame = await tui.waitForFrame((f) => footerOf(f).includes('Tab complete'));
    expect(footerOf(frame)).not.toMatch(/\? help|q quit|: jump/);
    await tui.press('escape');
    await tui.waitForFrame((f) => footerOf(f).endsWith('q quit'));

    // The delete question takes the name typed: its footer is its Esc, not the list's keys.
    await tui.press('D');
    frame = await tui.waitForFrame('Type analytics-prod to confirm');
    frame = await tui.waitForFrame((f) => !footerOf(f).endsWith('q quit'));
    expect(footerOf(frame)).toBe('Esc cancel');
    await tui.press('escape');
    frame = await tui.waitForFrame((f) => footerOf(f).endsWith('q quit'));
    expect(footerOf(frame)).toContain('D delete deployment');
  });
});

describe('a yes/no question', () => {
  it('shows y and n, not the keys of the screen under it', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'versions', params: {deploymentId: '1', deploymentName: 'analytics-prod'}}, {columns: 160});
    await tui.waitForFrame('[6]');
    await tui.press('j', 'enter');
    const frame = await tui.waitForFrame((f) => f.includes('Switch analytics-prod to version') && footerOf(f).startsWith('y confirm'));
    expect(footerOf(frame)).toBe('y confirm  n/Esc cancel');
    await tui.press('n');
    await tui.waitForFrame((f) => footerOf(f).endsWith('q quit'));
  });
});
