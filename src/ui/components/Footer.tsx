// Key hints generated from keymap.ts: the current screen's footer keys first, then list and global ones,
// cut to the width (never wrapped).
import React from 'react';
import {Text} from 'ink';
import {KEYMAP, keysLabel, type Binding} from '../keymap.js';
import {color} from '../theme.js';

export interface FooterProps {
  /** Current screen id; its `screen:<id>` bindings come first. */
  readonly screen: string;
  readonly readonly: boolean;
  readonly width: number;
  /** What Esc does next ('clear filter', 'back'); replaces the generic Esc hint. */
  readonly escape?: string;
  /** A list is on screen: its hints (Enter open) apply. @default true */
  readonly hasList?: boolean;
}

export function footerBindings(screen: string, readonly: boolean, hasList = true): Binding[] {
  const visible = (b: Binding) => b.footer && !(readonly && b.dangerous);
  const order = hasList ? [`screen:${screen}`, 'list', 'global'] : [`screen:${screen}`, 'global'];
  return order.flatMap((scope) => KEYMAP.filter((b) => b.scope === scope && visible(b)));
}

/** Always shown, at the end, so a narrow terminal still says how to get help and out. */
const ESSENTIAL = new Set(['app.help', 'app.quit']);

export function footerText(p: FooterProps): string {
  const hint = (b: Binding) => {
    const description = b.id === 'app.back' ? p.escape : b.description;
    return description ? `${keysLabel(b)} ${description}` : undefined;
  };
  const all = footerBindings(p.screen, p.readonly, p.hasList);
  const tail = all.filter((b) => ESSENTIAL.has(b.id)).map(hint).filter((h): h is string => h !== undefined);
  const room = p.width - [...tail.join('  ')].length - 2;
  const head: string[] = [];
  let used = 0;
  for (const b of all) {
    const h = ESSENTIAL.has(b.id) ? undefined : hint(b);
    if (!h) continue;
    const cost = [...h].length + (head.length ? 2 : 0);
    if (used + cost > room) break;
    head.push(h);
    used += cost;
  }
  return [...head, ...tail].join('  ');
}

export function Footer(props: FooterProps) {
  return (
    <Text color={color.muted} wrap="truncate-end">
      {footerText(props)}
    </Text>
  );
}
