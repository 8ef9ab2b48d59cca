import {useEffect, useState} from 'react';
import {useClock} from './useClock.js';

/** The current time on the App's clock, re-read every `intervalMs`; used only by small leaf components (the header's "ago"). */
export function useNow(intervalMs = 1000): number {
  const clock = useClock();
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => clock.every(intervalMs, () => setNow(clock.now())), [clock, intervalMs]);
  return now;
}
