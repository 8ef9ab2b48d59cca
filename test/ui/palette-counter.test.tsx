// The palette's position counter (`3 of 18`) sits on its input line, apart from the entries: it is never appended
// to the last entry shown (where it read as part of that screen's title).
import {afterEach, describe, expect, it} from 'vitest';
import {SCREENS} from '../../screens/index.js';
import {renderTui, type Tui} from '../helpers/renderTui.js';

let tui: Tui | undefined;
afterEach(() => tui?.unmount());

describe('the palette counter', () => {
  it('is on the input line, not glued to the last entry', async () => {
    tui = renderTui(null, {screens: SCREENS, initial: {screen: 'ctx'}, columns: 100, rows: 30});
    await tui.waitForFrame('Contexts');
    await tui.press(':');
    const frame = await tui.waitForFrame(/ of \d+/);
    const lines = frame.split('\n');
    const counter = lines.find((l) => / \d+ of \d+$/.test(l.trimEnd()) && l.startsWith(':'));
    expect(counter, frame).toBeDefined();
    expect(counter!.trimEnd()).toMatch(/^:.* 1 of \d+$/);
    const entries = lines.filter((l) => /^(› | {2})[a-z-]+ {2,}/.test(l));
    expect(entries.length).toBeGreaterThan(1);
    for (const e of entries) expect(e, 'no counter on an entry').not.toMatch(/\d+ of \d+/);
  });
});
