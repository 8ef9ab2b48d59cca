import React from 'react';
import {Text} from 'ink';
import {color} from '../theme.js';
import {maxOf} from '../../lib/lists.js';

const BARS = '▁▂▃▄▅▆▇█';

/** Values as one line of bars scaled to the largest; the last `width` values when there are more. */
export function sparkline(values: readonly number[], width = values.length): string {
  const shown = values.slice(-width);
  const max = maxOf(shown, 0);
  return shown.map((v) => (max <= 0 ? BARS[0] : BARS[Math.min(7, Math.round((Math.max(0, v) / max) * 7))])).join('');
}

export function Sparkline({values, width, tint = color.accent}: {values: readonly number[]; width?: number; tint?: string}) {
  return <Text color={tint}>{sparkline(values, width)}</Text>;
}
