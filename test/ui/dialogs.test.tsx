import React, {useState} from 'react';
import {Text} from 'ink';
import {afterEach, describe, expect, it} from 'vitest';
import {ConfirmDialog} from '../../src/ui/components/ConfirmDialog.js';
import {TypeToConfirm} from '../../src/ui/components/TypeToConfirm.js';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {renderTui, type Tui} from '../helpers/renderTui.js';

let tui: Tui | undefined;
afterEach(() => tui?.unmount());

/** A screen with a dialog open; records how it closed. Screen keys count so we can see they are blocked. */
function harness(kind: 'confirm' | 'type') {
  const result: string[] = [];
  let screenKeys = 0;
  function Screen() {
    const [open, setOpen] = useState(true);
    useKeys('screen', {'list.down': () => void screenKeys++}, {active: !open});
    const done = (r: string) => {
      result.push(r);
      setOpen(false);
    };
    if (!open) return <Text>closed</Text>;
    return kind === 'confirm' ? (
      <ConfirmDialog title="Switch analytics-prod to 1.42.0?" onConfirm={() => done('yes')} onCancel={() => done('no')} />
    ) : (
      <TypeToConfirm title="Delete deployment analytics-prod?" expected="analytics-prod" onConfirm={() => done('yes')} onCancel={() => done('no')} />
    );
  }
  return {element: <Screen />, result, screenKeys: () => screenKeys};
}

describe('ConfirmDialog', () => {
  it('defaults to No: Enter cancels', async () => {
    const h = harness('confirm');
    tui = renderTui(h.element);
    const frame = await tui.waitForFrame('Switch analytics-prod');
    expect(frame).toMatch(/› No/);
    expect(frame).toContain('(y/N)');
    await tui.press('enter');
    await tui.waitForFrame('closed');
    expect(h.result).toEqual(['no']);
  });

  it('y confirms; moving to Yes and Enter confirms', async () => {
    let h = harness('confirm');
    tui = renderTui(h.element);
    await tui.waitForFrame('Switch');
    await tui.press('y');
    await tui.waitForFrame('closed');
    expect(h.result).toEqual(['yes']);
    tui.unmount();
    h = harness('confirm');
    tui = renderTui(h.element);
    await tui.waitForFrame('Switch');
    await tui.press('left');
    await tui.waitForFrame(/› Yes/);
    await tui.press('enter');
    await tui.waitForFrame('closed');
    expect(h.result).toEqual(['yes']);
  });

  it('n and Esc cancel, q does not quit, and the screen behind gets no keys', async () => {
    let h = harness('confirm');
    tui = renderTui(h.element);
    await tui.waitForFrame('Switch');
    await tui.press('j', 'q', 'n');
    await tui.waitForFrame('closed');
    expect(h.result).toEqual(['no']);
    expect(h.screenKeys()).toBe(0);
    expect(tui.quits()).toBe(0);
    tui.unmount();
    h = harness('confirm');
    tui = renderTui(h.element);
    await tui.waitForFrame('Switch');
    await tui.press('escape');
    await tui.waitForFrame('closed');
    expect(h.result).toEqual(['no']);
  });
});

describe('TypeToConfirm', () => {
  it('refuses a wrong name and confirms the exact one', async () => {
    const h = harness('type');
    tui = renderTui(h.element);
    await tui.waitForFrame('Type analytics-prod to confirm');
    await tui.press('analytics', 'enter');
    await tui.waitForFrame('does not match');
    expect(h.result).toEqual([]);
    await tui.press('-prod', 'enter');
    await tui.waitForFrame('closed');
    expect(h.result).toEqual(['yes']);
  });

  it('Esc cancels, and letters typed (q, j) are text only', async () => {
    const h = harness('type');
    tui = renderTui(h.element);
    await tui.waitForFrame('Type analytics-prod');
    await tui.press('q', 'j');
    await tui.waitForFrame('qj');
    expect(tui.quits()).toBe(0);
    expect(h.screenKeys()).toBe(0);
    await tui.press('escape');
    await tui.waitForFrame('closed');
    expect(h.result).toEqual(['no']);
  });
});
