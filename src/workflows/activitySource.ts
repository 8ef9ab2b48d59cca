// What the activity watcher asks the platform (`apiSource`; tests count their own), and its list of deployments:
// read page by page within the request budget, and narrowed to the ones `svc watch --deployment` names.
import type {Api} from '../api/client.js';
import {getBuildStatus, type BuildStatus} from '../api/builds.js';
import {listDbtSyncs, type DbtRun} from '../api/dbt.js';
import {deploymentsPageParams, listDeployments} from '../api/deployments.js';
import {oneLine} from '../api/errors.js';
import type {Pacer} from './activityPace.js';

export interface Named {
  id: string;
  name: string;
}

/** What the watcher asks; `apiSource` asks the platform, tests can count. */
export interface ActivitySource {
  deployments(offset: number, limit: number, signal: AbortSignal): Promise<{items: Named[]; total: number}>;
  syncs(deploymentId: string, signal: AbortSignal): Promise<DbtRun[]>;
  build(deploymentId: string, signal: AbortSignal): Promise<BuildStatus>;
}

export const DEPLOYMENTS_PAGE = 100;
/** The newest runs of a deployment that one look reads. */
const RUNS_PAGE = 20;

export function apiSource(api: Api): ActivitySource {
  return {
    deployments: async (offset, limit, signal) => {
      const page = await listDeployments(api, deploymentsPageParams(offset, limit), signal);
      return {items: page.deployments.map((d) => ({id: d.id, name: d.name})), total: page.total};
    },
    syncs: async (id, signal) => (await listDbtSyncs(api, id, {first: RUNS_PAGE}, signal)).runs,
    build: (id, signal) => getBuildStatus(api, id, undefined, signal),
  };
}

/** Every deployment the credential sees, a page per paced request (at most 1000 pages). */
export async function listAllDeployments(source: Pick<ActivitySource, 'deployments'>, pacer: Pacer, pageSize: number, signal: AbortSignal): Promise<Named[]> {
  const seen: Named[] = [];
  for (let offset = 0, pages = 0; pages < 1000; pages++) {
    await pacer.acquire(signal);
    if (signal.aborted) break;
    const page = await source.deployments(offset, pageSize, signal);
    for (const item of page.items) seen.push(item);
    offset += page.items.length;
    if (page.items.length === 0 || offset >= page.total) break;
  }
  return seen;
}

/**
 * The deployments `wanted` names (by id or name; all when it is empty). With `strict` (the watch's first list) a
 * name matching none is refused, naming it.
 */
export function chooseDeployments(all: Named[], wanted: readonly string[], strict: boolean): Named[] {
  if (wanted.length === 0) return all;
  const missing = wanted.filter((x) => !all.some((d) => d.id === x || d.name === x));
  if (missing.length > 0 && strict) {
    throw new Error(`no deployment ${missing.map((m) => `'${oneLine(m, 100)}'`).join(', ')} among the ${all.length} this credential can see`);
  }
  return all.filter((d) => wanted.includes(d.id) || wanted.includes(d.name));
}
