// The registry the App was given, for screens that link to others: a screen asks whether an id exists here
// instead of importing the registry (which imports every screen).
import React, {createContext, useContext, useMemo, type ReactNode} from 'react';
import type {ScreenDef} from '../screen.js';

const ScreensContext = createContext<ReadonlyMap<string, ScreenDef>>(new Map());

export function ScreensProvider({screens, children}: {readonly screens: readonly ScreenDef[]; readonly children: ReactNode}) {
  const byId = useMemo(() => new Map(screens.map((s) => [s.id, s])), [screens]);
  return <ScreensContext.Provider value={byId}>{children}</ScreensContext.Provider>;
}

/** The registered screen with this id, if this build of svc has it. */
export function useScreenDef(): (id: string) => ScreenDef | undefined {
  const byId = useContext(ScreensContext);
  return (id) => byId.get(id);
}
