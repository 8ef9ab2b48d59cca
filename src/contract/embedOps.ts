// Embed tenants, their users and group members, dashboard embed access of a workbook, the usage analytics
// token and a user's own settings: request bodies and answers, with platform-api.yaml's names and limits.
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
