// The App's clock (ui/clock.ts) for whatever keeps a pace in the console: real time unless the App was given one.
import {createContext, useContext} from 'react';
import {realClock, type UiClock} from '../clock.js';

const ClockContext = createContext<UiClock>(realClock);

export const ClockProvider = ClockContext.Provider;

export function useClock(): UiClock {
  return useContext(ClockContext);
}
