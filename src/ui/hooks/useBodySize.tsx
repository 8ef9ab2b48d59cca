// The space the shell leaves for the current screen (terminal minus header, title, crumbs, footer, flash).
import React, {createContext, useContext} from 'react';

export interface BodySize {
  readonly width: number;
  readonly height: number;
}

const BodySizeContext = createContext<BodySize>({width: 80, height: 18});

export function BodySizeProvider({size, children}: {size: BodySize; children: React.ReactNode}) {
  return <BodySizeContext.Provider value={size}>{children}</BodySizeContext.Provider>;
}

export function useBodySize(): BodySize {
  return useContext(BodySizeContext);
}
