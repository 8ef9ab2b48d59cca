// `?`: every key, generated from keymap.ts, the current screen's section first. Esc, q, ? or Enter close it.
import React, {useReducer} from 'react';
import {Box, Text} from 'ink';
import {useKeys} from '../dispatch/Dispatcher.js';
import {bindingsFor, keysLabel, type Binding, type KeyPolicy, type KeyScope} from '../keymap.js';
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
  readonly heading: string;
  readonly bindings: readonly Binding[];
}

export function helpSections(screen: string, screenTitle: string, policy: KeyPolicy, unavailable: readonly string[] = []): HelpSection[] {
  const scopes: [string, KeyScope][] = [
    [screenTitle, `screen:${screen}`],
    ['Lists', 'list'],
    ['Logs', 'pager'],
    ['General', 'global'],
    ['Dialogs', 'dialog'],
  ];
  return scopes
    .map(([heading, scope]) => ({heading, bindings: bindingsFor(scope, policy).filter((b) => !unavailable.includes(b.id))}))
    .filter((s) => s.bindings.length > 0);
}

export function HelpOverlay({screen, screenTitle, policy, unavailable, onClose, height}: HelpOverlayProps) {
  const [top, scroll] = useReducer((t: number, delta: number) => Math.max(0, t + delta), 0);
  const page = Math.max(1, height - 2);
  useKeys('dialog', {
    'overlay.close': () => onClose(),
    'list.down': () => scroll(1),
    'list.up': () => scroll(-1),
    'list.pageDown': () => scroll(page),
    'list.pageUp': () => scroll(-page),
    // Modal: nothing behind help reacts while it is open.
    '*': () => true,
  });
  const lines: React.ReactNode[] = [];
  for (const s of helpSections(screen, screenTitle, policy, unavailable)) {
    lines.push(
      <Text key={`h-${s.heading}`} bold color={color.accent}>
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
      <Text bold>
        Keys (Esc closes{more || start > 0 ? ', j/k scroll' : ''})
      </Text>
      {lines.slice(start, start + room)}
    </Box>
  );
}
