// What the deployment overview adds to its settings: the latest dbt syncs (a few rows) and, for a deployment
// built from GitHub, the account's GitHub connection (one cache entry for every deployment, asked for only when a
// git deployment is on screen). Both refresh on the live interval.
import type {Api} from '../api/client.js';
import {listDbtSyncs} from '../api/dbt.js';
import {getGithubStatus} from '../api/github.js';
import {bool, str} from '../api/read.js';
import {dbtKeys} from './dbt.js';
import {githubKeys} from './keys.js';
import {pollUntil, type LivePolicy} from './poll.js';

/** Syncs the overview lists. */
export const OVERVIEW_SYNCS = 3;

export interface GithubConnection {
  connected: boolean;
  /** Where the app's installation is managed (connected) or made (not connected). */
  url?: string;
}

export const overviewQueries = {
  recentSyncs: (api: Api, deploymentId: string, live?: LivePolicy) => ({
    queryKey: [...dbtKeys.ofDeployment(deploymentId), 'recent', OVERVIEW_SYNCS] as const,
    queryFn: async ({signal}: {signal: AbortSignal}) => (await listDbtSyncs(api, deploymentId, {first: OVERVIEW_SYNCS}, signal)).runs,
    refetchInterval: pollUntil(live),
  }),
  github: (api: Api, live?: LivePolicy) => ({
    queryKey: githubKeys.status(),
    queryFn: async ({signal}: {signal: AbortSignal}): Promise<GithubConnection> => {
      const body = await getGithubStatus(api, signal);
      const connected = bool(body.connected) ?? false;
      const url = connected ? str(body.settingsUrl) : str(body.linkUrl);
      return {connected, ...(url ? {url} : {})};
    },
    refetchInterval: pollUntil(live),
  }),
};
