import React from 'react';
import {Text} from 'ink';
import {levelStyle} from '../theme.js';
import type {FlashMessage} from '../hooks/useFlash.js';
import {safeLine} from '../../lib/safeText.js';

/** One line: `✓ switched to 1.42.0`, `✗ delete failed: …`; blank when there is nothing to say. */
export function Flash({message}: {readonly message: FlashMessage | null}) {
  if (!message) return <Text> </Text>;
  const style = levelStyle[message.level];
  return (
    <Text color={style.color} wrap="truncate-end">
      {style.glyph} {safeLine(message.text)}
    </Text>
  );
}
