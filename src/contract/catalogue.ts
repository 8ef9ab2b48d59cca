// THE catalogue of account and workspace object kinds: one entry per plain CRUD kind, read by everything that
// serves, calls, shows or guards one. The service's routes (server/routes/objects/table.ts → crud.ts), the
// permission table (server/permissions.ts), the client's object groups (api/objects.ts → commands/objects.ts and
// commands/groups.ts) and the console's generic resource view (screens/resources/types.ts, its `:` palette names)
// are built from these entries; adding a kind is an entry here plus its schemas in objects.ts. Paths, operationIds
// and field names are the platform API description's. No zod here: command mode and the console read this at
// start-up, and the schemas are named (objectSchemas.ts resolves a name where a schema is needed).
import {operationIds, type ObjectKind, type ObjectOperation, type ObjectSchemaName} from './objectKind.js';

export type {ConsoleCell, ObjectFilter, ObjectKind, ObjectOperation, ObjectSchemaName, ObjectScope} from './objectKind.js';

const READ_OR_MANAGE = {read: 'DeploymentRead', write: 'DeploymentManage'} as const;

/**
 * A workspace object of a deployment as the platform names its parts: tag `<Singular>s`, path
 * `/api/v1/deployments/{deploymentId}/<kind>s`, id parameter `<kind>Id`, operationIds by `operationIds`, schemas
 * `<Singular>`, `Create<Singular>Input` and `Update<Singular>Input`, and the command group `<kind>s` (alias `<kind>`).
 */
function deploymentObject(
  kind: string,
  singular: string,
  operations: readonly ObjectOperation[],
  command: {description: string; columns: Array<[string, string]>},
): Pick<ObjectKind, 'kind' | 'tag' | 'path' | 'scope' | 'idParam' | 'operations' | 'schemas' | 'permission' | 'command'> {
  return {
    kind,
    tag: `${singular}s`,
    path: `/api/v1/deployments/{deploymentId}/${kind}s`,
    scope: 'deployment',
    idParam: `${kind}Id`,
    operations: operationIds(singular, operations),
    schemas: {item: singular as ObjectSchemaName, create: `Create${singular}Input` as ObjectSchemaName, update: `Update${singular}Input` as ObjectSchemaName},
    permission: READ_OR_MANAGE,
    command: {name: `${kind}s`, aliases: [kind], noun: kind, ...command},
  };
}

const ALL: readonly ObjectOperation[] = ['list', 'get', 'create', 'update', 'delete'];

export const OBJECT_KINDS: ObjectKind[] = [
  {
    ...deploymentObject('folder', 'Folder', ['list', 'create', 'update', 'delete'], {
      description: 'workspace folders of a deployment',
      columns: [['ID', 'id'], ['NAME', 'name'], ['PARENT', 'parentId'], ['POSITION', 'position'], ['UPDATED', 'updatedAt']],
    }),
    summary: 'workspace folders',
    filters: {parentId: {field: 'parentId', match: 'int', description: 'only folders inside this folder'}},
    listExtras: true,
    refs: {parentId: 'folder'},
    console: {id: 'folders', title: 'Folders', after: 'groups', template: {name: 'New folder', parentId: null}},
  },
  {
    ...deploymentObject('workbook', 'Workbook', ALL, {
      description: 'workbooks of a deployment',
      columns: [['ID', 'id'], ['NAME', 'name'], ['FOLDER', 'folderId'], ['SLUG', 'slug'], ['UPDATED', 'updatedAt']],
    }),
    summary: 'workbooks',
    filters: {folderId: {field: 'folderId', match: 'int', description: 'only workbooks in this folder'}},
    listExtras: true,
    unique: ['slug'],
    upsertBy: {field: 'slug', segment: 'slug', operationId: 'upsertWorkbookBySlug', pattern: /^[a-z0-9][a-z0-9-]{0,99}$/},
    refs: {folderId: 'folder'},
    clearable: ['folderId', 'slug'],
    hidden: ['embedAccess', 'dashboardDraft'],
    console: {id: 'workbooks', title: 'Workbooks', after: 'folders', template: {name: 'New workbook', folderId: null}},
  },
  {
    ...deploymentObject('report', 'Report', ALL, {
      description: 'reports of a deployment',
      columns: [['ID', 'id'], ['NAME', 'name'], ['PUBLIC ID', 'publicId'], ['WORKBOOK', 'workbookId'], ['FOLDER', 'folderId']],
    }),
    summary: 'reports',
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
    console: {id: 'reports', title: 'Reports', after: 'workbooks', template: {name: 'New report', title: null, workbookId: null}},
  },
  {
    ...deploymentObject('notification', 'Notification', ALL, {
      description: 'scheduled dashboard notifications of a deployment',
      columns: [['ID', 'id'], ['DASHBOARD', 'dashboardId'], ['SCHEDULE', 'humanReadableSchedule'], ['CRON', 'cronExpression'], ['ENABLED', 'isEnabled']],
    }),
    summary: 'scheduled dashboard notifications',
    idParam: 'id',
    filters: {dashboardId: {field: 'dashboardId', match: 'int', description: 'only notifications of this dashboard'}},
    refs: {dashboardId: 'dashboard'},
    clearable: ['customCron'],
    hidden: ['recipients'],
    console: {id: 'notifications', title: 'Notifications', after: 'reports', template: {scheduleType: 'DAILY', dashboardId: 1, hour: 8, minute: 0, timezone: 'UTC'}},
  },
  {
    kind: 'role',
    tag: 'Roles',
    summary: 'custom roles and their policies',
    path: '/api/v1/roles',
    scope: 'account',
    idParam: 'roleId',
    operations: operationIds('Role', ALL),
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
    operations: operationIds('User', ['create', 'update', 'delete']),
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
    operations: operationIds('UserAttribute', ['list', 'create', 'update']),
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
    operations: operationIds('Group', ALL),
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
    // Listed here; created and changed by provisionEmbedUser(s). `svc embed users` (commands/operations.ts) lists
    // them from this entry: its path and its filters.
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
