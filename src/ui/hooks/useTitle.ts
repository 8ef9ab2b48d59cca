// The title line (`Deployments [45] /prod`) and the header's dev-mode slot, set by whatever screen is showing.
import {useCallback, useContext, useEffect} from 'react';
import {TitleEntry, useChromeSetters} from './chrome.js';

/** Sets the title line's resource and scope while the calling screen is mounted. */
export function useTitle(resource: string, scope?: string): void {
  const {setTitle} = useChromeSetters();
  const entry = useContext(TitleEntry);
  useEffect(() => {
    setTitle((t) => ({...t, resource, scope, entry}));
    return () => setTitle((t) => ({...t, resource: undefined, scope: undefined}));
  }, [resource, scope, entry, setTitle]);
}

/**
 * Publishes the row count for the title line (DataTable does this for its list). Returns a function that shows a
 * count at once: a key handler that knows the next count calls it in the same update as its change, so the title
 * line changes in that commit and not in one of its own after it.
 */
export function useTitleCount(count: number | undefined): (count: number | undefined) => void {
  const {setTitle} = useChromeSetters();
  const entry = useContext(TitleEntry);
  const publish = useCallback(
    (next: number | undefined) => setTitle((t) => (t.count === next && t.entry === entry ? t : {...t, count: next, entry})),
    [setTitle, entry],
  );
  // Set when the count changes; cleared when the caller goes. (Cleared and set again on each change, the title would
  // be a new object even when a key handler had already published the count: a commit of its own.)
  useEffect(() => publish(count), [count, publish]);
  useEffect(() => () => publish(undefined), [publish]);
  return publish;
}

/**
 * Reports the active dev-mode branch (`★ <branch>` in the header). It stays after the caller unmounts: it is a
 * fact about the session, not the screen; pass undefined when dev mode ends.
 */
export function useDevBranch(name: string | undefined): void {
  const {setDevBranch} = useChromeSetters();
  useEffect(() => {
    setDevBranch(name);
  }, [name, setDevBranch]);
}
