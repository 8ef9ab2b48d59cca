// SCIM 2.0 shapes (RFC 7643 resources, RFC 7644 messages) for /api/scim/v2. Input schemas keep only the
// attributes the service stores (core attributes and the enterprise extension) and drop the rest (identity
// providers send other extensions freely); output schemas are what the service answers.
import {z} from 'zod';

export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
/** The service's own extension: the user's id in the management API (read-only). */
export const SCIM_ACCOUNT_SCHEMA = 'urn:svc:params:scim:schemas:extension:account:2.0:User';
export const SCIM_GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_MEDIA_TYPE = 'application/scim+json';
export const SCIM_DEFAULT_COUNT = 100;
export const SCIM_MAX_COUNT = 1000;

export const ScimMeta = z
  .object({resourceType: z.string(), created: z.string(), lastModified: z.string(), location: z.string()})
  .meta({id: 'ScimMeta'});

export const ScimName = z
  .object({givenName: z.string().nullable().optional(), familyName: z.string().nullable().optional(), formatted: z.string().optional()})
  .meta({id: 'ScimName'});

export const ScimEmail = z
  .object({value: z.string(), type: z.string().optional(), primary: z.boolean().optional()})
  .meta({id: 'ScimEmail'});

/**
 * A member of a group, or a group of a user: `value` is the id. The answer also carries `$ref` (the URL of
 * the resource), left out of the schema because `$ref` as a property name confuses OpenAPI tooling.
 */
export const ScimReference = z
  .looseObject({value: z.string(), display: z.string().optional()})
  .meta({id: 'ScimReference'});

export const ScimUser = z
  .object({
    schemas: z.array(z.string()),
    id: z.string(),
    externalId: z.string().optional(),
    userName: z.string(),
    name: ScimName.optional(),
    displayName: z.string().optional(),
    emails: z.array(ScimEmail),
    active: z.boolean(),
    groups: z.array(ScimReference),
    [SCIM_ENTERPRISE_SCHEMA]: z.record(z.string(), z.unknown()).optional(),
    [SCIM_ACCOUNT_SCHEMA]: z.object({userId: z.number().int()}),
    meta: ScimMeta,
  })
  .meta({id: 'ScimUser'});
export type ScimUser = z.infer<typeof ScimUser>;

const maybeString = z.string().nullable().optional();

/** POST/PUT body of a user. `active` may arrive as "true"/"false" (some providers send strings). */
export const ScimUserInput = z
  .object({
    schemas: z.array(z.string()).optional(),
    userName: z.string().trim().min(1, 'must not be empty'),
    externalId: maybeString,
    name: z.object({givenName: maybeString, familyName: maybeString, formatted: maybeString}).nullable().optional(),
    displayName: maybeString,
    emails: z.array(ScimEmail).nullable().optional(),
    active: z.union([z.boolean(), z.enum(['true', 'false', 'True', 'False'])]).optional(),
    [SCIM_ENTERPRISE_SCHEMA]: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .meta({id: 'ScimUserInput'});
export type ScimUserInput = z.infer<typeof ScimUserInput>;

export const ScimGroup = z
  .object({
    schemas: z.array(z.string()),
    id: z.string(),
    externalId: z.string().optional(),
    displayName: z.string(),
    members: z.array(ScimReference).optional(),
    meta: ScimMeta,
  })
  .meta({id: 'ScimGroup'});
export type ScimGroup = z.infer<typeof ScimGroup>;

export const ScimGroupInput = z
  .object({
    schemas: z.array(z.string()).optional(),
    displayName: z.string().trim().min(1, 'must not be empty'),
    externalId: maybeString,
    members: z.array(z.object({value: z.string().min(1)})).nullable().optional(),
  })
  .meta({id: 'ScimGroupInput'});
export type ScimGroupInput = z.infer<typeof ScimGroupInput>;

/** RFC 7644 §3.5.2. `op` is matched case-insensitively (Entra ID sends "Replace"). */
export const ScimPatchOp = z
  .object({
    schemas: z.array(z.string()).refine((s) => s.includes(SCIM_PATCH_SCHEMA), `must include ${SCIM_PATCH_SCHEMA}`),
    Operations: z
      .array(z.object({op: z.string(), path: z.string().optional(), value: z.unknown().optional()}))
      .min(1, 'must hold at least one operation'),
  })
  .meta({id: 'ScimPatchOp'});
export type ScimPatchOp = z.infer<typeof ScimPatchOp>;

function listOf<T extends z.ZodType>(resource: T, id: string) {
  return z
    .object({
      schemas: z.array(z.string()),
      totalResults: z.number().int(),
      itemsPerPage: z.number().int(),
      startIndex: z.number().int(),
      Resources: z.array(resource),
    })
    .meta({id});
}

export const ScimUserList = listOf(ScimUser, 'ScimUserListResponse');
export const ScimGroupList = listOf(ScimGroup, 'ScimGroupListResponse');
/** A search across resource types (`POST /.search`): users, then groups. */
export const ScimResourceList = listOf(z.union([ScimUser, ScimGroup]), 'ScimResourceListResponse');

const integerText = (name: string) => z.string().regex(/^-?\d{1,9}$/, `${name} must be an integer`);

/** RFC 7644 §3.4.2.5: comma-separated attribute names, to return only (plus id and schemas), or to leave out. */
export const ScimProjectionQuery = z.object({attributes: z.string().optional(), excludedAttributes: z.string().optional()});

/** `startIndex` below 1 counts as 1 and a negative `count` as 0 (RFC 7644 §3.4.2.4). */
export const ScimListQuery = ScimProjectionQuery.extend({
  filter: z.string().optional(),
  startIndex: integerText('startIndex').optional(),
  count: integerText('count').optional(),
});

export const SCIM_SEARCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:SearchRequest';

/** RFC 7644 §3.4.3: a query sent as a POST body to `…/.search`; the same meaning as the list's query parameters. */
export const ScimSearchRequest = z
  .object({
    schemas: z.array(z.string()).refine((s) => s.includes(SCIM_SEARCH_SCHEMA), `must include ${SCIM_SEARCH_SCHEMA}`),
    attributes: z.array(z.string()).optional(),
    excludedAttributes: z.array(z.string()).optional(),
    filter: z.string().optional(),
    sortBy: z.string().optional(),
    sortOrder: z.enum(['ascending', 'descending']).optional(),
    startIndex: z.number().int().optional(),
    count: z.number().int().optional(),
  })
  .meta({id: 'ScimSearchRequest'});
export type ScimSearchRequest = z.infer<typeof ScimSearchRequest>;

export const ScimIdParam = z.object({id: z.string().min(1)});

export const ScimError = z
  .object({
    schemas: z.array(z.string()),
    status: z.string(),
    scimType: z.string().optional(),
    detail: z.string(),
  })
  .meta({id: 'ScimError'});
export type ScimError = z.infer<typeof ScimError>;

/** Discovery documents are described loosely: their content is fixed by the RFC, not by this service. */
export const ScimDocument = z.looseObject({schemas: z.array(z.string())}).meta({id: 'ScimDocument'});
export const ScimDocumentList = listOf(ScimDocument, 'ScimDocumentListResponse');
