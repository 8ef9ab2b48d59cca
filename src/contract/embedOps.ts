// Embed tenants, their users and group members, dashboard embed access of a workbook, the usage analytics
// token and a user's own settings: request bodies and answers, with the platform API description's names and limits.
import {z} from 'zod';

const id = z.number().int();
const nullableText = (max = 255) => z.string().max(max).nullable().optional();
const externalId = z.string().trim().min(1, 'must not be empty').max(255);

export const EmbedUser = z
  .object({id, username: z.string(), email: z.string().nullable(), externalId: z.string().nullable(), firstName: z.string().nullable(), createdAt: z.string(), lastLogin: z.string().nullable()})
  .meta({id: 'EmbedUser'});
export const EmbedUserProfile = z.object({displayName: nullableText(), picture: z.url('must be a URL').nullable().optional()}).strict();
export const ProvisionEmbedUserInput = z
  .object({
    externalId,
    email: z.email('must be an email address').nullable().optional(),
    groups: z.array(z.string().min(1).max(100)).max(100).nullable().optional(),
    tenantGroups: z.array(z.string().min(1).max(100)).max(100).nullable().optional(),
    userProfile: EmbedUserProfile.nullable().optional(),
  })
  .strict()
  .meta({id: 'ProvisionEmbedUserInput'});
export const ProvisionEmbedUsersInput = z
  .object({users: z.array(ProvisionEmbedUserInput).min(1, 'must list at least one user').max(1000)})
  .strict()
  .meta({id: 'ProvisionEmbedUsersInput'});
export const EmbedGroupMembersInput = z
  .object({
    members: z
      .array(
        z
          .object({embedUserId: z.number().int().min(1).nullable().optional(), externalId: z.string().min(1).nullable().optional()})
          .strict()
          .refine((m) => (m.embedUserId != null) !== (m.externalId != null), {message: 'give embedUserId or externalId (one of them)'}),
      )
      .min(1, 'must list at least one member')
      .max(1000),
  })
  .strict()
  .meta({id: 'EmbedGroupMembersInput'});
export const EmbedTenant = z.object({id, name: z.string(), displayName: z.string().nullable(), userCount: id, createdAt: z.string()}).meta({id: 'EmbedTenant'});

const accessAction = z.enum(['read', 'none']);
export const EmbedAccessResponse = z
  .object({
    allowEmbed: z.boolean(),
    allEmbedUsers: z.object({enabled: z.boolean(), action: accessAction, groupId: id.nullable()}),
    tenants: z.array(z.object({embedTenantName: z.string(), groupId: id, action: accessAction})),
  })
  .meta({id: 'EmbedAccessResponse'});
export const UpdateEmbedAccessInput = z
  .object({
    action: accessAction.nullable().optional(),
    allEmbedUsers: z.boolean().nullable().optional(),
    allowEmbed: z.boolean().nullable().optional(),
    embedTenantName: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'embed tenant name must be letters, digits, . _ or -').nullable().optional(),
  })
  .strict()
  .meta({id: 'UpdateEmbedAccessInput'});

export const UsageAnalyticsTokenResponse = z
  .object({token: z.string(), apiUrl: z.string(), deploymentId: id, expiresAt: z.string().nullable()})
  .meta({id: 'UsageAnalyticsTokenResponse'});

export const UserSettingsInput = z
  .object({
    alternatingRowColors: z.boolean().nullable().optional(),
    defaultDeploymentId: z.number().int().positive().nullable().optional(),
    lastSeenChangelogId: z.number().int().nonnegative().nullable().optional(),
    locale: z.string().min(2).max(35).nullable().optional(),
    sheets: z.record(z.string(), z.unknown()).nullable().optional(),
    theme: z.string().min(1).max(50).nullable().optional(),
    timezone: z.string().min(1).max(64).nullable().optional(),
  })
  .strict()
  .meta({id: 'UserSettingsInput'});

// Reports placed in spreadsheets (connect-workbook, refresh) and a workbook's dashboard draft.
const cell = z.string().regex(/^[A-Za-z]{1,3}[0-9]{1,7}$/, 'must be a cell like B2').nullable().optional();
const ResultChecksumInput = z
  .object({v: z.number().int().min(1), chunks: z.array(z.object({from: z.number().int().min(0), hash: z.string().min(1).max(64), to: z.number().int().min(0).nullable().optional()}).strict()).max(2000)})
  .strict();
const placementFields = {
  anchorCell: cell,
  placementId: nullableText(100),
  sheetId: nullableText(),
  sheetName: nullableText(),
};
export const ConnectReportToWorkbookInput = z
  .object({
    ...placementFields,
    externalWorkbookId: z.string().min(1, 'must not be empty').max(255),
    resultLocation: z.string().min(1, 'must not be empty').max(255),
    addressOnly: z.boolean().nullable().optional(),
    endResultCell: cell,
    host: z.enum(['GOOGLE_SHEETS', 'EXCEL']).nullable().optional(),
    resultChecksum: ResultChecksumInput.nullable().optional(),
    workbookName: nullableText(),
  })
  .strict()
  .meta({id: 'ConnectReportToWorkbookInput'});
export const DisconnectReportFromWorkbookInput = z
  .object({...placementFields, externalWorkbookId: nullableText(), resultLocation: nullableText()})
  .strict()
  .meta({id: 'DisconnectReportFromWorkbookInput'});
export const RefreshReportInput = z
  .object({...placementFields, externalWorkbookId: nullableText(), resultLocation: nullableText(), resultChecksum: ResultChecksumInput.nullable().optional()})
  .strict()
  .meta({id: 'RefreshReportInput'});

const WidgetInput = z
  .looseObject({
    id: z.string().min(1).max(100),
    type: z.enum(['CHART', 'TEXT', 'FILTER', 'AI', 'TIME_GRAIN', 'FIELD', 'PARENT', 'SPACER', 'DIVIDER', 'CONTAINER']),
    position: z.object({x: z.number().int(), y: z.number().int(), w: z.number().int(), h: z.number().int()}).strict(),
  });
export const WorkbookDashboardInput = z
  .object({
    dashboardDraft: z
      .looseObject({title: z.string().nullable().optional(), description: z.string().nullable().optional(), widgets: z.array(WidgetInput).max(500).nullable().optional()})
      .nullable()
      .optional(),
  })
  .strict()
  .meta({id: 'WorkbookDashboardInput'});
export const UpdatePublishedAiWidgetThreadInput = z
  .object({widgetId: z.string().min(1).max(100), threadId: z.string().min(1).max(200), checksum: z.string().max(128).nullable().optional()})
  .strict()
  .meta({id: 'UpdatePublishedAiWidgetThreadInput'});

// Embed sessions (a management credential makes a session for an embed user; the session is exchanged for a
// data API token) and comments on embedded dashboards.
export const GenerateSessionInput = z
  .looseObject({
    deploymentId: z.number().int().positive(),
    externalId: z.string().trim().min(1).max(255).nullable().optional(),
    internalId: z.string().trim().min(1).max(255).nullable().optional(),
    email: z.email('must be an email address').nullable().optional(),
    embedTenantName: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'embed tenant name must be letters, digits, . _ or -').nullable().optional(),
    publicDashboardId: z.string().regex(/^[0-9A-Za-z]{12}$/, 'must be 12 letters or digits').nullable().optional(),
    securityContext: z.record(z.string(), z.unknown()).nullable().optional(),
    isEphemeral: z.boolean().nullable().optional(),
  })
  .refine((s) => s.externalId != null || s.internalId != null || s.isEphemeral === true, {message: 'name the embed user with externalId or internalId, or set isEphemeral', path: ['externalId']})
  .meta({id: 'GenerateSession'});
export const GenerateEmbedTokenResponse = z.object({token: z.string()}).meta({id: 'GenerateEmbedTokenResponse'});
export const SessionIdInput = z.object({sessionId: z.string().min(1).max(200)}).strict().meta({id: 'SessionIdInput'});
/** A session id as generate-session answers it: 32 lowercase hex digits. */
export const RevokeEmbedSessionInput = z
  .object({sessionId: z.string().regex(/^[0-9a-f]{32}$/, 'must be a session id as generate-session answers it (32 lowercase hex digits)')})
  .strict()
  .meta({id: 'RevokeEmbedSessionInput'});
export const CreateCommentInput = z
  .object({body: z.string().trim().min(1, 'must not be empty').max(10000), parentId: z.number().int().positive().nullable().optional()})
  .strict()
  .meta({id: 'CreateEmbedDashboardCommentBody'});
export const UpdateCommentInput = z.object({body: z.string().trim().min(1, 'must not be empty').max(10000)}).strict().meta({id: 'UpdateEmbedDashboardCommentBody'});
export const ResolveCommentInput = z.object({resolved: z.boolean()}).strict().meta({id: 'SetEmbedDashboardCommentResolvedBody'});
