// The title line (`Deployments [45] /prod`) and the header's dev-mode slot are set by whatever screen is
// showing; the shell only renders them.
import React, {createContext, useContext, useEffect, useLayoutEffect, useMemo, useState} from 'react';

export interface TitleInfo {
  /** 'Deployments', 'Branches'. */
  readonly resource?: string;
  /** 'analytics-prod', a deployment or branch the list is scoped to. */
  readonly scope?: string;
  /** Rows shown after the filter; DataTable publishes it. */
  readonly count?: number;
}

/** What the screen on show has that shell keys act on: `/` only filters a list or a log, the pager keys only page a log. */
export interface Features {
  readonly filterable: number;
  readonly pager: number;
  /** A log pager whose `/` finds lines (n/N) instead of filtering them. */
  readonly searchable?: number;
  /** What Enter does on the list on screen ('open', 'switch version'); undefined: Enter does nothing there. */
  readonly open?: string;
  /** A view over the screen (an event's details) whose own keys replace the screen's in the footer and help. */
  readonly keyScope?: string;
  /** Actions of the screen's scope that the object on screen does not allow (an API key cannot be edited). */
  readonly unavailable?: readonly string[];
}

interface ChromeApi {
  readonly title: TitleInfo;
  readonly devBranch?: string;
  readonly features: Features;
  setTitle(update: (t: TitleInfo) => TitleInfo): void;
  setDevBranch(name: string | undefined): void;
  setFeatures(update: (f: Features) => Features): void;
}

const ChromeContext = createContext<ChromeApi | null>(null);

export function ChromeProvider({children}: {children: React.ReactNode}) {
  const [title, setTitleState] = useState<TitleInfo>({});
  const [devBranch, setDevBranch] = useState<string | undefined>();
  const [features, setFeatures] = useState<Features>({filterable: 0, pager: 0});
  const api = useMemo<ChromeApi>(
    () => ({title, devBranch, features, setTitle: setTitleState, setDevBranch, setFeatures}),
    [title, devBranch, features],
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

function useFeature(name: 'filterable' | 'pager' | 'searchable', on: boolean): void {
  const {setFeatures} = useChrome();
  // Layout effects: the shell's keys must see the feature as soon as the view is on screen.
  useLayoutEffect(() => {
    if (!on) return;
    setFeatures((f) => ({...f, [name]: (f[name] ?? 0) + 1}));
    return () => setFeatures((f) => ({...f, [name]: (f[name] ?? 0) - 1}));
  }, [name, on, setFeatures]);
}

/** The calling pager's `/` searches (the footer and the `/` line say so). */
export function useSearchable(on = true): void {
  useFeature('searchable', on);
}

/** The calling view applies the `/` filter (DataTable and LogPager do); without one, `/` says there is nothing to filter. */
export function useFilterable(on = true): void {
  useFeature('filterable', on);
}

/** The calling view is a log pager: the footer and help offer its keys (follow, wrap). */
export function usePagerKeys(on = true): void {
  useFeature('pager', on);
}

/**
 * The calling view covers its screen and has its own keys (`screen:<scope>` bindings, none at all for a plain
 * detail view): the footer and help show those instead of the screen's, which do not act under it.
 */
export function useKeyScope(scope: string): void {
  const {setFeatures} = useChrome();
  useLayoutEffect(() => {
    setFeatures((f) => ({...f, keyScope: scope}));
    return () => setFeatures((f) => ({...f, keyScope: undefined}));
  }, [scope, setFeatures]);
}

/**
 * Takes the screen's actions the object on screen does not allow out of the footer and help (the key still says
 * why when pressed): a screen shown for several kinds of object shows only the keys that act on this one.
 */
export function useUnavailableActions(ids: readonly string[]): void {
  const {setFeatures} = useChrome();
  const key = ids.join(' ');
  useLayoutEffect(() => {
    const list = key === '' ? [] : key.split(' ');
    setFeatures((f) => ({...f, unavailable: list}));
    return () => setFeatures((f) => ({...f, unavailable: undefined}));
  }, [key, setFeatures]);
}

/** Publishes what Enter does on the calling list (the footer's `Enter <label>`); undefined: nothing. */
export function useOpenLabel(label: string | undefined): void {
  const {setFeatures} = useChrome();
  useLayoutEffect(() => {
    setFeatures((f) => (f.open === label ? f : {...f, open: label}));
    return () => setFeatures((f) => ({...f, open: undefined}));
  }, [label, setFeatures]);
}
