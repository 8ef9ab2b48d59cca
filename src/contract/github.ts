// The GitHub connection of a deployment (GitHub*Response): installations, repositories, branches, connect.
import {z} from 'zod';
import {CursorQuery, itemsDataPage} from './common.js';

export const GitHubConnectStatusResponse = z
  .object({connected: z.boolean(), linkUrl: z.string(), settingsUrl: z.string()})
  .meta({id: 'GitHubConnectStatusResponse'});
export type GitHubConnectStatusResponse = z.infer<typeof GitHubConnectStatusResponse>;

export const GitHubInstallation = z
  .object({id: z.string(), installationId: z.string(), login: z.string(), avatarUrl: z.string()})
  .meta({id: 'GitHubInstallationResponse'});
export const GitHubRepo = z.object({id: z.number().int(), name: z.string(), htmlUrl: z.string()}).meta({id: 'GitHubRepoResponse'});
export const GitHubBranch = z.object({name: z.string(), isDefault: z.boolean()}).meta({id: 'GitHubBranchResponse'});

export const GitHubInstallationsResponse = itemsDataPage(GitHubInstallation, 'GitHubInstallationsListResponse');
export const GitHubReposResponse = itemsDataPage(GitHubRepo, 'GitHubReposListResponse');
export const GitHubBranchesResponse = itemsDataPage(GitHubBranch, 'GitHubBranchesListResponse');

export const InstallationIdParam = z.object({installationId: z.string().regex(/^\d{1,12}$/, 'installation id must be numeric')});
export const RepoParams = z.object({
  owner: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'owner must be a GitHub account name'),
  repo: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'repo must be a repository name'),
});
export const BranchesQuery = CursorQuery.extend({
  installationId: z.string().regex(/^\d{1,12}$/, 'installationId must be numeric'),
});

export const ConnectGitHubRequest = z
  .object({
    installationId: z.number().int().positive(),
    name: z.string().min(1, 'must not be empty'),
    deployBranchName: z.string().min(1, 'must not be empty').max(100).nullable().optional(),
    deployProjectRoot: z.string().max(200).nullable().optional(),
    isNewRepo: z.boolean().nullable().optional(),
    private: z.boolean().nullable().optional(),
  })
  .meta({id: 'ConnectGitHubRequest'});
export type ConnectGitHubRequest = z.infer<typeof ConnectGitHubRequest>;
