// The keymap is shared by every screen; these rules keep a screen's keys from silently shadowing the shell's.
import {describe, expect, it} from 'vitest';
import {binding, KEYMAP, type ActionId} from '../../src/ui/keymap.js';
import type {KeyHandlers} from '../../src/ui/dispatch/dispatch.js';
import {hints} from '../../screens/hints.js';
import {SCREENS} from '../../screens/index.js';
import {footerText} from '../../src/ui/components/footerText.js';

const keysOf = (pred: (scope: string, id: string) => boolean) =>
  new Set(KEYMAP.filter((b) => pred(b.scope, b.id)).flatMap((b) => b.keys));

describe('keymap', () => {
  it('no registered screen rebinds a global key or a list movement key', () => {
    const reserved = keysOf((scope, id) => scope === 'global' || (scope === 'list' && id !== 'list.open'));
    const clashes = KEYMAP.filter((b) => SCREENS.some((s) => b.scope === `screen:${s.id}`)).flatMap((b) =>
      b.keys.filter((k) => reserved.has(k)).map((k) => `${b.id}: ${k}`),
    );
    expect(clashes).toEqual([]);
  });

  it('a key means one thing per scope, and action ids are unique', () => {
    const seen = new Map<string, string>();
    const dups: string[] = [];
    for (const b of KEYMAP) {
      for (const k of b.keys) {
        const slot = `${b.scope} ${k}`;
        if (seen.has(slot)) dups.push(`${slot}: ${seen.get(slot)} and ${b.id}`);
        seen.set(slot, b.id);
      }
    }
    expect(dups).toEqual([]);
    expect(new Set(KEYMAP.map((b) => b.id)).size).toBe(KEYMAP.length);
  });

  it('the footer always keeps help and quit, even at 60 columns', () => {
    for (const s of SCREENS) {
      const text = footerText({screen: s.id, readonly: false, width: 60});
      expect(text.length).toBeLessThanOrEqual(60);
      expect(text).toContain('? help');
      expect(text).toContain('q quit');
    }
  });

  it('action ids are types: a misspelt id in a handler map or a hint does not compile (tsc checks this file)', () => {
    const handlers: KeyHandlers = {
      'deployments.delete': () => true,
      // @ts-expect-error 'deployments.delet' is not an action of the keymap
      'deployments.delet': () => true,
    };
    // @ts-expect-error 'form.sumbit' is not an action of the keymap
    const hint = hints([['form.sumbit', 'create']]);
    // @ts-expect-error a screen action id must exist in the table
    const missing = binding('deployments.purge');
    const id: ActionId = 'form.submit';
    expect(Object.keys(handlers)).toContain('deployments.delete');
    expect(hint).toBe('');
    expect(missing).toBeUndefined();
    expect(binding(id)?.scope).toBe('form');
  });

  it('forms have their own scope, not a made-up screen', () => {
    const forms = KEYMAP.filter((b) => b.id.startsWith('form.'));
    expect(forms.length).toBeGreaterThan(0);
    expect(forms.every((b) => b.scope === 'form')).toBe(true);
    expect(KEYMAP.some((b) => b.scope === 'screen:form')).toBe(false);
  });
});
