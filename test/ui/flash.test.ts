// The flash line's one rule for what shows when a message and a notice (a run that ended, with Enter to open it)
// meet: neither is lost. A plain message over a notice keeps the notice behind it; a notice over an error or a
// warning waits behind it (a dbt gate's FAIL verdict and the notice of the sync that failed it come together).
import {describe, expect, it} from 'vitest';
import {flashReducer, type FlashAction, type FlashState} from '../../src/ui/hooks/useFlash.js';

const open = () => {};
const run = (...actions: FlashAction[]) => actions.reduce(flashReducer, {message: null, nextId: 1} as FlashState);
const shown = (s: FlashState) => s.message?.text;
const timeOver = (s: FlashState) => flashReducer(s, {type: 'clear', id: s.message!.id});

describe('the flash line', () => {
  it('a notice waits behind an error or a warning, and shows when its time is over', () => {
    for (const level of ['error', 'warn'] as const) {
      const s = run({type: 'show', level, text: 'dbt gate FAIL: the sync failed'}, {type: 'show', level: 'error', text: '✗ sync on analytics-prod failed', opts: {open}});
      expect(shown(s)).toBe('dbt gate FAIL: the sync failed');
      expect(shown(timeOver(s))).toBe('✗ sync on analytics-prod failed');
      expect(timeOver(s).message?.open).toBe(open);
    }
  });

  it('a notice replaces a success or an info message, and a newer notice the one waiting', () => {
    expect(shown(run({type: 'show', level: 'success', text: 'Saved'}, {type: 'show', level: 'success', text: '✓ sync', opts: {open}}))).toBe('✓ sync');
    const s = run({type: 'show', level: 'error', text: 'failed'}, {type: 'show', level: 'error', text: '✗ one', opts: {open}}, {type: 'show', level: 'error', text: '2 runs ended', opts: {open}});
    expect(shown(s)).toBe('failed');
    expect(shown(timeOver(s))).toBe('2 runs ended');
  });

  it('a plain message over a notice keeps the notice behind it; cleared at once, nothing comes back', () => {
    const s = run({type: 'show', level: 'error', text: '✗ sync', opts: {open}}, {type: 'show', level: 'info', text: 'No changes'});
    expect(shown(s)).toBe('No changes');
    expect(shown(timeOver(s))).toBe('✗ sync');
    expect(flashReducer(s, {type: 'clear'}).message).toBeNull();
  });
});
