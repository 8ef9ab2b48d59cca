// Environments of a deployment (seed shape: `api_credentials` as an object) and the metadata-sync token.
import {z} from 'zod';
import {CursorQuery, OffsetLimitQuery, Pagination, PageInfo, seedListPage} from './common.js';

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

export const EnvironmentsQuery = OffsetLimitQuery.extend(CursorQuery.shape).extend({
  type: z
    .string()
    .refine((v) => (ENVIRONMENT_TYPES as readonly string[]).includes(v), `type must be one of ${ENVIRONMENT_TYPES.join(', ')}`)
    .optional(),
});

export const EnvironmentsListResponse = seedListPage('environments', Environment, Environment, 'EnvironmentsListResponse');
export type EnvironmentsListResponse = z.infer<typeof EnvironmentsListResponse>;

export const EnvironmentParams = z.object({
  deploymentId: z.string().regex(/^\d{1,12}$/, 'deployment id must be numeric'),
  environmentId: z.string().regex(/^\d{1,12}$/, 'environment id must be numeric'),
});

export const DEFAULT_META_TOKEN_TTL = 86400;

export const MetaSyncTokenBody = z
  .object({
    security_context: z.record(z.string(), z.unknown()),
    // A number of seconds (the spec's type): a fraction is rounded down by the service, so at least 1.
    expires_in: z.number().min(1, 'must be at least 1 second').max(31_536_000).optional(),
  })
  .meta({id: 'CreateMetaSyncTokenInput'});
export type MetaSyncTokenBody = z.infer<typeof MetaSyncTokenBody>;

/** What an environment token may do on the environment's data API: query (`data`) and/or read metadata (`meta`). */
export const ENVIRONMENT_TOKEN_SCOPES = ['data', 'meta'] as const;
export const DEFAULT_ENVIRONMENT_TOKEN_TTL = 3600;
export const MAX_ENVIRONMENT_TOKEN_TTL = 3600;

export const EnvironmentTokenBody = z
  .object({
    security_context: z.record(z.string(), z.unknown()),
    expires_in: z
      .number()
      .int('must be an integer')
      .min(1, 'must be at least 1 second')
      .max(MAX_ENVIRONMENT_TOKEN_TTL, `must be at most ${MAX_ENVIRONMENT_TOKEN_TTL} seconds`)
      .nullable()
      .optional(),
    scopes: z
      .array(z.enum(ENVIRONMENT_TOKEN_SCOPES, {message: `each scope must be one of ${ENVIRONMENT_TOKEN_SCOPES.join(', ')}`}))
      .min(1, 'scopes: give at least one, or omit it for data and meta')
      .nullable()
      .optional(),
  })
  .meta({id: 'CreateDeploymentEnvironmentTokenInput'});
export type EnvironmentTokenBody = z.infer<typeof EnvironmentTokenBody>;

/**
 * A token issued for an environment. On creation `token` is the JWT (shown once); in a listing it is only `…` and
 * the token's last characters, so a listing never hands out a usable credential.
 */
export const EnvironmentToken = z
  .object({
    token: z.string(),
    security_context: z.record(z.string(), z.unknown()),
    created_at: z.string(),
    expires_at: z.string(),
    scopes: z.array(z.string()).optional(),
  })
  .meta({id: 'DeploymentEnvironmentToken'});
export type EnvironmentToken = z.infer<typeof EnvironmentToken>;

export const EnvironmentTokenResponse = z.object({data: EnvironmentToken}).meta({id: 'DeploymentEnvironmentTokenResponse'});

export const EnvironmentTokensQuery = OffsetLimitQuery.extend({
  first: z.string().regex(/^[1-9]\d{0,5}$/, 'first must be a positive integer').optional(),
  after: z.string().max(200).optional(),
});

export const EnvironmentTokensListResponse = z
  .object({items: z.array(EnvironmentToken), data: z.array(EnvironmentToken), pageInfo: PageInfo, pagination: Pagination})
  .meta({id: 'DeploymentEnvironmentTokensListResponse'});
export type EnvironmentTokensListResponse = z.infer<typeof EnvironmentTokensListResponse>;

/** The metadata token's answer: the same shape as an environment token. */
export const MetaSyncToken = EnvironmentToken;
export type MetaSyncToken = EnvironmentToken;
export const MetaSyncTokenResponse = EnvironmentTokenResponse;
