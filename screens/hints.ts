// Key hints inside dialogs and forms, written from the keymap so they cannot drift from what the keys do.
import {useCallback} from 'react';
import {useWithheld} from '../src/ui/hooks/usePolicy.js';
import {binding, keysLabel, type ActionId} from '../src/ui/keymap.js';

/** How the keys of an action are written in text: `j/↓`. */
export function keysFor(id: ActionId): string {
  const b = binding(id);
  return b ? keysLabel(b) : '?';
}

/** `Tab next field · Enter create` for [['form.next', 'next field'], ['form.submit', 'create']]. */
export function hints(pairs: readonly (readonly [id: ActionId, text: string])[]): string {
  return pairs
    .map(([id, text]) => {
      const b = binding(id);
      return b ? `${keysLabel(b)} ${text}` : undefined;
    })
    .filter((h): h is string => h !== undefined)
    .join(' · ');
}

/** `hints` without the keys this session may not use (usePolicy): a hint line never offers a hidden key. */
export function useHints(): typeof hints {
  const withheld = useWithheld();
  return useCallback((pairs) => hints(pairs.filter(([id]) => withheld(id) === undefined)), [withheld]);
}
