// Data-model queries and mutations (branches, dev mode, files, validation, commit and merges). Plain option
// objects, no React. Every write invalidates what it changes, including build status (writes rebuild).
import {keepPreviousData, type QueryClient} from '@tanstack/query-core';
import type {Api} from '../api/client.js';
import {
  commit, createBranch, deleteBranch, deleteFiles, flattenTree, listBranches, listFiles, mergeToDefault, putFiles, renameFiles, setStagingEnvironment, startDevMode,
  stopDevMode, validateModel,
} from '../api/dataModel.js';
import {buildKeys} from './keys.js';
import {pollUntil, type LivePolicy} from './poll.js';

/** A file of a branch, project-relative (`model/cubes/orders.yml`), with its content. */
export interface DevFile {
  path: string;
  content?: string;
}

/** Every file of a branch's tree, sorted by path. */
export async function listDevFiles(api: Api, deploymentId: string, branchName: string, signal?: AbortSignal): Promise<DevFile[]> {
  const {nodes} = await listFiles(api, deploymentId, {branchName, withContent: true}, signal);
  return flattenTree(nodes)
    .filter((n) => n.type === 'file')
    .map((n): DevFile => ({path: n.path.replace(/^\/+/, ''), ...(n.content !== undefined && {content: n.content})}))
    .sort((a, b) => a.path.localeCompare(b.path));
}

export const dataModelKeys = {
  all: ['data-model'] as const,
  ofDeployment: (deploymentId: string) => [...dataModelKeys.all, deploymentId] as const,
  branches: (deploymentId: string) => [...dataModelKeys.ofDeployment(deploymentId), 'branches'] as const,
  files: (deploymentId: string, branchName: string) => [...dataModelKeys.ofDeployment(deploymentId), 'files', branchName] as const,
};

export const dataModelQueries = {
  branches: (api: Api, deploymentId: string, live?: LivePolicy) => ({
    queryKey: dataModelKeys.branches(deploymentId),
    queryFn: ({signal}: {signal: AbortSignal}) => listBranches(api, deploymentId, signal),
    placeholderData: keepPreviousData,
    refetchInterval: pollUntil(live),
  }),
  /** With content: the dev-mode screen opens files in $EDITOR from it. */
  files: (api: Api, deploymentId: string, branchName: string) => ({
    queryKey: dataModelKeys.files(deploymentId, branchName),
    queryFn: ({signal}: {signal: AbortSignal}) => listDevFiles(api, deploymentId, branchName, signal),
    placeholderData: keepPreviousData,
  }),
};

/** After any write: branches and files of the deployment, and its builds (writes and merges rebuild). */
export async function refreshDataModel(client: QueryClient, deploymentId: string): Promise<void> {
  client.removeQueries({queryKey: buildKeys.ofDeployment(deploymentId), type: 'inactive'});
  await Promise.all([
    client.invalidateQueries({queryKey: dataModelKeys.ofDeployment(deploymentId)}),
    client.invalidateQueries({queryKey: buildKeys.ofDeployment(deploymentId)}),
  ]);
}

export const dataModelMutations = {
  createBranch: (api: Api, client: QueryClient, deploymentId: string) => ({
    mutationFn: (input: {name: string; from?: string}) => createBranch(api, deploymentId, input),
    onSuccess: () => refreshDataModel(client, deploymentId),
  }),
  deleteBranch: (api: Api, client: QueryClient, deploymentId: string) => ({
    mutationFn: (name: string) => deleteBranch(api, deploymentId, name),
    onSuccess: () => refreshDataModel(client, deploymentId),
  }),
  staging: (api: Api, client: QueryClient, deploymentId: string) => ({
    mutationFn: (input: {branchName: string; enabled: boolean}) => setStagingEnvironment(api, deploymentId, input),
    onSuccess: () => refreshDataModel(client, deploymentId),
  }),
  mergeToDefault: (api: Api, client: QueryClient, deploymentId: string) => ({
    mutationFn: (input: {branchName: string; removeBranchAfterMerge?: boolean}) => mergeToDefault(api, deploymentId, input),
    onSuccess: () => refreshDataModel(client, deploymentId),
  }),
  startDevMode: (api: Api, client: QueryClient, deploymentId: string) => ({
    mutationFn: (branchName: string) => startDevMode(api, deploymentId, branchName),
    onSuccess: () => refreshDataModel(client, deploymentId),
  }),
  stopDevMode: (api: Api, client: QueryClient, deploymentId: string) => ({
    mutationFn: () => stopDevMode(api, deploymentId),
    onSuccess: () => refreshDataModel(client, deploymentId),
  }),
  putFile: (api: Api, client: QueryClient, deploymentId: string) => ({
    mutationFn: (input: {branchName: string; path: string; content: string}) =>
      putFiles(api, deploymentId, [{path: input.path, content: input.content}], {branchName: input.branchName}),
    onSuccess: () => refreshDataModel(client, deploymentId),
  }),
  deleteFile: (api: Api, client: QueryClient, deploymentId: string) => ({
    mutationFn: (input: {branchName: string; path: string}) => deleteFiles(api, deploymentId, {paths: [input.path], branchName: input.branchName}),
    onSuccess: () => refreshDataModel(client, deploymentId),
  }),
  renameFile: (api: Api, client: QueryClient, deploymentId: string) => ({
    mutationFn: (input: {branchName: string; from: string; to: string}) => renameFiles(api, deploymentId, {renames: [{from: input.from, to: input.to}], branchName: input.branchName}),
    onSuccess: () => refreshDataModel(client, deploymentId),
  }),
  validate: (api: Api, deploymentId: string) => ({
    mutationFn: (branchName: string) => validateModel(api, deploymentId, {branchName}),
  }),
  commit: (api: Api, client: QueryClient, deploymentId: string) => ({
    mutationFn: (input: {branchName: string; message?: string}) => commit(api, deploymentId, input),
    onSuccess: () => refreshDataModel(client, deploymentId),
  }),
};
