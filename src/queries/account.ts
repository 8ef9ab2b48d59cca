// Account queries: the signed-in user and the regions a deployment can be created in.
import type {Api} from '../api/client.js';
import {getMe, listRegions} from '../api/account.js';
import {accountKeys} from './keys.js';

export const accountQueries = {
  me: (api: Api) => ({
    queryKey: accountKeys.me(),
    queryFn: ({signal}: {signal: AbortSignal}) => getMe(api, signal),
  }),
  /** Regions change rarely: fetched once per session. */
  regions: (api: Api) => ({
    queryKey: accountKeys.regions(),
    queryFn: ({signal}: {signal: AbortSignal}) => listRegions(api, signal),
    staleTime: Infinity,
  }),
};
