// The footer is the keys of what has them (issue 22 §3): while a text field, a dialog or a picker takes the keys,
// the footer names its keys (from the dispatcher's top layer), not the screen's or the shell's, which do not
// reach past it.
import {describe, expect, it} from 'vitest';
import {renderApp, startDemo, typeAfter} from '../helpers/screenApp.js';
import type {Tui} from '../helpers/renderTui.js';

const footerOf = (frame: string) => frame.split('\n').filter((l) => l.trim() !== '').at(-1) ?? '';
const SCREEN_FOOTER = 'Enter open  c new deployment  D delete deployment  / filter  : jump to screen  r refresh  ? help  q quit';

/** Every frame drawn from pressing `open` until `close` has closed the overlay again, settled. */
async function framesAround(tui: Tui, open: string, shown: (frame: string) => boolean, close: string): Promise<string[]> {
  const from = tui.frames.length;
  await tui.press(open);
  await tui.waitForFrame((f) => shown(f) && footerOf(f) !== SCREEN_FOOTER);
  await tui.press(close);
  await tui.waitForFrame((f) => !shown(f) && footerOf(f) === SCREEN_FOOTER);
  return tui.frames.slice(from);
}

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

    // Enter in the palette goes to the chosen screen, and the footer says so (not "keep the text").
    await tui.press(':');
    frame = await tui.waitForFrame((f) => footerOf(f).includes('Tab complete'));
    expect(footerOf(frame)).toBe('Tab complete  Enter go to the screen  Esc close');
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

describe('an overlay of the shell has its keys from the first frame that shows it to the last', () => {
  it('the palette, help and the filter line: no frame shows one with the screen’s keys, or the screen with theirs', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'deployments'}, {columns: 120});
    await tui.waitForFrame((f) => footerOf(f) === SCREEN_FOOTER);
    const overlays: Array<[open: string, shown: (f: string) => boolean, footer: string]> = [
      // The palette's prompt line is the third, under the title.
      [':', (f) => f.split('\n')[2]!.startsWith(':'), 'Tab complete  Enter go to the screen  Esc close'],
      ['?', (f) => /^Keys/m.test(f), 'j/↓/k/↑ scroll  Esc/q/?/Enter close help'],
      ['/', (f) => f.split('\n')[2]!.startsWith('/'), 'Enter keep the text  Esc cancel / clear'],
    ];
    for (const [open, shown, footer] of overlays) {
      const frames = await framesAround(tui, open, shown, 'escape');
      expect(frames.filter(shown).map(footerOf), open).toEqual(frames.filter(shown).map(() => footer));
      const without = frames.filter((f) => !shown(f) && f.includes('analytics-prod'));
      expect(without.map(footerOf), open).toEqual(without.map(() => SCREEN_FOOTER));
    }
  });

  it('help names its keys in the footer only: its heading is no second key line', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'deployments'}, {columns: 120, rows: 20});
    await tui.waitForFrame((f) => footerOf(f) === SCREEN_FOOTER);
    await tui.press('?');
    let frame = await tui.waitForFrame(/^Keys · lines 1–\d+ of \d+$/m);
    expect(footerOf(frame)).toBe('j/↓/k/↑ scroll  Esc/q/?/Enter close help');
    expect(frame.split('\n').filter((l) => /Esc/.test(l))).toEqual([footerOf(frame)]);
    await tui.press('j');
    frame = await tui.waitForFrame(/^Keys · lines 2–/m);
  });
});

describe('the query line', () => {
  it('its footer names what its keys do there, and nothing on screen says otherwise', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'query', params: {deploymentId: '1', deploymentName: 'analytics-prod'}}, {columns: 120});
    const frame = await tui.waitForFrame(/\d+ measures, \d+ dimensions/);
    expect(footerOf(frame)).toBe('Enter run  Esc back  Tab complete  ↑/↓ history  ctrl+b branch / production');
    // One line of keys: the footer (the line under the field said "Enter run … Esc back" while the footer said
    // "Enter keep the text  Esc cancel / clear").
    expect(frame.split('\n').filter((l) => /\bEnter\b|\bEsc\b/.test(l))).toEqual([footerOf(frame)]);
  });
});
