// Live state columns of the deployments list: build, version, last dbt sync and its age, git — fetched only for
// the rows on screen (DataTable's onVisibleRows), cached by react-query under the same keys the overview uses.
import {useMemo} from 'react';
import {useQueries} from '@tanstack/react-query';
import type {BuildStatus} from '../../src/api/builds.js';
import type {DbtRun} from '../../src/api/dbt.js';
import type {DeploymentSettingsView} from '../../src/api/deployments.js';
import {deploymentStateQueries} from '../../src/queries/deploymentState.js';
import type {LivePolicy} from '../../src/queries/poll.js';
import {useApi} from '../../src/ui/hooks/useApi.js';

export interface RowState {
  build?: BuildStatus;
  sync?: DbtRun | null;
  settings?: DeploymentSettingsView;
}

/** The state of each visible deployment, by id; rows off screen have none (and cost no request). */
export function useRowStates(visibleIds: readonly string[], live: LivePolicy): ReadonlyMap<string, RowState> {
  const api = useApi();
  const builds = useQueries({queries: visibleIds.map((id) => deploymentStateQueries.build(api, id, live))});
  const syncs = useQueries({queries: visibleIds.map((id) => deploymentStateQueries.lastSync(api, id, live))});
  const settings = useQueries({queries: visibleIds.map((id) => deploymentStateQueries.settings(api, id))});
  const key = visibleIds.map((id, i) => `${id}:${builds[i]?.dataUpdatedAt}:${syncs[i]?.dataUpdatedAt}:${settings[i]?.dataUpdatedAt}`).join(',');
  return useMemo(() => {
    const map = new Map<string, RowState>();
    visibleIds.forEach((id, i) => map.set(id, {build: builds[i]?.data, sync: syncs[i]?.data, settings: settings[i]?.data}));
    return map;
    // Rebuilt only when some row's data was updated (`key` says so), so an unchanged refresh repaints nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
