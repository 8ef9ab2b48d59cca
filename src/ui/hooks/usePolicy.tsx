// What this session may do, for keys: --readonly, and the permissions its credential holds (users/me, read once).
// The dispatcher, the footer, help and the screens' own hints all ask here, so a key that is not offered is
// neither shown nor run. Where the service does not say (no users/me, no `credential` in it), every key is offered.
import React, {createContext, useCallback, useContext, useMemo} from 'react';
import {useQuery} from '@tanstack/react-query';
import {accountQueries} from '../../queries/account.js';
import {binding, withheld, type ActionId, type KeyPolicy} from '../keymap.js';
import {useApi} from './useApi.js';

const PolicyContext = createContext<KeyPolicy>({readonly: false});

export function PolicyProvider({readonly, children}: {readonly: boolean; children: React.ReactNode}) {
  const api = useApi();
  // The header reads the same query: one request per session.
  const me = useQuery({...accountQueries.me(api), staleTime: Infinity});
  const permissions = me.data?.credential.permissions;
  const key = permissions === undefined ? 'unsaid' : permissions === null ? 'all' : permissions.join(' ');
  const policy = useMemo<KeyPolicy>(
    () => ({readonly, ...(permissions !== undefined && {permissions})}),
    // The list by value: a refetch answering the same permissions changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [readonly, key],
  );
  return <PolicyContext.Provider value={policy}>{children}</PolicyContext.Provider>;
}

export function usePolicy(): KeyPolicy {
  return useContext(PolicyContext);
}

/** Why the session may not use an action (its key is not offered), or undefined when it may. */
export function useWithheld(): (id: ActionId) => string | undefined {
  const policy = usePolicy();
  return useCallback((id: ActionId) => withheld(binding(id)!, policy), [policy]);
}
