// What the shell draws around a screen but the screen on show decides: the title line (`Deployments [45] /prod`),
// the header's dev-mode slot, and what the view on show has that shell keys act on. One store, the shell renders
// it; the screens set it through the hooks in useTitle.ts, useViewFeatures.ts and useKeyScope.ts.
import React, {createContext, useContext, useMemo, useState} from 'react';

export interface TitleInfo {
  /** 'Deployments', 'Branches'. */
  readonly resource?: string;
  /** 'analytics-prod', a deployment or branch the list is scoped to. */
  readonly scope?: string;
  /** Rows shown after the filter; DataTable publishes it. */
  readonly count?: number;
  /**
   * The navigation entry (NavEntry.key) whose screen published it. A screen publishes in a passive effect, after the
   * commit that shows it is drawn: the shell shows the title of the entry on top only, so a navigation's first frame
   * has the new screen's registry title, never the old screen's resource and count.
   */
  readonly entry?: number;
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

/** How the screens set what the shell draws: the same object for the App's whole life. */
interface ChromeSetters {
  setTitle(update: (t: TitleInfo) => TitleInfo): void;
  setDevBranch(name: string | undefined): void;
  setFeatures(update: (f: Features) => Features): void;
}

interface ChromeApi extends ChromeSetters {
  readonly title: TitleInfo;
  readonly devBranch?: string;
  readonly features: Features;
}

// Two contexts: a screen that sets its title (a count that changes with the rows) is not rendered again for it; the
// shell, which draws the title, is.
const ChromeContext = createContext<ChromeApi | null>(null);
const SettersContext = createContext<ChromeSetters | null>(null);
/** The navigation entry of the screen below it: the shell provides it around the screen on top. */
export const TitleEntry = createContext<number | undefined>(undefined);

export function ChromeProvider({children}: {children: React.ReactNode}) {
  const [title, setTitle] = useState<TitleInfo>({});
  const [devBranch, setDevBranch] = useState<string | undefined>();
  const [features, setFeatures] = useState<Features>({filterable: 0, pager: 0});
  const setters = useMemo<ChromeSetters>(() => ({setTitle, setDevBranch, setFeatures}), []);
  const api = useMemo<ChromeApi>(() => ({title, devBranch, features, ...setters}), [title, devBranch, features, setters]);
  return (
    <SettersContext.Provider value={setters}>
      <ChromeContext.Provider value={api}>{children}</ChromeContext.Provider>
    </SettersContext.Provider>
  );
}

/** What the shell draws and its setters (the shell reads it). */
export function useChrome(): ChromeApi {
  const api = useContext(ChromeContext);
  if (!api) throw new Error('useChrome outside ChromeProvider');
  return api;
}

/** What the title line shows for the entry on top: what that entry's screen published, or nothing yet. */
export function titleOf(title: TitleInfo, entry: number): TitleInfo {
  return title.entry === entry ? title : {};
}

/** The setters alone (the screens' hooks): a component that only sets renders again for nothing the shell draws. */
export function useChromeSetters(): ChromeSetters {
  const setters = useContext(SettersContext);
  if (!setters) throw new Error('useChromeSetters outside ChromeProvider');
  return setters;
}
