// Account and workspace objects: folders, workbooks, reports, notifications, roles and their policies, users,
// user attributes and values, embed-tenant groups, tenant settings, the app config and dashboard embedding.
// Field names, enums and limits follow the platform API description; the service validates request bodies with these.
import {z} from 'zod';
import {PageInfo} from './common.js';

const id = z.number().int();
const time = z.string();
const nullableString = (max?: number) => (max ? z.string().max(max) : z.string()).nullable().optional();
const nullableInt = z.number().int().nullable().optional();
const jsonObject = z.record(z.string(), z.unknown());

export const WorkspaceObjectType = z.enum(['FOLDER', 'WORKBOOK', 'REPORT']).meta({id: 'WorkspaceObjectType'});

/** Every list of this group: `items` and cursor `pageInfo`; some lists also carry `data` and `count`. */
export const ObjectList = z
  .object({items: z.array(jsonObject), pageInfo: PageInfo, data: z.array(jsonObject).optional(), count: z.number().int().optional()})
  .meta({id: 'ObjectList'});

export const Folder = z
  .object({id, deploymentId: id, name: z.string(), parentId: id.nullable(), position: id, type: WorkspaceObjectType, createdAt: time, updatedAt: time})
  .meta({id: 'Folder'});
export const CreateFolderInput = z
  .object({name: z.string().trim().min(1, 'must not be empty').max(255), parentId: nullableInt, position: nullableInt})
  .strict()
  .meta({id: 'CreateFolderInput'});
export const UpdateFolderInput = z
  .object({name: z.string().trim().min(1, 'must not be empty').max(255).nullable().optional(), position: nullableInt})
  .strict()
  .meta({id: 'UpdateFolderInput'});

export const Workbook = z
  .object({id, deploymentId: id, name: z.string(), folderId: id.nullable(), slug: z.string().nullable(), meta: jsonObject, calculatedFields: jsonObject, type: WorkspaceObjectType, createdAt: time, updatedAt: time})
  .meta({id: 'Workbook'});
export const CreateWorkbookInput = z
  .object({name: nullableString(255), folderId: nullableInt, meta: jsonObject.nullable().optional()})
  .strict()
  .meta({id: 'CreateWorkbookInput'});
export const UpdateWorkbookInput = CreateWorkbookInput.extend({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'must be lowercase letters, digits and dashes').nullable().optional(),
  slugTakeover: z.boolean().nullable().optional(),
})
  .strict()
  .meta({id: 'UpdateWorkbookInput'});

const publicId = z.string().regex(/^[0-9A-Za-z]{12}$/, 'must be 12 letters or digits');

/** Who owns an object, or refreshed it (`ResourceOwner` in the platform's description). */
const ResourceOwner = z.object({id, email: z.string(), firstName: z.string().nullable().optional(), picture: z.string().nullable().optional()}).meta({id: 'ResourceOwner'});
export const REPORT_SOURCES = ['GOOGLE_SHEETS', 'EXCEL', 'PLAYGROUND', 'D3'] as const;
export const Report = z
  .object({
    id,
    deploymentId: id,
    publicId: z.string(),
    name: z.string(),
    title: z.string().nullable(),
    workbookId: id.nullable(),
    folderId: id.nullable(),
    jsonQuery: z.string().nullable(),
    source: z.enum(REPORT_SOURCES).nullable().optional(),
    userId: id,
    user: ResourceOwner,
    refreshedBy: id.nullable(),
    refreshedByUser: ResourceOwner,
    type: WorkspaceObjectType,
    createdAt: time,
    updatedAt: time,
  })
  .meta({id: 'Report'});
export const UpdateReportInput = z
  .object({
    name: nullableString(255),
    title: nullableString(255),
    description: nullableString(),
    workbookId: nullableInt,
    folderId: nullableInt,
    jsonQuery: nullableString(),
    sqlQuery: nullableString(),
    publicId: publicId.nullable().optional(),
    meta: jsonObject.nullable().optional(),
  })
  .strict()
  .meta({id: 'UpdateReportInput'});
/** As an update, plus where the report comes from (set once: the description's update has no `source`). */
export const CreateReportInput = UpdateReportInput.extend({source: z.enum(REPORT_SOURCES).nullable().optional()})
  .strict()
  .meta({id: 'CreateReportInput'});

export const SCHEDULE_TYPES = ['HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'CUSTOM'] as const;
const scheduleFields = {
  customCron: z.string().regex(/^\S+( \S+){4}$/, 'must be a five-field cron expression').nullable().optional(),
  minute: z.number().int().min(0).max(59).nullable().optional(),
  hour: z.number().int().min(0).max(23).nullable().optional(),
  dayOfWeek: z.number().int().min(0).max(6).nullable().optional(),
  dayOfMonth: z.number().int().min(1).max(31).nullable().optional(),
  timezone: nullableString(64),
  notificationEnabled: z.boolean().nullable().optional(),
  notificationAiSummary: z.boolean().nullable().optional(),
  notificationFormat: z.enum(['png', 'pdf']).nullable().optional(),
};
export const Notification = z
  .object({id, deploymentId: id, dashboardId: id, cronExpression: z.string(), humanReadableSchedule: z.string(), timezone: z.string(), isEnabled: z.boolean(), notificationEnabled: z.boolean(), notificationAiSummary: z.boolean(), notificationFormat: z.string()})
  .meta({id: 'NotificationDto'});
export const CreateNotificationInput = z
  .object({scheduleType: z.enum(SCHEDULE_TYPES), dashboardId: z.number().int().positive().nullable().optional(), dashboardPublicId: nullableString(), ...scheduleFields})
  .strict()
  .refine((n) => n.scheduleType !== 'CUSTOM' || !!n.customCron, {message: 'customCron is required when scheduleType is CUSTOM', path: ['customCron']})
  .refine((n) => n.dashboardId != null || !!n.dashboardPublicId, {message: 'name the dashboard with dashboardId or dashboardPublicId', path: ['dashboardId']})
  .meta({id: 'CreateNotificationInput'});
export const UpdateNotificationInput = z
  .object({scheduleType: z.enum(SCHEDULE_TYPES).nullable().optional(), isEnabled: z.boolean().nullable().optional(), ...scheduleFields})
  .strict()
  .meta({id: 'UpdateNotificationInput'});

export const POLICY_RESOURCE_TYPES = ['Global', 'Deployment', 'Report', 'ReportFolder', 'Agent', 'AgentSpace', 'Workbook', 'Dashboard', 'Folder', 'ChatThread'] as const;
export const POLICY_ACTIONS = [
  'All', 'DeploymentsManage', 'DeploymentCreate', 'DeploymentRead', 'DeploymentUpdate', 'DeploymentDelete', 'SecretsManage',
  'DownloadData', 'PlaygroundRead', 'SchemaRead', 'SchemaUpdate', 'SchemaUpdateDevBranches', 'APMRead', 'AuditLogManage',
] as const;
export const Policy = z
  .object({
    actions: z.array(z.enum(POLICY_ACTIONS)).min(1, 'a policy must grant at least one action'),
    resourceType: z.enum(POLICY_RESOURCE_TYPES),
    resources: z.array(z.string().min(1)),
  })
  .strict()
  .meta({id: 'Policy'});
export const Role = z.object({id, name: z.string(), description: z.string().nullable(), policies: z.array(Policy)}).meta({id: 'Role'});
export const RoleCreateBody = z
  .object({name: z.string().trim().min(1, 'must not be empty').max(255), description: nullableString(255), policies: z.array(Policy)})
  .strict()
  .meta({id: 'RoleCreateBody'});
export const RoleUpdateBody = z
  .object({name: z.string().trim().min(1, 'must not be empty').max(255).optional(), description: nullableString(255), policies: z.array(Policy).optional()})
  .strict()
  .meta({id: 'RoleUpdateBody'});

export const User = z
  .object({id, email: z.string(), username: z.string(), firstName: z.string().nullable(), isAdmin: z.boolean(), isDeactivated: z.boolean(), createdAt: time, updatedAt: time})
  .meta({id: 'User'});
export const UserCreateInput = z
  .object({
    email: z.email('must be an email address'),
    username: z.string().trim().min(1, 'must not be empty').max(255),
    firstName: nullableString(255),
    externalId: nullableString(255),
    isAdmin: z.boolean().nullable().optional(),
    password: z.string().min(8, 'must be at least 8 characters').nullable().optional(),
    defaultRoles: z.array(z.string()).nullable().optional(),
    settings: jsonObject.nullable().optional(),
  })
  .strict()
  .meta({id: 'UserCreateInput'});
export const UserUpdateInput = z
  .object({
    firstName: nullableString(255),
    title: nullableString(255),
    isAdmin: z.boolean().nullable().optional(),
    isDeactivated: z.boolean().nullable().optional(),
    password: z.string().min(8, 'must be at least 8 characters').nullable().optional(),
    settings: jsonObject.nullable().optional(),
  })
  .strict()
  .meta({id: 'UserUpdateInput'});

export const ATTRIBUTE_TYPES = ['string', 'number', 'boolean', 'string_array', 'number_array'] as const;
export const UserAttribute = z
  .object({id, name: z.string(), type: z.enum(ATTRIBUTE_TYPES), displayName: z.string().nullable(), description: z.string().nullable(), defaultValue: z.string().nullable()})
  .meta({id: 'UserAttribute'});
export const UserAttributeCreateInput = z
  .object({
    name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,99}$/, 'must start with a letter or _ and hold only letters, digits and _'),
    type: z.enum(ATTRIBUTE_TYPES),
    displayName: nullableString(255),
    description: nullableString(1000),
    defaultValue: nullableString(1000),
  })
  .strict()
  .meta({id: 'UserAttributeCreateInput'});
export const UserAttributeUpdateInput = z
  .object({displayName: nullableString(255), description: nullableString(1000), defaultValue: nullableString(1000)})
  .strict()
  .meta({id: 'UserAttributeUpdateInput'});
export const UserAttributeValueCreateInput = z
  .object({userAttributeId: z.string().regex(/^\d{1,12}$/, 'must be an attribute id'), userId: z.string().regex(/^\d{1,12}$/, 'must be a user id'), value: z.unknown().optional()})
  .strict()
  .meta({id: 'UserAttributeValueCreateInput'});
export const UserAttributeValue = z
  .object({userAttributeId: id, userId: id, name: z.string(), type: z.enum(ATTRIBUTE_TYPES), value: z.unknown(), displayName: z.string().nullable()})
  .meta({id: 'UserAttributeValue'});

export const UserGroup = z.object({id, name: z.string(), description: z.string().nullable(), userCount: id.nullable()}).meta({id: 'UserGroupDTO'});
export const CreateEmbedGroupInput = z
  .object({name: z.string().trim().min(1, 'must not be empty').max(100), description: nullableString(500)})
  .strict()
  .meta({id: 'CreateEmbedGroupInput'});
export const UpdateEmbedGroupInput = z.object({description: nullableString(500)}).strict().meta({id: 'UpdateEmbedGroupInput'});

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM');
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
/** A day of the week in any case (`SUNDAY`, `sunday`, `Sunday`), kept as `Sunday`. */
const weekday = z
  .string()
  .regex(new RegExp(`^(${WEEKDAYS.join('|')})$`, 'i'), `must be a day of the week (${WEEKDAYS.join(', ')}; any case)`)
  .transform((day) => WEEKDAYS.find((d) => d.toLowerCase() === day.toLowerCase())!);
export const TenantSettings = z
  .object({
    auditLogEnabled: z.boolean(),
    auditLogEnabledCurrent: z.boolean(),
    auditLogEnabledTimestamp: z.number().int(),
    hasSupportAccess: z.boolean(),
    maintenanceWindowDay: z.string(),
    maintenanceWindowEnabled: z.boolean(),
    maintenanceWindowTime: z.string(),
    oidcEnabled: z.boolean(),
    useAIBIUserInterface: z.boolean(),
  })
  .meta({id: 'TenantSettings'});
export const TenantSettingsInput = z
  .object({
    auditLogEnabled: z.boolean().nullable().optional(),
    hasSupportAccess: z.boolean().nullable().optional(),
    maintenanceWindowDay: weekday.nullable().optional(),
    maintenanceWindowEnabled: z.boolean().nullable().optional(),
    maintenanceWindowTime: hhmm.nullable().optional(),
    oidcEnabled: z.boolean().nullable().optional(),
    useAIBIUserInterface: z.boolean().nullable().optional(),
  })
  .strict()
  .meta({id: 'TenantSettingsInput'});

export const AppConfigResponse = z
  .object({
    appTheme: jsonObject.nullable(),
    applyThemeGlobally: z.boolean(),
    restrictDataDownload: z.boolean(),
    sheetsAgentChatEnabled: z.boolean(),
    embedding: jsonObject.nullable(),
    timezoneSettings: jsonObject.nullable(),
  })
  .meta({id: 'AppConfigResponse'});

export const PublishDashboardInput = z
  .object({workbookId: z.number().int().positive(), title: nullableString(255), description: nullableString(), allowEmbed: z.boolean().nullable().optional()})
  .strict()
  .meta({id: 'PublishDashboardInput'});
export const Dashboard = z
  .object({id, deploymentId: id, publicId: z.string(), workbookId: id, title: z.string().nullable(), description: z.string().nullable(), allowEmbed: z.boolean(), status: z.string()})
  .meta({id: 'Dashboard'});
export const UpdateDashboardEmbeddingInput = z.object({allowEmbed: z.boolean()}).strict().meta({id: 'UpdateDashboardEmbeddingInput'});
export const DashboardEmbeddingResponse = z.object({publicId: z.string(), allowEmbed: z.boolean()}).meta({id: 'DashboardEmbeddingResponse'});
