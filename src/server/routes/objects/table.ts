// THE resource table: one row per plain CRUD kind of account and workspace object. Paths, operationIds, field
// names and the operations offered are the platform API description's; crud.ts turns each row into routes.
import {randomBytes} from 'node:crypto';
import {reportPeople} from './reportPeople.js';
import {
  CreateEmbedGroupInput,
  CreateFolderInput,
  CreateNotificationInput,
  CreateReportInput,
  CreateWorkbookInput,
  Folder,
  Notification,
  Report,
  Role,
  RoleCreateBody,
  RoleUpdateBody,
  UpdateEmbedGroupInput,
  UpdateFolderInput,
  UpdateNotificationInput,
  UpdateReportInput,
  UpdateWorkbookInput,
  User,
  UserAttribute,
  UserAttributeCreateInput,
  UserAttributeUpdateInput,
  UserCreateInput,
  UserGroup,
  UserUpdateInput,
  Workbook,
} from '../../../contract/objects.js';
import type {ServiceContext} from '../../context.js';
import {badRequest} from '../../errors.js';
import {listResources} from '../../store/resources.js';
import {schedule} from './schedule.js';
import {EmbedUser} from '../../../contract/embedOps.js';
import {ensureTenant} from './tenantRows.js';
import type {ResourceSpec} from './types.js';
import {usersStore} from './users.js';

const DEPLOYMENT = '/api/v1/deployments/{deploymentId}';
const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The 12-character public id reports and dashboards are shared by. */
export function newPublicId(): string {
  return [...randomBytes(12)].map((b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
}

function dashboardIdOf(ctx: ServiceContext, scope: string, publicId: string): number {
  const found = listResources(ctx.db, 'dashboard', scope).find((d) => d.body.publicId === publicId);
  if (!found) throw badRequest(`dashboardPublicId: no published dashboard ${publicId} here`);
  return found.id;
}

export const RESOURCES: ResourceSpec[] = [
  {
    kind: 'folder',
    tag: 'Folders',
    path: `${DEPLOYMENT}/folders`,
    scope: 'deployment',
    idParam: 'folderId',
    operations: {list: 'getFolders', create: 'createFolder', update: 'updateFolder', delete: 'deleteFolder'},
    summary: 'workspace folders',
    item: Folder,
    createBody: CreateFolderInput,
    updateBody: UpdateFolderInput,
    filters: {parentId: {field: 'parentId', match: 'int'}},
    listExtras: true,
    refs: {parentId: 'folder'},
    initial: (input, c) => ({
      parentId: null,
      type: 'FOLDER',
      position: c.siblings.filter((f) => (f.parentId ?? null) === (input.parentId ?? null)).length,
    }),
  },
  {
    kind: 'workbook',
    tag: 'Workbooks',
    path: `${DEPLOYMENT}/workbooks`,
    scope: 'deployment',
    idParam: 'workbookId',
    operations: {list: 'getWorkbooks', get: 'getWorkbook', create: 'createWorkbook', update: 'updateWorkbook', delete: 'deleteWorkbook'},
    summary: 'workbooks',
    item: Workbook,
    createBody: CreateWorkbookInput,
    updateBody: UpdateWorkbookInput,
    filters: {folderId: {field: 'folderId', match: 'int'}},
    listExtras: true,
    unique: ['slug'],
    upsertBy: {field: 'slug', segment: 'slug', operationId: 'upsertWorkbookBySlug', pattern: /^[a-z0-9][a-z0-9-]{0,99}$/},
    refs: {folderId: 'folder'},
    clearable: ['folderId', 'slug'],
    hidden: ['embedAccess', 'dashboardDraft'],
    initial: () => ({name: 'Untitled workbook', folderId: null, slug: null, meta: {}, calculatedFields: {}, type: 'WORKBOOK'}),
  },
  {
    kind: 'report',
    tag: 'Reports',
    path: `${DEPLOYMENT}/reports`,
    scope: 'deployment',
    idParam: 'reportId',
    operations: {list: 'getReports', get: 'getReport', create: 'createReport', update: 'updateReport', delete: 'deleteReport'},
    summary: 'reports',
    item: Report,
    createBody: CreateReportInput,
    updateBody: UpdateReportInput,
    filters: {
      workbookId: {field: 'workbookId', match: 'int'},
      folderId: {field: 'folderId', match: 'int'},
      search: {field: 'name', match: 'contains'},
    },
    listExtras: true,
    unique: ['publicId'],
    upsertBy: {field: 'publicId', segment: 'public-id', operationId: 'upsertReportByPublicId', pattern: /^[0-9A-Za-z]{12}$/},
    refs: {workbookId: 'workbook', folderId: 'folder'},
    clearable: ['workbookId', 'folderId', 'title', 'description', 'jsonQuery', 'sqlQuery'],
    enrich: reportPeople,
    initial: () => ({
      name: 'Untitled report',
      publicId: newPublicId(),
      title: null,
      description: null,
      workbookId: null,
      folderId: null,
      jsonQuery: null,
      type: 'REPORT',
    }),
  },
  {
    kind: 'notification',
    tag: 'Notifications',
    path: `${DEPLOYMENT}/notifications`,
    scope: 'deployment',
    idParam: 'id',
    operations: {list: 'getNotifications', get: 'getNotification', create: 'createNotification', update: 'updateNotification', delete: 'deleteNotification'},
    summary: 'scheduled dashboard notifications',
    item: Notification,
    createBody: CreateNotificationInput,
    updateBody: UpdateNotificationInput,
    filters: {dashboardId: {field: 'dashboardId', match: 'int'}},
    refs: {dashboardId: 'dashboard'},
    clearable: ['customCron'],
    hidden: ['recipients'],
    initial: (input, c) => ({
      dashboardId: input.dashboardId ?? dashboardIdOf(c.ctx, c.scope, String(input.dashboardPublicId)),
      timezone: 'UTC',
      isEnabled: true,
      notificationEnabled: true,
      notificationAiSummary: false,
      notificationFormat: 'png',
    }),
    derive: schedule,
  },
  {
    kind: 'role',
    tag: 'Roles',
    path: '/api/v1/roles',
    scope: 'account',
    idParam: 'roleId',
    operations: {list: 'getRoles', get: 'getRole', create: 'createRole', update: 'updateRole', delete: 'deleteRole'},
    summary: 'custom roles and their policies',
    item: Role,
    createBody: RoleCreateBody,
    updateBody: RoleUpdateBody,
    unique: ['name'],
    clearable: ['description'],
    initial: () => ({description: null, userIds: []}),
  },
  {
    kind: 'user',
    tag: 'Users Admin',
    path: '/api/v1/users',
    scope: 'account',
    idParam: 'id',
    operations: {create: 'createUser', update: 'updateUser', delete: 'deleteUser'},
    summary: 'users',
    item: User,
    createBody: UserCreateInput,
    updateBody: UserUpdateInput,
    unique: ['email', 'username'],
    clearable: ['firstName', 'title'],
    hidden: ['password'],
    store: usersStore,
    initial: () => ({firstName: null, isAdmin: false, isDeactivated: false, notifications: {}}),
  },
  {
    kind: 'user-attribute',
    tag: 'User Attributes',
    path: '/api/v1/user-attributes',
    scope: 'account',
    idParam: 'id',
    operations: {list: 'getUserAttributes', create: 'createUserAttribute', update: 'updateUserAttribute'},
    summary: 'user attributes',
    item: UserAttribute,
    createBody: UserAttributeCreateInput,
    updateBody: UserAttributeUpdateInput,
    filters: {name: {field: 'name', match: 'contains'}, type: {field: 'type', match: 'exact'}},
    listExtras: true,
    unique: ['name'],
    clearable: ['displayName', 'description', 'defaultValue'],
    initial: () => ({displayName: null, description: null, defaultValue: null}),
  },
  {
    kind: 'embed-group',
    tag: 'Embed Tenants',
    path: '/api/v1/embed-tenants/{embedTenantName}/groups',
    scope: 'embedTenant',
    idParam: 'id',
    operations: {list: 'getGroups', get: 'getGroup', create: 'createGroup', update: 'updateGroup', delete: 'deleteGroup'},
    updateMethod: 'patch',
    summary: 'user groups of an embed tenant',
    item: UserGroup,
    createBody: CreateEmbedGroupInput,
    updateBody: UpdateEmbedGroupInput,
    unique: ['name'],
    clearable: ['description'],
    hidden: ['memberIds'],
    initial: (_input, c) => {
      ensureTenant(c.ctx, c.scope);
      return {description: null, userCount: 0, memberIds: []};
    },
  },
  {
    kind: 'embed-user',
    tag: 'Embed Tenants',
    path: '/api/v1/embed-tenants/{embedTenantName}/users',
    scope: 'embedTenant',
    idParam: 'id',
    operations: {list: 'listEmbedUsers'},
    summary: 'embed users of an embed tenant (provisioned with provisionEmbedUser/provisionEmbedUsers)',
    item: EmbedUser,
    filters: {search: {field: 'username', match: 'contains'}},
    hidden: ['picture'],
  },
];
