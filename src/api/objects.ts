// Account and workspace objects, client side: the table of object groups (paths and operations as in
// the platform API description) and ONE set of generic fetchers over it. commands/objects.ts builds every group's
// subcommands from the same table; operations beyond CRUD are in objectOps.ts.
import type {Api} from './client.js';
import {asRecord, listRows, num, readRows, str, unwrap, type Json, readObject} from './read.js';

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
  /** What the platform API does not offer for this group (said in the command's help, so nobody looks for it). */
  notOffered?: string;
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
    notOffered:
      'the platform API has no operation to delete a user attribute or to get one by id: list it (--name filters), change it with update (set defaultValue or displayName, or rename it), or set a user\'s value with set-value.',
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
  return readObject(await api.get(itemPath(group, scope, id), {signal}));
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
