// The guide's state lives outside the screen: per QueryClient (one per running console), the current session
// of each deployment and the progress of each dev branch (saved files, last validation, committed, merged).
// Leaving the screen (to watch the build, say) and coming back finds it as it was; switching to another dev
// branch and back finds that branch's progress. After a restart the screen rebuilds what it can from the
// service (the session from build status, the changed files from the diff against the parent).
import {useCallback, useSyncExternalStore} from 'react';
import {useQueryClient, type QueryClient} from '@tanstack/react-query';
import {devReducer, initialDevState, type DevAction, type DevState} from './reducer.js';

interface Store {
  readonly states: Map<string, DevState>;
  /** Progress of branches not current: `deployment\0branch` → state. */
  readonly branches: Map<string, DevState>;
  /** The dev fork last used per `deployment\0parent`: `t` on that parent re-opens it. */
  readonly forks: Map<string, string>;
  readonly listeners: Set<() => void>;
}

const stores = new WeakMap<QueryClient, Store>();

function storeOf(client: QueryClient): Store {
  let s = stores.get(client);
  if (!s) stores.set(client, (s = {states: new Map(), branches: new Map(), forks: new Map(), listeners: new Set()}));
  return s;
}

const branchKey = (deploymentId: string, branch: string) => `${deploymentId}\0${branch}`;

/** Applies `action` to the deployment's guide; a change of session parks the old branch's progress and resumes the new one's. */
export function dispatchGuide(client: QueryClient, deploymentId: string, action: DevAction): void {
  const s = storeOf(client);
  const before = s.states.get(deploymentId) ?? initialDevState;
  let next = devReducer(before, action);
  if (action.type === 'session' && before.session?.name !== action.session?.name) {
    if (before.session) s.branches.set(branchKey(deploymentId, before.session.name), before);
    const parked = action.session ? s.branches.get(branchKey(deploymentId, action.session.name)) : undefined;
    if (parked && action.session) {
      const parent = action.session.parent ?? parked.session?.parent;
      next = {...parked, session: parent === undefined ? action.session : {...action.session, parent}};
    }
    if (action.session?.parent) s.forks.set(branchKey(deploymentId, action.session.parent), action.session.name);
  }
  if (next === before) return;
  s.states.set(deploymentId, next);
  for (const l of s.listeners) l();
}

/** The dev fork this console last used on `parent`, if any. */
export function lastFork(client: QueryClient, deploymentId: string, parent: string): string | undefined {
  return storeOf(client).forks.get(branchKey(deploymentId, parent));
}

/** The deployment's guide state and its dispatch, shared by every mount of the dev-mode screen. */
export function useGuide(deploymentId: string): [DevState, (a: DevAction) => void] {
  const client = useQueryClient();
  const s = storeOf(client);
  const subscribe = useCallback(
    (l: () => void) => {
      s.listeners.add(l);
      return () => void s.listeners.delete(l);
    },
    [s],
  );
  const state = useSyncExternalStore(subscribe, () => s.states.get(deploymentId) ?? initialDevState);
  const dispatch = useCallback((a: DevAction) => dispatchGuide(client, deploymentId, a), [client, deploymentId]);
  return [state, dispatch];
}
