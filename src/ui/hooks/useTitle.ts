// The title line (`Deployments [45] /prod`) and the header's dev-mode slot, set by whatever screen is showing.
import {useEffect} from 'react';
import {useChrome} from './chrome.js';

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
