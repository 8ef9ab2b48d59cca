// Deployment extras: logs and pods, environment variables, the GitHub connection and creation steps.
// Field names follow platform-api.yaml (DeploymentLogLine, DeploymentPod, EnvVariableItem, GitHub*Response).
import {z} from 'zod';
import {MAX_LIMIT, PageInfo} from './common.js';
import {CreationStep} from './deployments.js';

/** Cursor paging of the current API: `first` (page size) and `after` (a pageInfo.endCursor). */
export const CursorQuery = z.object({
  first: z
    .string()
    .regex(/^\d{1,9}$/, 'first must be a positive integer')
    .refine((v) => Number(v) >= 1 && Number(v) <= MAX_LIMIT, `first must be between 1 and ${MAX_LIMIT}`)
    .optional(),
  after: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'after must be a pageInfo.endCursor value').optional(),
});

export const LOG_SOURCES = ['production', 'dev'] as const;
export const LOG_CONTAINERS = ['INIT', 'MAIN', 'cubejs-server', 'vector', 'api-proxy'] as const;
export const LogSource = z.enum(LOG_SOURCES).meta({id: 'DeploymentLogsQuerySource'});
export type LogSource = z.infer<typeof LogSource>;
export const LogContainer = z.enum(LOG_CONTAINERS).meta({id: 'DeploymentLogsQueryContainer'});
export type LogContainer = z.infer<typeof LogContainer>;

export const LogsQuery = CursorQuery.extend({
  source: LogSource.optional(),
  pod: z.string().min(1, 'pod must not be empty').max(200).optional(),
  container: LogContainer.optional(),
});

export const DeploymentLogLine = z
  .object({pod: z.string(), date: z.string(), message: z.string(), container: z.string(), level: z.string()})
  .meta({id: 'DeploymentLogLine'});
export type DeploymentLogLine = z.infer<typeof DeploymentLogLine>;

export const DeploymentLogsResponse = z
  .object({items: z.array(DeploymentLogLine), pageInfo: PageInfo})
  .meta({id: 'DeploymentLogsResponse'});

export const DeploymentPod = z
  .object({
    name: z.string(),
    type: z.string().nullable(),
    status: z.string().nullable(),
    ready: z.boolean().nullable(),
    restartCount: z.number().int().nullable(),
    containers: z.array(z.string()).nullable(),
  })
  .meta({id: 'DeploymentPod'});
export type DeploymentPod = z.infer<typeof DeploymentPod>;

export const DeploymentPodsResponse = z
  .object({items: z.array(DeploymentPod), pageInfo: PageInfo})
  .meta({id: 'DeploymentPodsResponse'});

/** What a list shows instead of the value of a secret-looking variable; never accepted as a value. */
export const ENCRYPTED_PLACEHOLDER = '[ENCRYPTED]';
export const ENV_VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Names containing one of these are secrets: their values are never answered. */
export const SECRET_NAME_PARTS = ['PASS', 'SECRET', 'TOKEN', 'KEY', 'CREDENTIAL'] as const;

export function isSecretName(name: string): boolean {
  const upper = name.toUpperCase();
  return SECRET_NAME_PARTS.some((part) => upper.includes(part));
}

export const EnvVariableItem = z.object({name: z.string(), value: z.string()}).meta({id: 'EnvVariableItem'});
export type EnvVariableItem = z.infer<typeof EnvVariableItem>;

export const EnvVariablesListResponse = z
  .object({items: z.array(EnvVariableItem), data: z.array(EnvVariableItem), pageInfo: PageInfo})
  .meta({id: 'EnvVariablesListResponse'});

export const SetEnvVariablesInput = z
  .object({
    env_variables: z
      .array(
        z.object({
          name: z.string().min(1, 'must not be empty').max(200),
          value: z.string().max(65_536).refine((v) => v !== ENCRYPTED_PLACEHOLDER, `${ENCRYPTED_PLACEHOLDER} is a placeholder, not a value`),
        }),
      )
      .min(1, 'must list at least one variable')
      .max(500),
  })
  .meta({id: 'SetEnvVariablesInput'});
export type SetEnvVariablesInput = z.infer<typeof SetEnvVariablesInput>;

export const GitHubConnectStatusResponse = z
  .object({connected: z.boolean(), linkUrl: z.string(), settingsUrl: z.string()})
  .meta({id: 'GitHubConnectStatusResponse'});

export const GitHubInstallation = z
  .object({id: z.string(), installationId: z.string(), login: z.string(), avatarUrl: z.string()})
  .meta({id: 'GitHubInstallationResponse'});
export const GitHubRepo = z.object({id: z.number().int(), name: z.string(), htmlUrl: z.string()}).meta({id: 'GitHubRepoResponse'});
export const GitHubBranch = z.object({name: z.string(), isDefault: z.boolean()}).meta({id: 'GitHubBranchResponse'});

export const GitHubInstallationsResponse = z
  .object({items: z.array(GitHubInstallation), data: z.array(GitHubInstallation), pageInfo: PageInfo})
  .meta({id: 'GitHubInstallationsListResponse'});
export const GitHubReposResponse = z
  .object({items: z.array(GitHubRepo), data: z.array(GitHubRepo), pageInfo: PageInfo})
  .meta({id: 'GitHubReposListResponse'});
export const GitHubBranchesResponse = z
  .object({items: z.array(GitHubBranch), data: z.array(GitHubBranch), pageInfo: PageInfo})
  .meta({id: 'GitHubBranchesListResponse'});

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

export const AdvanceCreationStepInput = z.object({creationStep: CreationStep}).meta({id: 'AdvanceCreationStepInput'});
