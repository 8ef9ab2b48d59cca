// Request bodies of the object groups' operations beyond CRUD: meta selectors, workspace moves and bulk
// operations, bulk user actions, workbook duplication and notification recipients (the platform API description's names).
import {z} from 'zod';
import {WorkspaceObjectType} from './objects.js';

/** POST /api/v1/meta: which data-model objects to describe, e.g. every cube of a deployment's production model. */
export const MetaSelector = z
  .object({
    type: z.enum(['cube', 'view']).optional(),
    deploymentId: z.number().int().positive(),
    environment: z.string().min(1, 'must be production or a branch name').default('production'),
    name: z.string().min(1).optional(),
  })
  .strict()
  .meta({id: 'MetaSelector'});
export const MetaInput = z.object({selectors: z.array(MetaSelector).min(1, 'must list at least one selector').max(50)}).strict().meta({id: 'MetaInput'});

export const MoveWorkspaceObjectInput = z
  .object({id: z.number().int().positive(), type: WorkspaceObjectType, folderId: z.number().int().positive().nullable().optional()})
  .strict()
  .meta({id: 'MoveWorkspaceObjectInput'});
export const BulkUserActionInput = z
  .object({action: z.enum(['DEACTIVATE', 'ACTIVATE', 'DELETE']), userIds: z.array(z.number().int().positive()).min(1, 'must list at least one user').max(500)})
  .strict()
  .meta({id: 'BulkUserActionInput'});
export const DuplicateWorkbookInput = z.object({shared: z.boolean().nullable().optional()}).strict().meta({id: 'DuplicateWorkbookInput'});

export const RECIPIENT_TYPES = ['USER', 'EMBED_USER', 'SLACK'] as const;
export const NotificationRecipientInput = z
  .object({
    type: z.enum(RECIPIENT_TYPES),
    userId: z.number().int().positive().nullable().optional(),
    email: z.email('must be an email address').nullable().optional(),
    embedTenantName: z.string().min(1).max(100).nullable().optional(),
    externalId: z.string().min(1).max(200).nullable().optional(),
    channelId: z.string().min(1).max(100).nullable().optional(),
    channelName: z.string().max(200).nullable().optional(),
  })
  .strict()
  .refine((r) => r.type !== 'USER' || r.userId != null || !!r.email, {message: 'a USER recipient needs userId or email', path: ['userId']})
  .refine((r) => r.type !== 'EMBED_USER' || (!!r.embedTenantName && !!r.externalId), {message: 'an EMBED_USER recipient needs embedTenantName and externalId', path: ['externalId']})
  .refine((r) => r.type !== 'SLACK' || !!r.channelId, {message: 'a SLACK recipient needs channelId', path: ['channelId']})
  .meta({id: 'NotificationRecipientInput'});
export const AddNotificationRecipientsInput = z
  .object({recipients: z.array(NotificationRecipientInput).min(1, 'must list at least one recipient').max(200)})
  .strict()
  .meta({id: 'AddNotificationRecipientsInput'});
export const RemoveNotificationRecipientsInput = z
  .object({
    recipients: z
      .array(z.object({type: z.enum(RECIPIENT_TYPES), id: z.union([z.number().int(), z.string().min(1)]), embedTenantName: z.string().nullable().optional()}).strict())
      .min(1, 'must list at least one recipient'),
  })
  .strict()
  .meta({id: 'RemoveNotificationRecipientsInput'});

const WorkspaceItemRefInput = z.object({id: z.number().int().positive(), type: WorkspaceObjectType}).strict();
export const BulkDeleteWorkspaceObjectsInput = z
  .object({items: z.array(WorkspaceItemRefInput).min(1, 'must list at least one object').max(200)})
  .strict()
  .meta({id: 'BulkDeleteWorkspaceObjectsInput'});
export const BulkMoveWorkspaceObjectsInput = BulkDeleteWorkspaceObjectsInput.extend({folderId: z.number().int().positive().nullable().optional()})
  .strict()
  .meta({id: 'BulkMoveWorkspaceObjectsInput'});
