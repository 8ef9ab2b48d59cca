// Account and workspace objects, client side: the table of object groups (paths and operations as in
// platform-api.yaml) and ONE set of generic fetchers over it. commands/objects.ts builds every group's
// subcommands from the same table.
import type {Api} from './client.js';
import {asRecord, listRows, num, readRows, str, unwrap, type Json} from './read.js';

export type ObjectOperation = 'list' | 'get' | 'create' | 'update' | 'delete';

export interface ObjectGroup {
  /** Command name, e.g. `folders`. */
  command: string;
  aliases?: string[];
  /** Singular noun for messages: "Deleted folder 5". */
  noun: string;
  description: string;
  /** Collection path; `{scope}` stands for the deployment id or embed tenant name. */
  path: string;
  /** What `{scope}` is, when the path has one. */
  scope?: 'deployment' | 'embed tenant';
  operations: ObjectOperation[];
  updateMethod?: 'PUT' | 'PATCH';
  /** `PUT <path>/by-<segment>/<key>`: create or change the object with that key (a workbook slug, a report public id). */
  upsertBy?: {segment: string; key: string};
  /** Table columns: header and field. */
  columns: Array<[string, string]>;
  /** List filters: flag name (without --) → query parameter. */
  filters?: Record<string, {param: string; description: string; numeric?: boolean}>;
}

const DEPLOYMENT = '/api/v1/deployments/{scope}';

export const OBJECT_GROUPS: ObjectGroup[] = [
  {
    command: 'folders',
    aliases: ['folder'],
    noun: 'folder',
    description: 'workspace folders of a deployment',
    path: `${DEPLOYMENT}/folders`,
    scope: 'deployment',
    operations: ['list', 'create', 'update', 'delete'],
    columns: [['ID', 'id'], ['NAME', 'name'], ['PARENT', 'parentId'], ['POSITION', 'position'], ['UPDATED', 'updatedAt']],
    filters: {'parent-id': {param: 'parentId', description: 'only folders inside this folder', numeric: true}},
  },
  {
    command: 'workbooks',
    aliases: ['workbook'],
    noun: 'workbook',
    description: 'workbooks of a deployment',
    path: `${DEPLOYMENT}/workbooks`,
    scope: 'deployment',
    operations: ['list', 'get', 'create', 'update', 'delete'],
    upsertBy: {segment: 'slug', key: 'slug'},
    columns: [['ID', 'id'], ['NAME', 'name'], ['FOLDER', 'folderId'], ['SLUG', 'slug'], ['UPDATED', 'updatedAt']],
    filters: {'folder-id': {param: 'folderId', description: 'only workbooks in this folder', numeric: true}},
  },
  {
    command: 'reports',
    aliases: ['report'],
    noun: 'report',
    description: 'reports of a deployment',
    path: `${DEPLOYMENT}/reports`,
    scope: 'deployment',
    operations: ['list', 'get', 'create', 'update', 'delete'],
    upsertBy: {segment: 'public-id', key: 'public-id'},
    columns: [['ID', 'id'], ['NAME', 'name'], ['PUBLIC ID', 'publicId'], ['WORKBOOK', 'workbookId'], ['FOLDER', 'folderId']],
    filters: {
      'workbook-id': {param: 'workbookId', description: 'only reports of this workbook', numeric: true},
      'folder-id': {param: 'folderId', description: 'only reports in this folder', numeric: true},
      search: {param: 'search', description: 'only reports whose name contains this text'},
    },
  },
  {
    command: 'notifications',
    aliases: ['notification'],
    noun: 'notification',
    description: 'scheduled dashboard notifications of a deployment',
    path: `${DEPLOYMENT}/notifications`,
    scope: 'deployment',
    operations: ['list', 'get', 'create', 'update', 'delete'],
    columns: [['ID', 'id'], ['DASHBOARD', 'dashboardId'], ['SCHEDULE', 'humanReadableSchedule'], ['CRON', 'cronExpression'], ['ENABLED', 'isEnabled']],
    filters: {'dashboard-id': {param: 'dashboardId', description: 'only notifications of this dashboard', numeric: true}},
  },
  {
    command: 'policies',
    aliases: ['policy', 'roles'],
    noun: 'role',
    description: 'custom roles: named sets of policies (actions on resources)',
    path: '/api/v1/roles',
    operations: ['list', 'get', 'create', 'update', 'delete'],
    columns: [['ID', 'id'], ['NAME', 'name'], ['DESCRIPTION', 'description'], ['POLICIES', 'policies']],
  },
  {
    command: 'users',
    aliases: ['user'],
    noun: 'user',
    description: 'users of the account (create, update, delete)',
    path: '/api/v1/users',
    operations: ['create', 'update', 'delete'],
    columns: [['ID', 'id'], ['EMAIL', 'email'], ['USERNAME', 'username'], ['ADMIN', 'isAdmin']],
  },
  {
    command: 'attributes',
    aliases: ['attribute'],
    noun: 'user attribute',
    description: 'user attributes (and, with values/set-value, their values per user)',
    path: '/api/v1/user-attributes',
    operations: ['list', 'create', 'update'],
    columns: [['ID', 'id'], ['NAME', 'name'], ['TYPE', 'type'], ['DISPLAY NAME', 'displayName'], ['DEFAULT', 'defaultValue']],
    filters: {
      name: {param: 'name', description: 'only attributes whose name contains this text'},
      type: {param: 'type', description: 'only attributes of this type (string, number, boolean, string_array, number_array)'},
    },
  },
  {
    command: 'groups',
    aliases: ['group'],
    noun: 'group',
    description: 'user groups of an embed tenant',
    path: '/api/v1/embed-tenants/{scope}/groups',
    scope: 'embed tenant',
    operations: ['list', 'get', 'create', 'update', 'delete'],
    updateMethod: 'PATCH',
    columns: [['ID', 'id'], ['NAME', 'name'], ['DESCRIPTION', 'description'], ['USERS', 'userCount']],
  },
];

function collectionPath(group: ObjectGroup, scope: string | undefined): string {
  if (!group.scope) return group.path;
  if (scope === undefined) throw new Error(`${group.command}: a ${group.scope} is required`);
  return group.path.replace('{scope}', encodeURIComponent(scope));
}

const itemPath = (group: ObjectGroup, scope: string | undefined, id: string) => `${collectionPath(group, scope)}/${encodeURIComponent(id)}`;

export interface ObjectPage {
  items: Json[];
  endCursor?: string;
  hasNextPage: boolean;
  total?: number;
  raw: unknown;
}

export async function listObjects(
  api: Api,
  group: ObjectGroup,
  scope: string | undefined,
  query: Record<string, string | number | undefined>,
  signal?: AbortSignal,
): Promise<ObjectPage> {
  const raw = await api.get(collectionPath(group, scope), {searchParams: query, signal});
  const pageInfo = asRecord(asRecord(raw)?.pageInfo);
  const page: ObjectPage = {items: readRows(listRows(raw), (r) => r), hasNextPage: pageInfo?.hasNextPage === true, raw};
  const cursor = str(pageInfo?.endCursor);
  const total = num(asRecord(raw)?.count);
  if (cursor !== undefined) page.endCursor = cursor;
  if (total !== undefined) page.total = total;
  return page;
}

export async function getObject(api: Api, group: ObjectGroup, scope: string | undefined, id: string, signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.get(itemPath(group, scope, id), {signal}));
}

export async function createObject(api: Api, group: ObjectGroup, scope: string | undefined, body: Json, signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.post(collectionPath(group, scope), {json: body, signal}));
}

export async function updateObject(api: Api, group: ObjectGroup, scope: string | undefined, id: string, body: Json, signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.request(group.updateMethod ?? 'PUT', itemPath(group, scope, id), {json: body, signal}));
}

export async function upsertObject(api: Api, group: ObjectGroup, scope: string | undefined, key: string, body: Json, signal?: AbortSignal): Promise<Json> {
  if (!group.upsertBy) throw new Error(`${group.command} cannot be upserted`);
  return unwrap(await api.put(`${collectionPath(group, scope)}/by-${group.upsertBy.segment}/${encodeURIComponent(key)}`, {json: body, signal}));
}

/** Resolves once deleted; a `{success:false}` answer is an error. */
export async function deleteObject(api: Api, group: ObjectGroup, scope: string | undefined, id: string, signal?: AbortSignal): Promise<void> {
  const body = asRecord(await api.delete(itemPath(group, scope, id), {signal}));
  if (body?.success === false) throw new Error(`the service answered that ${group.noun} ${id} was not deleted`);
}

/** Singletons and one-off operations of the object groups, by path. */
export const getTenantSettings = async (api: Api, signal?: AbortSignal) => unwrap(await api.get('/api/v1/tenant/settings', {signal}));
export const updateTenantSettings = async (api: Api, body: Json, signal?: AbortSignal) => unwrap(await api.put('/api/v1/tenant/settings', {json: body, signal}));
export const getAppConfig = async (api: Api, signal?: AbortSignal) => unwrap(await api.get('/api/v1/app-config', {signal}));

export async function setDashboardEmbedding(api: Api, publicId: string, allowEmbed: boolean, signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.patch(`/api/v1/embed/dashboard/${encodeURIComponent(publicId)}`, {json: {allowEmbed}, signal}));
}

export async function getEmbeddedDashboard(api: Api, publicId: string, signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.get(`/api/v1/embed/dashboard/${encodeURIComponent(publicId)}`, {signal}));
}

export async function publishWorkbook(api: Api, deploymentId: string, workbookId: string, body: Json, signal?: AbortSignal): Promise<Json> {
  const path = `/api/v1/deployments/${encodeURIComponent(deploymentId)}/workbooks/${encodeURIComponent(workbookId)}/publish`;
  return unwrap(await api.post(path, {json: {workbookId: Number(workbookId), ...body}, signal}));
}

export async function listWorkspace(api: Api, deploymentId: string, query: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<ObjectPage> {
  return listObjects(api, {command: 'workspace', noun: 'object', description: '', path: `${DEPLOYMENT}/workspace`, scope: 'deployment', operations: ['list'], columns: []}, deploymentId, query, signal);
}

export async function getAttributeValues(api: Api, userId: string, signal?: AbortSignal): Promise<{values: Json[]; raw: unknown}> {
  const raw = await api.get(`/api/v1/user-attribute-values/${encodeURIComponent(userId)}`, {signal});
  return {values: readRows(listRows(raw), (r) => r), raw};
}

export async function setAttributeValue(api: Api, body: {userAttributeId: string; userId: string; value: unknown}, signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.post('/api/v1/user-attribute-values', {json: body, signal}));
}

/** Cubes and views chosen by selectors, e.g. `[{"type":"cube","deploymentId":1,"environment":"production"}]`. */
export async function describeMeta(api: Api, selectors: unknown, signal?: AbortSignal): Promise<{items: Json[]; raw: unknown}> {
  const raw = await api.post('/api/v1/meta', {json: {selectors}, signal});
  return {items: readRows(listRows(raw), (r) => r), raw};
}

export async function folderAncestors(api: Api, deploymentId: string, folderId: string, signal?: AbortSignal): Promise<{items: Json[]; raw: unknown}> {
  const raw = await api.get(`/api/v1/deployments/${encodeURIComponent(deploymentId)}/folders/${encodeURIComponent(folderId)}/ancestors`, {signal});
  return {items: readRows(listRows(raw), (r) => r), raw};
}

export async function moveWorkspaceObject(api: Api, deploymentId: string, body: {id: number; type: string; folderId: number | null}, signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.post(`/api/v1/deployments/${encodeURIComponent(deploymentId)}/workspace/move`, {json: body, signal}));
}

export async function bulkUserAction(api: Api, action: string, userIds: number[], signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.post('/api/v1/users/bulk', {json: {action, userIds}, signal}));
}

export async function duplicateWorkbook(api: Api, deploymentId: string, workbookId: string, signal?: AbortSignal): Promise<Json> {
  const path = `/api/v1/deployments/${encodeURIComponent(deploymentId)}/workbooks/${encodeURIComponent(workbookId)}/duplicate`;
  return unwrap(await api.post(path, {json: {}, signal}));
}

/** PUT gives the user the role, DELETE takes it away. */
export async function setRoleMembership(api: Api, roleId: string, userId: string, member: boolean, signal?: AbortSignal): Promise<void> {
  await api.request(member ? 'PUT' : 'DELETE', `/api/v1/roles/${encodeURIComponent(roleId)}/users/${encodeURIComponent(userId)}`, {signal});
}

/** `bulk-delete` or `bulk-move` of workspace objects; the answer lists what worked and what failed. */
export async function bulkWorkspace(api: Api, deploymentId: string, op: 'bulk-delete' | 'bulk-move', body: Json, signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.post(`/api/v1/deployments/${encodeURIComponent(deploymentId)}/workspace/${op}`, {json: body, signal}));
}

const recipientsPath = (deploymentId: string, notificationId: string) =>
  `/api/v1/deployments/${encodeURIComponent(deploymentId)}/notifications/${encodeURIComponent(notificationId)}/recipients`;

export async function listRecipients(api: Api, deploymentId: string, notificationId: string, signal?: AbortSignal): Promise<{items: Json[]; raw: unknown}> {
  const raw = await api.get(recipientsPath(deploymentId, notificationId), {signal});
  return {items: readRows(listRows(raw), (r) => r), raw};
}

/** POST adds (upserts) recipients; DELETE removes them. */
export async function changeRecipients(api: Api, deploymentId: string, notificationId: string, add: boolean, body: Json, signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.request(add ? 'POST' : 'DELETE', recipientsPath(deploymentId, notificationId), {json: body, signal}));
}
