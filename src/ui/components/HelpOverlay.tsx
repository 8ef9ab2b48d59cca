// `?`: every key, generated from keymap.ts, the current screen's section first. Esc, q, ? or Enter close it.
import React from 'react';
import {Box, Text} from 'ink';
import {useKeys} from '../dispatch/Dispatcher.js';
import {bindingsFor, keysLabel, type Binding, type KeyScope} from '../keymap.js';
import {color} from '../theme.js';

export interface HelpOverlayProps {
  readonly screen: string;
  /** Heading for the screen's own keys: 'Deployments'. */
  readonly screenTitle: string;
  readonly readonly: boolean;
  readonly onClose: () => void;
  readonly height: number;
}

export interface HelpSection {
  readonly heading: string;
  readonly bindings: readonly Binding[];
}

export function helpSections(screen: string, screenTitle: string, readonly: boolean): HelpSection[] {
  const scopes: [string, KeyScope][] = [
    [screenTitle, `screen:${screen}`],
    ['Lists', 'list'],
    ['General', 'global'],
    ['Dialogs', 'dialog'],
  ];
  return scopes
    .map(([heading, scope]) => ({heading, bindings: bindingsFor(scope, {readonly})}))
    .filter((s) => s.bindings.length > 0);
}

export function HelpOverlay({screen, screenTitle, readonly, onClose, height}: HelpOverlayProps) {
  useKeys('dialog', {
    '*': (ev) => {
      if (['escape', 'q', '?', 'enter'].includes(ev.name)) onClose();
      return true;
    },
  });
  const lines: React.ReactNode[] = [];
  for (const s of helpSections(screen, screenTitle, readonly)) {
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
          {b.dangerous ? <Text color={color.warn}> (asks first)</Text> : null}
        </Text>,
      );
    }
  }
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text bold>Keys (Esc closes)</Text>
      {lines.slice(0, Math.max(0, height - 1))}
    </Box>
  );
}
