// `?`: every key, generated from keymap.ts, the current screen's section first. Esc, q, ? or Enter close it; j/k and
// PgDn/PgUp scroll it (its footer says so).
import React, {useReducer} from 'react';
import {Box, Text} from 'ink';
import {useKeys} from '../dispatch/Dispatcher.js';
import type {KeyHandler} from '../dispatch/dispatch.js';
import {bindingsFor, keysLabel, type ActionId, type Binding, type KeyPolicy, type KeyScope} from '../keymap.js';
import {color} from '../theme.js';

export interface HelpOverlayProps {
  readonly screen: string;
  /** Heading for the screen's own keys: 'Deployments'. */
  readonly screenTitle: string;
  /** What the session may do: keys it may not use are not listed. */
  readonly policy: KeyPolicy;
  /** Action ids the object on screen does not allow: not listed. */
  readonly unavailable?: readonly string[];
  readonly onClose: () => void;
  readonly height: number;
}

export interface HelpSection {
  readonly scope: KeyScope;
  readonly heading: string;
  readonly bindings: readonly Binding[];
}

export function helpSections(screen: string, screenTitle: string, policy: KeyPolicy, unavailable: readonly string[] = []): HelpSection[] {
  const shell: [string, KeyScope][] = [
    ['Lists', 'list'],
    ['Logs', 'pager'],
    ['General', 'global'],
    ['Dialogs', 'dialog'],
  ];
  // The Logs screen's own keys and the log view's keys are two sections: their headings must tell them apart.
  const own = shell.some(([heading]) => heading === screenTitle) ? `${screenTitle} screen` : screenTitle;
  const scopes: [string, KeyScope][] = [[own, `screen:${screen}`], ...shell];
  return scopes
    .map(([heading, scope]) => ({scope, heading, bindings: bindingsFor(scope, policy).filter((b) => !unavailable.includes(b.id))}))
    .filter((s) => s.bindings.length > 0);
}

/** Help's keys: the footer's while it is open. */
export const HELP_KEYS = ['overlay.down', 'overlay.up', 'overlay.pageDown', 'overlay.pageUp', 'overlay.close'] as const satisfies readonly ActionId[];

export function HelpOverlay({screen, screenTitle, policy, unavailable, onClose, height}: HelpOverlayProps) {
  const [top, scroll] = useReducer((t: number, delta: number) => Math.max(0, t + delta), 0);
  const page = Math.max(1, height - 2);
  const keys: Record<(typeof HELP_KEYS)[number], KeyHandler> = {
    'overlay.down': () => scroll(1),
    'overlay.up': () => scroll(-1),
    'overlay.pageDown': () => scroll(page),
    'overlay.pageUp': () => scroll(-page),
    'overlay.close': () => onClose(),
  };
  // Modal: nothing behind help reacts while it is open.
  useKeys('dialog', {...keys, '*': () => true});
  const lines: React.ReactNode[] = [];
  for (const s of helpSections(screen, screenTitle, policy, unavailable)) {
    lines.push(
      <Text key={`h-${s.scope}`} bold color={color.accent}>
        {s.heading}
      </Text>,
    );
    for (const b of s.bindings) {
      lines.push(
        <Text key={b.id} wrap="truncate-end">
          {'  '}
          {keysLabel(b).padEnd(14)} {b.description}
          {b.dangerous && !b.immediate ? <Text color={color.warn}> (asks first)</Text> : null}
        </Text>,
      );
    }
  }
  const room = Math.max(0, height - 1);
  const start = Math.min(top, Math.max(0, lines.length - room));
  const more = start + room < lines.length;
  return (
    <Box flexDirection="column" height={height} overflowY="hidden">
      {/* Its keys are in the footer; the heading says where in the list the view is when it scrolls. */}
      <Text bold>
        Keys
        {more || start > 0 ? <Text color={color.muted}>{` · lines ${start + 1}–${Math.min(lines.length, start + room)} of ${lines.length}`}</Text> : null}
      </Text>
      {lines.slice(start, start + room)}
    </Box>
  );
}
