// Live state columns of the deployments list: build, version, last dbt sync and its age, git — fetched only for
// the rows on screen (DataTable's onVisibleRows), cached by react-query under the same keys the overview uses.
import {useRef} from 'react';
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
  // Only `data` is read: react-query renders again for a field that was read and changed, and a refresh that brings
  // the same answer keeps the same `data` (structural sharing), so an unchanged refresh renders nothing.
  const data = visibleIds.flatMap((_, i) => [builds[i]?.data, syncs[i]?.data, settings[i]?.data]);
  const last = useRef<{ids: readonly string[]; data: unknown[]; states: ReadonlyMap<string, RowState>} | undefined>(undefined);
  if (last.current?.ids !== visibleIds || data.some((d, i) => d !== last.current?.data[i])) {
    const states = new Map<string, RowState>();
    visibleIds.forEach((id, i) => states.set(id, {build: builds[i]?.data, sync: syncs[i]?.data, settings: settings[i]?.data}));
    last.current = {ids: visibleIds, data, states};
  }
  return last.current.states;
}
