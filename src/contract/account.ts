// Account-level shapes: the current user, regions and API keys (with deployment scopes and permissions).
import {z} from 'zod';
import {itemsDataPage} from './common.js';

export const PERMISSIONS = [
  'DeploymentRead',
  'DeploymentManage',
  'SchemaRead',
  'SchemaUpdate',
  'SchemaUpdateDevBranches',
  'AuditLogManage',
] as const;
export const Permission = z.enum(PERMISSIONS).meta({id: 'Permission'});
export type Permission = z.infer<typeof Permission>;

export const Region = z
  .object({id: z.number().int(), name: z.string(), title: z.string(), provider: z.string()})
  .meta({id: 'Region'});
export type Region = z.infer<typeof Region>;

export const RegionsResponse = itemsDataPage(Region, 'RegionsListResponse');

export const CurrentUser = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    isAdmin: z.boolean(),
    createdAt: z.string(),
    tenant: z.object({name: z.string(), host: z.string()}),
    credential: z.object({
      type: z.enum(['api-key', 'access-token']),
      name: z.string().nullable(),
      /** The API key this credential is, or the key an access token's sign-in was approved with: deleting it ends the credential. */
      apiKeyId: z.number().int().nullable(),
      deploymentIds: z.array(z.number().int()).nullable(),
      permissions: z.array(Permission).nullable(),
    }),
  })
  .meta({id: 'CurrentUser'});
export type CurrentUser = z.infer<typeof CurrentUser>;

/** An API key as listed: never its value. `deploymentIds`/`permissions` null mean "all". */
export const ApiKey = z
  .object({
    id: z.number().int(),
    name: z.string(),
    prefix: z.string(),
    deploymentIds: z.array(z.number().int()).nullable(),
    permissions: z.array(Permission).nullable(),
    createdAt: z.string(),
    /** 'scim': a SCIM token, valid only on /api/scim/v2. */
    kind: z.enum(['api', 'scim']),
  })
  .meta({id: 'ApiKey'});
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeysResponse = itemsDataPage(ApiKey, 'ApiKeysListResponse');

export const CreateApiKeyBody = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(100),
    deploymentIds: z.array(z.number().int().positive()).min(1, 'must list at least one deployment').optional(),
    permissions: z.array(Permission).min(1, 'must list at least one permission').optional(),
    /** Issue a SCIM token for an identity provider instead of an API key. */
    scim: z.boolean().optional(),
    /** The account user the key acts as (an admin gives a key to another user); default: the caller. */
    userId: z.number().int().positive().optional(),
  })
  .strict()
  .meta({id: 'CreateApiKeyInput'});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

/** The create answer: the only time the key value is shown. */
export const CreatedApiKey = ApiKey.extend({key: z.string()}).meta({id: 'CreatedApiKey'});
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const ApiKeyIdParam = z.object({id: z.string().regex(/^\d{1,12}$/, 'api key id must be numeric')});
