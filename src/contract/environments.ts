// Environments of a deployment (seed shape: `api_credentials` as an object) and the metadata-sync token.
import {z} from 'zod';
import {OffsetLimitQuery, Pagination, PageInfo} from './common.js';

export const ENVIRONMENT_TYPES = ['production', 'staging', 'development'] as const;
export const EnvironmentType = z.enum(ENVIRONMENT_TYPES).meta({id: 'EnvironmentType'});
export type EnvironmentType = z.infer<typeof EnvironmentType>;

export const Environment = z
  .object({
    id: z.string(),
    name: z.string(),
    type: EnvironmentType,
    branch: z.string().nullable(),
    user: z.string().nullable(),
    api_credentials: z.object({
      rest: z.object({url: z.string()}),
      sql: z.object({host: z.string(), port: z.number().int()}),
    }),
  })
  .meta({id: 'Environment'});
export type Environment = z.infer<typeof Environment>;

export const EnvironmentsQuery = OffsetLimitQuery.extend({
  type: z
    .string()
    .refine((v) => (ENVIRONMENT_TYPES as readonly string[]).includes(v), `type must be one of ${ENVIRONMENT_TYPES.join(', ')}`)
    .optional(),
});

export const EnvironmentsListResponse = z
  .object({
    data: z.object({environments: z.array(Environment)}),
    pagination: Pagination,
    items: z.array(Environment),
    pageInfo: PageInfo,
  })
  .meta({id: 'EnvironmentsListResponse'});
export type EnvironmentsListResponse = z.infer<typeof EnvironmentsListResponse>;

export const EnvironmentParams = z.object({
  deploymentId: z.string().regex(/^\d{1,12}$/, 'deployment id must be numeric'),
  environmentId: z.string().regex(/^\d{1,12}$/, 'environment id must be numeric'),
});

export const DEFAULT_META_TOKEN_TTL = 86400;

export const MetaSyncTokenBody = z
  .object({
    security_context: z.record(z.string(), z.unknown()),
    expires_in: z.number().int('must be an integer').positive('must be a positive number of seconds').max(31_536_000).optional(),
  })
  .meta({id: 'CreateMetaSyncTokenInput'});
export type MetaSyncTokenBody = z.infer<typeof MetaSyncTokenBody>;

export const MetaSyncToken = z
  .object({token: z.string(), created_at: z.string(), expires_at: z.string()})
  .meta({id: 'MetaSyncToken'});
export type MetaSyncToken = z.infer<typeof MetaSyncToken>;

export const MetaSyncTokenResponse = z.object({data: MetaSyncToken}).meta({id: 'MetaSyncTokenResponse'});
