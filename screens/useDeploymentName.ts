// The deployment a screen is about: its settings query, and the name shown in titles — the settings' name once
// loaded, else the name the screen was opened with, else the id.
import {useQuery} from '@tanstack/react-query';
import {deploymentQueries} from '../src/queries/deployments.js';
import type {LivePolicy} from '../src/queries/poll.js';
import {useApi} from '../src/ui/hooks/useApi.js';
import type {ScreenParams} from '../src/ui/nav/navReducer.js';

export function useDeploymentName(params: ScreenParams, live?: LivePolicy) {
  const api = useApi();
  const id = params.deploymentId ?? '';
  const settings = useQuery(deploymentQueries.settings(api, id, live));
  const name = settings.data?.name ?? params.deploymentName ?? id;
  return {settings, name, deployBranch: settings.data?.deployBranchName ?? undefined};
}
