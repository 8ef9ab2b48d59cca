// Query-key factories, general → specific, so invalidating a prefix (`deploymentKeys.detail(id)`) reaches every
// query under it (settings, versions). Every variable a fetcher reads is part of its key.

export interface DeploymentListParams {
  /** Page size of each offset page. */
  limit: number;
}

export interface EnvironmentListParams {
  type?: string;
  limit: number;
}

/** Rows per page of the deployments list (the console's list and its first frame). */
export const DEPLOYMENTS_PAGE_SIZE = 50;

export const deploymentKeys = {
  all: ['deployments'] as const,
  lists: () => [...deploymentKeys.all, 'list'] as const,
  list: (params: DeploymentListParams) => [...deploymentKeys.lists(), params] as const,
  detail: (id: string) => [...deploymentKeys.all, 'detail', id] as const,
  settings: (id: string) => [...deploymentKeys.detail(id), 'settings'] as const,
  versions: (id: string) => [...deploymentKeys.detail(id), 'versions'] as const,
};

export const environmentKeys = {
  all: ['environments'] as const,
  ofDeployment: (deploymentId: string) => [...environmentKeys.all, deploymentId] as const,
  list: (deploymentId: string, params: EnvironmentListParams) =>
    [...environmentKeys.ofDeployment(deploymentId), 'list', params] as const,
  tokens: (deploymentId: string, environmentId: string) => [...environmentKeys.ofDeployment(deploymentId), 'tokens', environmentId] as const,
};

export const buildKeys = {
  all: ['builds'] as const,
  ofDeployment: (deploymentId: string) => [...buildKeys.all, deploymentId] as const,
  /** `branch` undefined means "whatever the service picks": the dev-mode branch, else the deploy branch. */
  status: (deploymentId: string, branch?: string) => [...buildKeys.ofDeployment(deploymentId), 'status', branch ?? null] as const,
  /** When the console saw each step of the branch's build begin (kept in the cache, not fetched). */
  times: (deploymentId: string, branch?: string) => [...buildKeys.ofDeployment(deploymentId), 'times', branch ?? null] as const,
};

export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
  regions: () => [...accountKeys.all, 'regions'] as const,
};

export const envVarKeys = {
  all: ['env-vars'] as const,
  ofDeployment: (deploymentId: string) => [...envVarKeys.all, deploymentId] as const,
};

export const githubKeys = {
  all: ['github'] as const,
  /** The account's GitHub app connection (one for every deployment). */
  status: () => [...githubKeys.all, 'status'] as const,
};

export const dataQueryKeys = {
  all: ['dataQuery'] as const,
  /** The deployment's data API address and a deployment token for it. */
  target: (deploymentId: string) => [...dataQueryKeys.all, deploymentId, 'target'] as const,
  /** The members of the model the query screen completes from; '' is production. */
  members: (deploymentId: string, branch: string) => [...dataQueryKeys.all, deploymentId, 'members', branch] as const,
};
