// The GitHub integration: status, installations, repositories, branches, connecting a deployment.
import type {GitHubConnectStatusResponse} from '../contract/github.js';
import type {Api} from './client.js';
import {bool, fieldReader, idString, listRows, readRows, str, unwrap, type Json, type Paging} from './read.js';

const base = (id: string) => `/api/v1/deployments/${encodeURIComponent(id)}`;

const readStatus = fieldReader<GitHubConnectStatusResponse>()({connected: 'boolean', linkUrl: 'string', settingsUrl: 'string'});

export async function getGithubStatus(api: Api, signal?: AbortSignal): Promise<ReturnType<typeof readStatus>> {
  return readStatus(unwrap(await api.get('/api/v1/github/status', {signal})));
}

export async function listInstallations(api: Api, paging: Paging = {}, signal?: AbortSignal): Promise<{installations: {installationId: string; login: string}[]; raw: unknown}> {
  const raw = await api.get('/api/v1/github/installations', {searchParams: {...paging}, signal});
  const installations = readRows(listRows(raw), (r) => {
    const id = idString(r.installationId) ?? idString(r.id);
    return id === undefined ? undefined : {installationId: id, login: str(r.login) ?? ''};
  });
  return {installations, raw};
}

export async function listRepositories(api: Api, installationId: string, paging: Paging = {}, signal?: AbortSignal): Promise<{repos: {name: string; htmlUrl: string}[]; raw: unknown}> {
  const raw = await api.get(`/api/v1/github/installations/${encodeURIComponent(installationId)}/repositories`, {searchParams: {...paging}, signal});
  const repos = readRows(listRows(raw), (r) => {
    const name = str(r.name);
    return name === undefined ? undefined : {name, htmlUrl: str(r.htmlUrl) ?? ''};
  });
  return {repos, raw};
}

export async function listRepoBranches(
  api: Api,
  repo: {owner: string; name: string},
  installationId: string,
  paging: Paging = {},
  signal?: AbortSignal,
): Promise<{branches: {name: string; isDefault: boolean}[]; raw: unknown}> {
  const path = `/api/v1/github/repositories/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.name)}/branches`;
  const raw = await api.get(path, {searchParams: {installationId, ...paging}, signal});
  const branches = readRows(listRows(raw), (r) => {
    const name = str(r.name);
    return name === undefined ? undefined : {name, isDefault: bool(r.isDefault) ?? false};
  });
  return {branches, raw};
}

export async function connectGithub(
  api: Api,
  deploymentId: string,
  body: {installationId: number; name: string; deployBranchName?: string},
  signal?: AbortSignal,
): Promise<Json> {
  return unwrap(await api.post(`/build${base(deploymentId)}/github/connect`, {json: body, signal}));
}
