// The live state of one deployment as a list row shows it: build status and the last dbt sync (two requests,
// refreshed on the live interval), and the version and git connection from its settings (one request, refreshed
// rarely: a version changes by a switch, not by itself). The deployments list asks only for the rows on screen, and
// in the background (queries/background.ts): a few at a time, behind whatever the user asks for.
import type {Api} from '../api/client.js';
import {getBuildStatus} from '../api/builds.js';
import {listDbtSyncs} from '../api/dbt.js';
import {getDeploymentSettings} from '../api/deployments.js';
import {backgroundQuery} from './background.js';
import {dbtKeys} from './dbt.js';
import {buildKeys, deploymentKeys} from './keys.js';
import {pollUntil, type LivePolicy} from './poll.js';

/** Settings are re-read at most this often for a row that stays on screen. */
export const SETTINGS_STALE_MS = 5 * 60_000;

export const deploymentStateQueries = {
  /**
   * Under the overview's build key (so invalidating a deployment's build status reaches both), but an entry of its
   * own: a screen that shares a row's fetch would wait behind the background lane for it (Enter on a row whose
   * state was still queued), which a request the user makes must never do.
   */
  build: (api: Api, id: string, live?: LivePolicy) =>
    backgroundQuery(api, (lane) => ({
      queryKey: [...buildKeys.status(id, undefined), 'row'] as const,
      queryFn: ({signal}: {signal: AbortSignal}) => getBuildStatus(lane, id, undefined, signal),
      refetchInterval: pollUntil(live),
    })),
  lastSync: (api: Api, id: string, live?: LivePolicy) =>
    backgroundQuery(api, (lane) => ({
      queryKey: [...dbtKeys.ofDeployment(id), 'latest'] as const,
      queryFn: async ({signal}: {signal: AbortSignal}) => (await listDbtSyncs(lane, id, {first: 1}, signal)).runs[0] ?? null,
      refetchInterval: pollUntil(live),
    })),
  settings: (api: Api, id: string) =>
    backgroundQuery(api, (lane) => ({
      queryKey: deploymentKeys.settings(id),
      queryFn: ({signal}: {signal: AbortSignal}) => getDeploymentSettings(lane, id, signal),
      staleTime: SETTINGS_STALE_MS,
    })),
};
