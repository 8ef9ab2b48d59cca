// THE permission table: what every operation needs, keyed by operationId; the object catalogue's operations take
// theirs from its entries (catalogueGroups). The app refuses (403) any operation not listed here, and
// GET /api/v1/spec publishes each entry as the operation's `x-svc-permission`, so a test can derive the whole
// access matrix from the document. Permission names are the platform's; account settings have
// no name of their own, so they take DeploymentRead / DeploymentManage at account level (refused to keys scoped
// to some deployments).
import {OBJECT_KINDS} from '../contract/catalogue.js';
import type {Permission} from '../contract/index.js';
import type {Grant, ResourceKind} from './policy.js';

/**
 * credential: which kind of credential the operation takes — `management` (API key or access token), `scim`
 *   (SCIM token), `data` / `meta` (a data API or metadata token for the deployment in the path; its verified
 *   claims are in `c.get('tokenClaims')`), `none` (public).
 * permission: the permission a management credential must carry; null: any valid one.
 * level: `deployment` (the deployment in the path must be within the credential's scope), `account` (refused to
 *   credentials scoped to some deployments), `any` (the handler narrows what a scoped credential sees).
 * raisedTo: the policy asks for more when the resource says so (uploads to a shared branch).
 * grants: what every call of the operation gives (a role's policies): the policy's grants rule decides.
 * resource: what the operation acts on; its resolver (policyResources.ts) finds it after validation and the
 *   policy decides on it (ownership, grants). `otherwise`: the branch taken when the request names none.
 */
export type Requirement =
  | {credential: 'none' | 'data' | 'meta'}
  | {credential: 'scim'; resource?: ResourceDeclaration}
  | {
      credential: 'management';
      permission: Permission | null;
      level: 'deployment' | 'account' | 'any';
      raisedTo?: {permission: Permission; when: string};
      resource?: ResourceDeclaration;
      grants?: Grant;
    };

export interface ResourceDeclaration {
  kind: ResourceKind;
  /**
   * For a branch: the one the credential's dev-mode session points at, else the deploy branch, or only the deploy
   * branch. For deployments: `first`, the first deployment the credential's list shows when the body names none.
   */
  otherwise?: 'session' | 'session-or-deploy' | 'deploy' | 'first';
}

const m = (permission: Permission | null, level: 'deployment' | 'account' | 'any') => ({credential: 'management', permission, level}) as const;
const raised = {permission: 'SchemaUpdate', when: 'the target branch is a shared branch'} as const;
const ROLE_GRANTS = {grants: {role: true}} as const;
const USERS = {resource: {kind: 'users'}} as const;
const branch = (otherwise?: 'session' | 'session-or-deploy' | 'deploy') => ({kind: 'branch', ...(otherwise ? {otherwise} : {})}) as const;

const GROUPS: Array<[Requirement, string[]]> = [
  [{credential: 'none'}, ['requestDeviceCode', 'pollDeviceToken', 'refreshAccessToken', 'showDeviceApproval', 'decideDeviceApproval', 'oauthServerMetadata', 'openidConfiguration', 'revokeToken', 'completeOAuthFlow', 'sendTelemetry']],
  [{credential: 'data'}, ['load', 'loadPost', 'loadBranch', 'loadBranchPost', 'meta', 'metaBranch']],
  [{credential: 'meta'}, ['metadataEntities', 'metadataDataSources']],
  // Changing a provisioned user: the grants rule (an admin is changed only with an admin's authority).
  [{credential: 'scim', resource: {kind: 'users'}}, ['replaceScimUser', 'patchScimUser', 'deleteScimUser']],
  [
    {credential: 'scim'},
    [
      'listScimUsers', 'createScimUser', 'getScimUser', 'searchScimUsers', 'searchScimGroups', 'searchScimResources',
      'listScimGroups', 'createScimGroup', 'getScimGroup', 'replaceScimGroup', 'patchScimGroup', 'deleteScimGroup',
      'getScimServiceProviderConfig', 'listScimResourceTypes', 'getScimResourceType', 'listScimSchemas', 'getScimSchema',
    ],
  ],
  // Any valid management credential: who am I, the regions, this document.
  [m(null, 'any'), ['getMe', 'listRegions', 'getSpec']],
  // The deployment list shows a scoped credential its own deployments only; `describeMeta` names its deployments in the body.
  [{...m('SchemaRead', 'any'), resource: {kind: 'deployments'}}, ['describeMeta']],
  [m('DeploymentRead', 'any'), ['getDeployments']],
  // Published dashboards (by public id), their comments and embed sessions (by session id) name no deployment in the
  // path: their resolver finds what they belong to, and the policy decides on its deployment (and a comment's author).
  [{...m('DeploymentRead', 'any'), resource: {kind: 'dashboard'}}, ['getDashboard', 'postDashboardPythonRun', 'listDashboardComments', 'listMentionableEmbedUsers']],
  [{...m('DeploymentManage', 'any'), resource: {kind: 'dashboard'}}, ['updateDashboardEmbedding', 'createDashboardComment', 'setDashboardCommentResolved']],
  [{...m('DeploymentManage', 'any'), resource: {kind: 'own-comment'}}, ['updateDashboardComment', 'removeDashboardComment']],
  [{...m('DeploymentRead', 'any'), resource: {kind: 'embed-session'}}, ['postTokenBySessionId']],
  [{...m('DeploymentManage', 'any'), resource: {kind: 'embed-session'}}, ['revokeSession']],
  // Dashboard exports: a render is a bulk data export (manage access); a job is seen only by whoever started it.
  [{...m('DeploymentManage', 'deployment'), resource: {kind: 'dashboard-export'}}, ['startExport']],
  [{...m('DeploymentRead', 'deployment'), resource: {kind: 'export-job'}}, ['getExportStatus', 'downloadExport']],
  // Databricks Metric View publication: the settings are written with SchemaUpdate; previews read the model.
  [m('SchemaRead', 'deployment'), ['getIntegration', 'startPreview', 'previewStatus', 'previewResult', 'cancelPreview']],
  [m('SchemaUpdate', 'deployment'), ['saveIntegration']],
  // The usage analytics token is for the first deployment the credential may read.
  [{...m('DeploymentRead', 'any'), resource: {kind: 'deployments', otherwise: 'first'}}, ['createToken']],
  [{...m('DeploymentRead', 'any'), resource: {kind: 'deployments'}}, ['generateSession']],
  // Changing one's own settings is a write like any other: a read-only key cannot.
  [m('DeploymentManage', 'any'), ['updateMySettings']],
  // The export keeps a scoped credential to its deployments' events.
  [m('AuditLogManage', 'any'), ['exportAuditLogs']],
  [
    m('DeploymentRead', 'deployment'),
    [
      'getDeployment', 'getDeploymentSettings', 'listDeploymentVersions', 'getDeploymentEnvironments', 'buildStatus', 'logs', 'pods',
      'getEnvVariables', 'deploymentToken', 'createDeploymentEnvironmentTokenForMetaSync',
      'getDeploymentEnvironmentTokens', 'createDeploymentEnvironmentToken',
      'getFolderAncestors', 'getRecipients', 'workspaceObjects', 'getEmbedAccess', 'listEmbedTenantWorkbooks', 'sharedWorkspaceObjects',
    ],
  ],
  [
    m('DeploymentManage', 'deployment'),
    [
      'deleteDeployment', 'updateDeployment', 'setEnvVariables', 'advanceCreationStep', 'resetCreationStep', 'connect',
      'duplicateWorkbook', 'publishDashboard', 'addRecipients', 'removeRecipients',
      'moveWorkspaceObject', 'bulkDeleteWorkspaceObjects', 'bulkMoveWorkspaceObjects', 'updateEmbedAccess', 'connectReportToWorkbook',
      'disconnectReportFromWorkbook', 'refreshReport', 'updateWorkbookDashboard', 'updatePublishedDashboardAiWidgetThread',
    ],
  ],
  [
    m('SchemaRead', 'deployment'),
    ['listBranches', 'listFiles', 'fileHashes', 'validateDataModel', 'listDbtSyncs', 'getDbtSyncStatus', 'getDbtSyncResult', 'getDbtSyncLogs', 'getDbtSyncGeneratedFiles'],
  ],
  [m('SchemaUpdate', 'deployment'), ['createBranch', 'setBranchStagingEnvironment', 'pull', 'startDbtSync', 'cancelDbtSync']],
  // Writes that name an existing branch (or take the caller's dev-mode branch): a dev branch only by its owner.
  [{...m('SchemaUpdate', 'deployment'), resource: branch()}, ['removeBranch']],
  [{...m('SchemaUpdate', 'deployment'), resource: branch('session')}, ['commitChanges', 'mergeIntoParentBranch', 'mergeToDefaultBranch']],
  [m('SchemaUpdateDevBranches', 'deployment'), ['stopDevMode']],
  [{...m('SchemaUpdateDevBranches', 'deployment'), resource: branch('deploy')}, ['startDevMode']],
  [{...m('SchemaUpdateDevBranches', 'deployment'), resource: branch('session')}, ['updateFiles', 'removeFiles', 'renameFiles']],
  // Uploads go to the caller's dev branch, or to a shared branch with SchemaUpdate.
  [{...m('SchemaUpdateDevBranches', 'deployment'), raisedTo: raised, resource: branch('session-or-deploy')}, ['startUpload']],
  [{...m('SchemaUpdateDevBranches', 'deployment'), raisedTo: raised, resource: {kind: 'upload'}}, ['uploadFile', 'finishUpload']],
  [
    m('DeploymentRead', 'account'),
    [
      'listApiKeys', 'getApiKey', 'listOAuthIntegrations', 'getOAuthIntegration', 'listOidcTokenConfigs', 'getOidcTokenConfig',
      'status', 'installations', 'repositories', 'branches', 'listUserOAuthTokens', 'getUserOAuthToken', 'listTelemetryEvents',
      'getUserAttributeValues', 'getTenantSettings', 'getAppConfig', 'listEmbedTenants', 'getGroupMembers',
    ],
  ],
  [
    m('DeploymentManage', 'account'),
    [
      'createDeployment', 'createOAuthIntegration', 'updateOAuthIntegration', 'deleteOAuthIntegration',
      'createOidcTokenConfig', 'updateOidcTokenConfig', 'deleteOidcTokenConfig', 'initiateOAuthFlow', 'revokeUserOAuthToken',
      'upsertUserAttributeValue', 'updateTenantSettings', 'deleteEmbedTenant', 'provisionEmbedUser', 'provisionEmbedUsers', 'addGroupMembers',
      'removeGroupMembers',
    ],
  ],
  // A role grants what its policies say: giving or taking one is the grants rule's (and so is writing one: KIND_RULES).
  [{...m('DeploymentManage', 'account'), ...ROLE_GRANTS}, ['assignRoleToUser', 'removeRoleFromUser']],
  // API keys: a new one gives no more than its creator holds; one is revoked only by a credential with its rights.
  [{...m('DeploymentManage', 'account'), resource: {kind: 'new-key'}}, ['createApiKey']],
  [{...m('DeploymentManage', 'account'), resource: {kind: 'key'}}, ['deleteApiKey']],
  // Account users: the grants rule (making an admin, changing an admin) on top of DeploymentManage (and KIND_RULES).
  [{...m('DeploymentManage', 'account'), ...USERS}, ['bulkUserAction']],
];

/** What the policy asks of a catalogue kind's writes beyond its permission, for the kinds whose writes grant rights. */
const KIND_RULES: Record<string, {grants?: Grant; resource?: ResourceDeclaration}> = {role: ROLE_GRANTS, user: USERS};

/** The object catalogue's operations: its permissions, at the level of the kind's scope (contract/catalogue.ts). */
function catalogueGroups(): Array<[Requirement, string[]]> {
  return OBJECT_KINDS.flatMap((k): Array<[Requirement, string[]]> => {
    const level = k.scope === 'deployment' ? 'deployment' : 'account';
    const {list, get, create, update, delete: remove} = k.operations;
    const present = (ids: Array<string | undefined>) => ids.filter((id): id is string => id !== undefined);
    return [
      [m(k.permission.read, level), present([list, get])],
      [{...m(k.permission.write, level), ...KIND_RULES[k.kind]}, present([create, update, remove, k.upsertBy?.operationId])],
    ];
  });
}

export const OPERATION_REQUIREMENTS: ReadonlyMap<string, Requirement> = (() => {
  const map = new Map<string, Requirement>();
  for (const [requirement, ids] of [...GROUPS, ...catalogueGroups()]) {
    for (const id of ids) {
      if (map.has(id)) throw new Error(`permissions.ts lists ${id} twice`);
      map.set(id, requirement);
    }
  }
  return map;
})();

/** The extension key under which GET /api/v1/spec publishes each operation's requirement. */
export const PERMISSION_EXTENSION = 'x-svc-permission';
