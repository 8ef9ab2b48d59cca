// One rule for example text in fields: visibly an example (‹…›, also without colour) and never a value.
import React, {useState} from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import {TextField} from '../../src/ui/components/TextField.js';
import {renderTui, type Tui} from '../helpers/renderTui.js';

let tui: Tui | undefined;
afterEach(() => tui?.unmount());

function Field({onSubmit, initial = ''}: {onSubmit: (v: string) => void; initial?: string}) {
  const [value, setValue] = useState(initial);
  return <TextField value={value} onChange={setValue} onSubmit={onSubmit} placeholder="e.g. feature/orders" />;
}

describe('TextField placeholder', () => {
  it('shows the example marked as one (no colour in tests: FORCE_COLOR=0) and submits empty text for it', async () => {
    const submitted: string[] = [];
    tui = renderTui(<Field onSubmit={(v) => submitted.push(v)} />);
    const frame = await tui.waitForFrame('‹e.g. feature/orders›');
    expect(frame).not.toMatch(/(^|\s)e\.g\. feature\/orders(\s|$)/m);
    await tui.press('enter');
    await tui.waitForFrame(() => submitted.length === 1);
    expect(submitted).toEqual(['']);
    await tui.press('x', 'enter');
    await tui.waitForFrame((f) => submitted.length === 2 && !f.includes('‹'));
    expect(submitted[1]).toBe('x');
  });

  it('a default value is pre-filled, editable text that is submitted as is', async () => {
    const submitted: string[] = [];
    tui = renderTui(<Field initial="./metadata-token.jwt" onSubmit={(v) => submitted.push(v)} />);
    const frame = await tui.waitForFrame('./metadata-token.jwt');
    expect(frame).not.toContain('‹');
    await tui.press('backspace', 'backspace', 'backspace', 'txt', 'enter');
    await tui.waitForFrame(() => submitted.length === 1);
    expect(submitted).toEqual(['./metadata-token.txt']);
  });
});
