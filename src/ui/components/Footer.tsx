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
}

export function footerBindings(screen: string, readonly: boolean): Binding[] {
  const visible = (b: Binding) => b.footer && !(readonly && b.dangerous);
  const order = [`screen:${screen}`, 'list', 'global'];
  return order.flatMap((scope) => KEYMAP.filter((b) => b.scope === scope && visible(b)));
}

export function footerText(p: FooterProps): string {
  const parts: string[] = [];
  for (const b of footerBindings(p.screen, p.readonly)) {
    const description = b.id === 'app.back' ? p.escape : b.description;
    if (description) parts.push(`${keysLabel(b)} ${description}`);
  }
  let out = '';
  for (const part of parts) {
    const next = out ? `${out}  ${part}` : part;
    if ([...next].length > p.width) break;
    out = next;
  }
  return out;
}

export function Footer(props: FooterProps) {
  return (
    <Text color={color.muted} wrap="truncate-end">
      {footerText(props)}
    </Text>
  );
}
