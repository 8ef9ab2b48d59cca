// THE catalogue of account and workspace object kinds: one entry per plain CRUD kind, read by everything that
// serves, calls, shows or guards one. The service's routes (server/routes/objects/table.ts → crud.ts), the
// permission table (server/permissions.ts), the client's object groups (api/objects.ts → commands/objects.ts and
// commands/groups.ts) and the console's generic resource view (screens/resources/types.ts, its `:` palette names)
// are built from these entries; adding a kind is an entry here plus its schemas in objects.ts. Paths, operationIds
// and field names are the platform API description's. No zod here: command mode and the console read this at
// start-up, and the schemas are named (objectSchemas.ts resolves a name where a schema is needed).
import type {Permission} from './account.js';
import type * as embedOps from './embedOps.js';
import type * as objects from './objects.js';

/** The name of a schema exported by contract/objects.ts or contract/embedOps.ts. */
export type ObjectSchemaName = keyof typeof objects | keyof typeof embedOps;

/** Where the objects live: in a deployment (`{deploymentId}` in the path), an embed tenant, or the account. */
export type ObjectScope = 'deployment' | 'embedTenant' | 'account';

export type ObjectOperation = 'list' | 'get' | 'create' | 'update' | 'delete';

/** A list filter, keyed by its query parameter; the command's flag is the parameter in kebab case (`--folder-id`). */
export interface ObjectFilter {
  /** The field of the object the query parameter is compared with. */
  field: string;
  /** `int`: equal as numbers (the flag takes an id); `exact`: equal as strings; `contains`: case-insensitive substring. */
  match: 'int' | 'exact' | 'contains';
  /** The flag's help. */
  description: string;
}

/** A table cell of the console's view: a field, or the number of entries of an array field. */
export type ConsoleCell = string | {count: string};

export interface ObjectKind {
  kind: string;
  /** The OpenAPI tag of its operations. */
  tag: string;
  /** What the operations' summaries call the objects ("List workbooks"). */
  summary: string;
  /** Collection path, with `{deploymentId}` or `{embedTenantName}` for scoped kinds. */
  path: string;
  scope: ObjectScope;
  /** Name of the id path parameter of single-object routes. */
  idParam: string;
  /** operationIds of the operations the platform API description defines for this kind; absent ones are not served. */
  operations: Partial<Record<ObjectOperation, string>>;
  updateMethod?: 'put' | 'patch';
  /** The item and the create/update bodies, by their names in contract/objects.ts (or embedOps.ts). */
  schemas: {item: ObjectSchemaName; create?: ObjectSchemaName; update?: ObjectSchemaName};
  filters?: Record<string, ObjectFilter>;
  /** The list answer also carries `data` (a copy of items) and `count` (the total), as the description shows. */
  listExtras?: boolean;
  /** Fields unique within the scope (null values are not compared). */
  unique?: string[];
  /** PUT `<path>/by-<segment>/{<field>}` creates the object with that field's value or updates the one holding it. */
  upsertBy?: {field: string; segment: string; operationId: string; pattern: RegExp};
  /** Fields that must name an existing object of a kind in the same scope. */
  refs?: Record<string, string>;
  /** Fields a `null` in an update clears; for the others `null` means "leave as is". */
  clearable?: string[];
  /** Fields stored but never answered, and never shown. */
  hidden?: string[];
  /**
   * What a management credential needs: `read` for list and get, `write` for create, update, upsert and delete, at
   * the level of the deployment in the path for deployment objects and at account level for the others.
   */
  permission: {read: Permission; write: Permission};
  /** Its command group (`svc <name> list|get|create|update|delete`); none: no command group of its own. */
  command?: {
    name: string;
    aliases: string[];
    /** Singular noun for messages: "Deleted folder 5". */
    noun: string;
    description: string;
    /** Table columns: header and field. */
    columns: Array<[string, string]>;
    /** What the platform API does not offer for this kind (said in the group's help, so nobody looks for it). */
    notOffered?: string;
  };
  /** Its view in the console (needs `command`: the `:` names are the group's name and aliases). */
  console?: {
    /** Screen id suffix: `res:<id>`. */
    id: string;
    title: string;
    /** The console type the palette lists it after; absent: last. */
    after?: string;
    /** What the editor starts from when creating one. */
    template: Record<string, unknown>;
    /** @default the command's columns */
    columns?: Array<[string, ConsoleCell]>;
  };
}

const DEPLOYMENT = '/api/v1/deployments/{deploymentId}';
const READ_OR_MANAGE = {read: 'DeploymentRead', write: 'DeploymentManage'} as const;

export const OBJECT_KINDS: ObjectKind[] = [
  {
    kind: 'folder',
    tag: 'Folders',
    summary: 'workspace folders',
    path: `${DEPLOYMENT}/folders`,
    scope: 'deployment',
    idParam: 'folderId',
    operations: {list: 'getFolders', create: 'createFolder', update: 'updateFolder', delete: 'deleteFolder'},
    schemas: {item: 'Folder', create: 'CreateFolderInput', update: 'UpdateFolderInput'},
    filters: {parentId: {field: 'parentId', match: 'int', description: 'only folders inside this folder'}},
    listExtras: true,
    refs: {parentId: 'folder'},
    permission: READ_OR_MANAGE,
    command: {
      name: 'folders',
      aliases: ['folder'],
      noun: 'folder',
      description: 'workspace folders of a deployment',
      columns: [['ID', 'id'], ['NAME', 'name'], ['PARENT', 'parentId'], ['POSITION', 'position'], ['UPDATED', 'updatedAt']],
    },
    console: {id: 'folders', title: 'Folders', after: 'groups', template: {name: 'New folder', parentId: null}},
  },
  {
    kind: 'workbook',
    tag: 'Workbooks',
    summary: 'workbooks',
    path: `${DEPLOYMENT}/workbooks`,
    scope: 'deployment',
    idParam: 'workbookId',
    operations: {list: 'getWorkbooks', get: 'getWorkbook', create: 'createWorkbook', update: 'updateWorkbook', delete: 'deleteWorkbook'},
    schemas: {item: 'Workbook', create: 'CreateWorkbookInput', update: 'UpdateWorkbookInput'},
    filters: {folderId: {field: 'folderId', match: 'int', description: 'only workbooks in this folder'}},
    listExtras: true,
    unique: ['slug'],
    upsertBy: {field: 'slug', segment: 'slug', operationId: 'upsertWorkbookBySlug', pattern: /^[a-z0-9][a-z0-9-]{0,99}$/},
    refs: {folderId: 'folder'},
    clearable: ['folderId', 'slug'],
    hidden: ['embedAccess', 'dashboardDraft'],
    permission: READ_OR_MANAGE,
    command: {
      name: 'workbooks',
      aliases: ['workbook'],
      noun: 'workbook',
      description: 'workbooks of a deployment',
      columns: [['ID', 'id'], ['NAME', 'name'], ['FOLDER', 'folderId'], ['SLUG', 'slug'], ['UPDATED', 'updatedAt']],
    },
    console: {id: 'workbooks', title: 'Workbooks', after: 'folders', template: {name: 'New workbook', folderId: null}},
  },
  {
    kind: 'report',
    tag: 'Reports',
    summary: 'reports',
    path: `${DEPLOYMENT}/reports`,
    scope: 'deployment',
    idParam: 'reportId',
    operations: {list: 'getReports', get: 'getReport', create: 'createReport', update: 'updateReport', delete: 'deleteReport'},
    schemas: {item: 'Report', create: 'CreateReportInput', update: 'UpdateReportInput'},
    filters: {
      workbookId: {field: 'workbookId', match: 'int', description: 'only reports of this workbook'},
      folderId: {field: 'folderId', match: 'int', description: 'only reports in this folder'},
      search: {field: 'name', match: 'contains', description: 'only reports whose name contains this text'},
    },
    listExtras: true,
    unique: ['publicId'],
    upsertBy: {field: 'publicId', segment: 'public-id', operationId: 'upsertReportByPublicId', pattern: /^[0-9A-Za-z]{12}$/},
    refs: {workbookId: 'workbook', folderId: 'folder'},
    clearable: ['workbookId', 'folderId', 'title', 'description', 'jsonQuery', 'sqlQuery'],
    permission: READ_OR_MANAGE,
    command: {
      name: 'reports',
      aliases: ['report'],
      noun: 'report',
      description: 'reports of a deployment',
      columns: [['ID', 'id'], ['NAME', 'name'], ['PUBLIC ID', 'publicId'], ['WORKBOOK', 'workbookId'], ['FOLDER', 'folderId']],
    },
    console: {id: 'reports', title: 'Reports', after: 'workbooks', template: {name: 'New report', title: null, workbookId: null}},
  },
  {
    kind: 'notification',
    tag: 'Notifications',
    summary: 'scheduled dashboard notifications',
    path: `${DEPLOYMENT}/notifications`,
    scope: 'deployment',
    idParam: 'id',
    operations: {list: 'getNotifications', get: 'getNotification', create: 'createNotification', update: 'updateNotification', delete: 'deleteNotification'},
    schemas: {item: 'Notification', create: 'CreateNotificationInput', update: 'UpdateNotificationInput'},
    filters: {dashboardId: {field: 'dashboardId', match: 'int', description: 'only notifications of this dashboard'}},
    refs: {dashboardId: 'dashboard'},
    clearable: ['customCron'],
    hidden: ['recipients'],
    permission: READ_OR_MANAGE,
    command: {
      name: 'notifications',
      aliases: ['notification'],
      noun: 'notification',
      description: 'scheduled dashboard notifications of a deployment',
      columns: [['ID', 'id'], ['DASHBOARD', 'dashboardId'], ['SCHEDULE', 'humanReadableSchedule'], ['CRON', 'cronExpression'], ['ENABLED', 'isEnabled']],
    },
    console: {id: 'notifications', title: 'Notifications', after: 'reports', template: {scheduleType: 'DAILY', dashboardId: 1, hour: 8, minute: 0, timezone: 'UTC'}},
  },
  {
    kind: 'role',
    tag: 'Roles',
    summary: 'custom roles and their policies',
    path: '/api/v1/roles',
    scope: 'account',
    idParam: 'roleId',
    operations: {list: 'getRoles', get: 'getRole', create: 'createRole', update: 'updateRole', delete: 'deleteRole'},
    schemas: {item: 'Role', create: 'RoleCreateBody', update: 'RoleUpdateBody'},
    unique: ['name'],
    clearable: ['description'],
    permission: READ_OR_MANAGE,
    command: {
      name: 'policies',
      aliases: ['policy', 'roles'],
      noun: 'role',
      description: 'custom roles: named sets of policies (actions on resources)',
      columns: [['ID', 'id'], ['NAME', 'name'], ['DESCRIPTION', 'description'], ['POLICIES', 'policies']],
    },
    console: {
      id: 'roles',
      title: 'Roles',
      after: 'users',
      template: {name: 'analysts', description: null, policies: [{actions: ['DeploymentRead'], resourceType: 'Deployment', resources: ['*']}]},
      columns: [['ID', 'id'], ['NAME', 'name'], ['DESCRIPTION', 'description'], ['POLICIES', {count: 'policies'}]],
    },
  },
  {
    kind: 'user',
    tag: 'Users Admin',
    summary: 'users',
    path: '/api/v1/users',
    scope: 'account',
    idParam: 'id',
    operations: {create: 'createUser', update: 'updateUser', delete: 'deleteUser'},
    schemas: {item: 'User', create: 'UserCreateInput', update: 'UserUpdateInput'},
    unique: ['email', 'username'],
    clearable: ['firstName', 'title'],
    hidden: ['password'],
    permission: READ_OR_MANAGE,
    command: {
      name: 'users',
      aliases: ['user'],
      noun: 'user',
      description: 'users of the account (create, update, delete)',
      columns: [['ID', 'id'], ['EMAIL', 'email'], ['USERNAME', 'username'], ['ADMIN', 'isAdmin']],
    },
    console: {id: 'users', title: 'Users', after: 'api-keys', template: {email: 'new.user@example.com', username: 'new.user', firstName: null, isAdmin: false}},
  },
  {
    kind: 'user-attribute',
    tag: 'User Attributes',
    summary: 'user attributes',
    path: '/api/v1/user-attributes',
    scope: 'account',
    idParam: 'id',
    operations: {list: 'getUserAttributes', create: 'createUserAttribute', update: 'updateUserAttribute'},
    schemas: {item: 'UserAttribute', create: 'UserAttributeCreateInput', update: 'UserAttributeUpdateInput'},
    filters: {
      name: {field: 'name', match: 'contains', description: 'only attributes whose name contains this text'},
      type: {field: 'type', match: 'exact', description: 'only attributes of this type (string, number, boolean, string_array, number_array)'},
    },
    listExtras: true,
    unique: ['name'],
    clearable: ['displayName', 'description', 'defaultValue'],
    permission: READ_OR_MANAGE,
    command: {
      name: 'attributes',
      aliases: ['attribute'],
      noun: 'user attribute',
      description: 'user attributes (and, with values/set-value, their values per user)',
      columns: [['ID', 'id'], ['NAME', 'name'], ['TYPE', 'type'], ['DISPLAY NAME', 'displayName'], ['DEFAULT', 'defaultValue']],
      notOffered:
        'the platform API has no operation to delete a user attribute or to get one by id: list it (--name filters), change it with update (set defaultValue or displayName, or rename it), or set a user\'s value with set-value.',
    },
    console: {id: 'attributes', title: 'User attributes', after: 'roles', template: {name: 'region', type: 'string', displayName: 'Region', defaultValue: null}},
  },
  {
    kind: 'embed-group',
    tag: 'Embed Tenants',
    summary: 'user groups of an embed tenant',
    path: '/api/v1/embed-tenants/{embedTenantName}/groups',
    scope: 'embedTenant',
    idParam: 'id',
    operations: {list: 'getGroups', get: 'getGroup', create: 'createGroup', update: 'updateGroup', delete: 'deleteGroup'},
    updateMethod: 'patch',
    schemas: {item: 'UserGroup', create: 'CreateEmbedGroupInput', update: 'UpdateEmbedGroupInput'},
    unique: ['name'],
    clearable: ['description'],
    hidden: ['memberIds'],
    permission: READ_OR_MANAGE,
    command: {
      name: 'groups',
      aliases: ['group'],
      noun: 'group',
      description: 'user groups of an embed tenant',
      columns: [['ID', 'id'], ['NAME', 'name'], ['DESCRIPTION', 'description'], ['USERS', 'userCount']],
    },
    console: {id: 'groups', title: 'Embed groups', after: 'oidc', template: {name: 'sales', description: null}},
  },
  {
    // Listed here; created and changed by provisionEmbedUser(s), and listed by `svc embed users` (commands/operations.ts).
    kind: 'embed-user',
    tag: 'Embed Tenants',
    summary: 'embed users of an embed tenant (provisioned with provisionEmbedUser/provisionEmbedUsers)',
    path: '/api/v1/embed-tenants/{embedTenantName}/users',
    scope: 'embedTenant',
    idParam: 'id',
    operations: {list: 'listEmbedUsers'},
    schemas: {item: 'EmbedUser'},
    filters: {search: {field: 'username', match: 'contains', description: 'only users whose username contains this text'}},
    hidden: ['picture'],
    permission: READ_OR_MANAGE,
  },
];

/** The kind of this name; throws for an unknown one (a programming error: kinds are this table's). */
export function objectKind(kind: string): ObjectKind {
  const found = OBJECT_KINDS.find((k) => k.kind === kind);
  if (!found) throw new Error(`no object kind ${kind} in the catalogue`);
  return found;
}
