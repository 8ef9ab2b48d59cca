import React, {useEffect, useState} from 'react';
import {Text} from 'ink';
import {useClock} from '../hooks/useClock.js';
import {color} from '../theme.js';

const FRAMES = '⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏';
/**
 * Slower than ink-spinner's 80 ms on purpose: every frame re-renders and rewrites the whole screen, and during
 * start-up that work competes with the first data arriving.
 */
const INTERVAL_MS = 150;

/** A small dots spinner in the accent colour. */
export function Spinner() {
  const clock = useClock();
  const [frame, setFrame] = useState(0);
  useEffect(() => clock.every(INTERVAL_MS, () => setFrame((f) => (f + 1) % FRAMES.length)), [clock]);
  return <Text color={color.accent}>{FRAMES[frame]}</Text>;
}
