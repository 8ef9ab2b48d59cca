// The title line (`Deployments [45] /prod`) and the header's dev-mode slot are set by whatever screen is
// showing; the shell only renders them.
import React, {createContext, useContext, useEffect, useMemo, useState} from 'react';

export interface TitleInfo {
  /** 'Deployments', 'Branches'. */
  readonly resource?: string;
  /** 'analytics-prod', a deployment or branch the list is scoped to. */
  readonly scope?: string;
  /** Rows shown after the filter; DataTable publishes it. */
  readonly count?: number;
}

interface ChromeApi {
  readonly title: TitleInfo;
  readonly devBranch?: string;
  setTitle(update: (t: TitleInfo) => TitleInfo): void;
  setDevBranch(name: string | undefined): void;
}

const ChromeContext = createContext<ChromeApi | null>(null);

export function ChromeProvider({children}: {children: React.ReactNode}) {
  const [title, setTitleState] = useState<TitleInfo>({});
  const [devBranch, setDevBranch] = useState<string | undefined>();
  const api = useMemo<ChromeApi>(
    () => ({title, devBranch, setTitle: setTitleState, setDevBranch}),
    [title, devBranch],
  );
  return <ChromeContext.Provider value={api}>{children}</ChromeContext.Provider>;
}

export function useChrome(): ChromeApi {
  const api = useContext(ChromeContext);
  if (!api) throw new Error('useChrome outside ChromeProvider');
  return api;
}

/** Sets the title line's resource and scope while the calling screen is mounted. */
export function useTitle(resource: string, scope?: string): void {
  const {setTitle} = useChrome();
  useEffect(() => {
    setTitle((t) => ({...t, resource, scope}));
    return () => setTitle((t) => ({...t, resource: undefined, scope: undefined}));
  }, [resource, scope, setTitle]);
}

/** Publishes the row count for the title line (DataTable does this for its list). */
export function useTitleCount(count: number | undefined): void {
  const {setTitle} = useChrome();
  useEffect(() => {
    setTitle((t) => (t.count === count ? t : {...t, count}));
    return () => setTitle((t) => ({...t, count: undefined}));
  }, [count, setTitle]);
}

/**
 * Reports the active dev-mode branch (`★ <branch>` in the header). It stays after the caller unmounts: it is a
 * fact about the session, not the screen; pass undefined when dev mode ends.
 */
export function useDevBranch(name: string | undefined): void {
  const {setDevBranch} = useChrome();
  useEffect(() => {
    setDevBranch(name);
  }, [name, setDevBranch]);
}
