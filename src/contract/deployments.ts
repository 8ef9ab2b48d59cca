// Deployment shapes. The list answers the seed's `{data:{deployments}, pagination}` with the current API's
// `items`/`pageInfo` beside it; detail, settings and the write bodies follow the platform API description.
import {z} from 'zod';
import {CursorQuery, OffsetLimitQuery, seedListPage} from './common.js';
import {nameTextProblem, printableName} from './names.js';

export const CREATION_STEPS = ['project', 'upload', 'schema', 'github', 'ssh', 'databases', 'ready', 'demo'] as const;
export const CreationStep = z.enum(CREATION_STEPS).meta({id: 'CreationStep'});
export const CloudProvider = z.enum(['cubecloud', 'aws', 'gcp']).meta({id: 'CloudProvider'});
export const CreationMethod = z.enum(['upload', 'cubecloud', 'github', 'ssh']).meta({id: 'CreationMethod'});
export const DeployMode = z.enum(['git', 'cli']).meta({id: 'DeployMode'});
export const ReleaseChannel = z.enum(['latest', 'release']).meta({id: 'ReleaseChannel'});
export type ReleaseChannel = z.infer<typeof ReleaseChannel>;
export const Template = z.enum(['single', 'simpleCluster', 'multiCluster']).meta({id: 'DeploymentTemplate'});

/** The seed's list item: a string id and a creation date. */
export const DeploymentListItem = z
  .object({id: z.string(), name: z.string(), created_at: z.string()})
  .meta({id: 'DeploymentListItem'});
export type DeploymentListItem = z.infer<typeof DeploymentListItem>;

/** The current API's deployment record (integer id). */
export const Deployment = z
  .object({
    id: z.number().int(),
    name: z.string(),
    deploymentUrl: z.string(),
    creationStep: CreationStep,
    created_at: z.string(),
  })
  .meta({id: 'Deployment'});
export type Deployment = z.infer<typeof Deployment>;

/** Offset paging (the seed) or cursor paging (`first`/`after`, the current API); not both at once. */
export const DeploymentsQuery = OffsetLimitQuery.extend(CursorQuery.shape);

export const DeploymentsListResponse = seedListPage('deployments', DeploymentListItem, Deployment, 'DeploymentsListResponse');
export type DeploymentsListResponse = z.infer<typeof DeploymentsListResponse>;

/** Every setting of a deployment, secrets excluded. */
export const DeploymentSettings = z
  .object({
    id: z.number().int(),
    name: z.string(),
    template: Template,
    cloudProvider: CloudProvider,
    creationStep: CreationStep,
    creationMethod: CreationMethod.nullable(),
    deploymentUrl: z.string(),
    releaseChannel: ReleaseChannel,
    releaseChannelVersion: z.string().nullable(),
    releaseChannelVersionHold: z.boolean().nullable(),
    deployBranchName: z.string(),
    deployBranchReadOnly: z.boolean(),
    deployBranchMergeAllowed: z.boolean(),
    deployProjectRoot: z.string(),
    deployMode: DeployMode.nullable(),
    isCubeSqlEnabled: z.boolean(),
    isSupportPreAggregations: z.boolean(),
    cubeImageVersion: z.string().nullable(),
    customDomain: z.string().nullable(),
    autoDomain: z.string().nullable(),
    region: z.string().nullable(),
    targetPlatform: z.string().nullable(),
    repoType: z.enum(['git', 'deployRepo']).nullable(),
    isManaged: z.boolean().nullable(),
    templateVariables: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({id: 'DeploymentSettings'});
export type DeploymentSettings = z.infer<typeof DeploymentSettings>;

/** GET /api/v1/deployments/{id}: the record plus the settings a person looks at first. */
export const DeploymentDetail = Deployment.extend({
  region: z.string().nullable(),
  cloudProvider: CloudProvider,
  creationMethod: CreationMethod.nullable(),
  deployMode: DeployMode.nullable(),
  deployBranchName: z.string(),
  releaseChannel: ReleaseChannel,
  releaseChannelVersion: z.string().nullable(),
}).meta({id: 'DeploymentDetail'});
export type DeploymentDetail = z.infer<typeof DeploymentDetail>;

/** A deployment's name: shown in every list and prompt, so it reads as what it is (names.ts, the one rule for names). */
const name = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .superRefine((value, ctx) => {
    const problem = nameTextProblem(value);
    if (problem !== undefined) ctx.addIssue({code: 'custom', message: `"${printableName(value)}" is not a valid deployment name: it ${problem}`});
  });

export const CreateDeploymentBody = z
  .object({
    name,
    region: z.string().min(1, 'must not be empty'),
    cloudProvider: CloudProvider.default('cubecloud'),
    isManaged: z.boolean().default(true),
    targetPlatform: z.string().min(1).default('aws'),
    creationStep: CreationStep.default('project'),
    creationMethod: CreationMethod.nullable().optional(),
    deployMode: DeployMode.nullable().optional(),
  })
  .meta({id: 'CreateDeploymentInput'});
export type CreateDeploymentBody = z.infer<typeof CreateDeploymentBody>;

/** All optional; omitted fields are left alone and `templateVariables` merges key by key. */
export const UpdateDeploymentBody = z
  .object({
    name: name.optional(),
    releaseChannel: ReleaseChannel.optional(),
    releaseChannelVersion: z.string().min(1, 'must not be empty').optional(),
    releaseChannelVersionHold: z.boolean().optional(),
    deployMode: DeployMode.optional(),
    deployBranchName: z.string().min(1).max(100).optional(),
    deployBranchReadOnly: z.boolean().optional(),
    deployBranchMergeAllowed: z.boolean().optional(),
    deployProjectRoot: z.string().max(200).optional(),
    customDomain: z
      .string()
      .max(253)
      .regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/i, 'must be a host name such as analytics.example.com (no scheme, port or path)')
      .nullable()
      .optional()
      .describe('a host name that replaces the whole host of `deploymentUrl` (served over HTTPS); null clears it'),
    template: Template.optional(),
    templateVariables: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .meta({id: 'UpdateDeploymentInput'});
export type UpdateDeploymentBody = z.infer<typeof UpdateDeploymentBody>;

export const DeploymentTokenBody = z
  .object({expiresIn: z.number().int('must be an integer').min(60).max(86400).optional()})
  .meta({id: 'CreateDeploymentTokenInput'});

export const DeploymentTokenResponse = z.object({cubeApiToken: z.string()}).meta({id: 'DeploymentTokenResponse'});
export type DeploymentTokenResponse = z.infer<typeof DeploymentTokenResponse>;
