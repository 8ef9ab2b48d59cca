// OAuth integrations (third-party providers a user can connect), the per-user tokens for them, and OIDC token
// configurations. Shapes follow the platform description; no schema here ever carries a secret or token value.
import {z} from 'zod';

const timestamp = z.string();
const urlField = z.url({protocol: /^https?$/, error: 'must be an http(s) URL'});
const idPattern = (what: string) => z.string().regex(/^\d{1,12}$/, `${what} must be numeric`);

export const OAuthIntegration = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.string(),
    authUrl: z.string(),
    tokenUrl: z.string(),
    clientId: z.string(),
    redirectUri: z.string(),
    scopes: z.array(z.string()).nullable(),
    config: z.record(z.string(), z.unknown()).nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({id: 'OAuthIntegration'});
export type OAuthIntegration = z.infer<typeof OAuthIntegration>;

const integrationFields = {
  name: z.string().trim().min(1, 'must not be empty').max(100),
  type: z.string().trim().min(1, 'must not be empty').max(50),
  authUrl: urlField,
  tokenUrl: urlField,
  clientId: z.string().min(1, 'must not be empty'),
  redirectUri: urlField,
  scopes: z.array(z.string().min(1)).optional(),
  config: z.record(z.string(), z.unknown()).optional(),
};

export const CreateOAuthIntegrationInput = z
  .object({...integrationFields, clientSecret: z.string().min(1, 'must not be empty')})
  .strict()
  .meta({id: 'CreateOAuthIntegrationInput'});
export type CreateOAuthIntegrationInput = z.infer<typeof CreateOAuthIntegrationInput>;

/** A full replacement; `clientSecret` omitted or null keeps the stored secret. */
export const UpdateOAuthIntegrationInput = z
  .object({...integrationFields, clientSecret: z.string().min(1).nullable().optional()})
  .strict()
  .meta({id: 'UpdateOAuthIntegrationInput'});
export type UpdateOAuthIntegrationInput = z.infer<typeof UpdateOAuthIntegrationInput>;

export const USER_TOKEN_STATUSES = ['pending', 'active', 'error'] as const;

/** A user's connection to an integration. Never carries a token value. */
export const UserOAuthToken = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    integrationId: z.number().int(),
    status: z.enum(USER_TOKEN_STATUSES),
    createdAt: timestamp,
    updatedAt: timestamp,
    accessTokenExpiresAt: timestamp.nullable().optional(),
    refreshTokenExpiresAt: timestamp.nullable().optional(),
    lastError: z.unknown().nullable().optional(),
  })
  .meta({id: 'UserOAuthToken'});
export type UserOAuthToken = z.infer<typeof UserOAuthToken>;

export const InitiatedOAuthFlow = z
  .object({authorizationUrl: z.string(), token: UserOAuthToken})
  .meta({id: 'InitiatedOAuthFlow'});

export const IntegrationIdParam = z.object({integrationId: idPattern('integration id')});
export const NumericIdParam = z.object({id: idPattern('id')});

const oidcName = z.string().regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'must be lower-case letters, digits and inner dashes');
const subFormat = z
  .string()
  .max(200)
  .regex(/^(?:[A-Za-z0-9:_-]|\{(?:deployment_id|component|region)\})+$/, 'may use letters, digits, : _ - and {deployment_id} {component} {region}');
const targetEnvVar = z.string().max(128).regex(/^[A-Z_][A-Z0-9_]*$/, 'must be an upper-case environment variable name');

export const OIDC_AUDIENCE_TYPES = ['default', 'custom'] as const;

export const OidcTokenConfig = z
  .object({
    id: z.number().int(),
    name: z.string(),
    audienceType: z.string(),
    audience: z.string(),
    isEnabled: z.boolean(),
    customClaims: z.record(z.string(), z.unknown()).nullable(),
    subFormat: z.string().nullable(),
    targetEnvVar: z.string().nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({id: 'OidcTokenConfig'});
export type OidcTokenConfig = z.infer<typeof OidcTokenConfig>;

const oidcOptional = {
  customAudience: z.string().min(1).nullable().optional(),
  customClaims: z.record(z.string(), z.unknown()).nullable().optional(),
  isEnabled: z.boolean().nullable().optional(),
  name: oidcName.nullable().optional(),
  subFormat: subFormat.nullable().optional(),
  targetEnvVar: targetEnvVar.nullable().optional(),
};

export const CreateOidcTokenConfigInput = z
  .object({audienceType: z.enum(OIDC_AUDIENCE_TYPES), ...oidcOptional})
  .strict()
  .meta({id: 'CreateOidcTokenConfigInput'});
export type CreateOidcTokenConfigInput = z.infer<typeof CreateOidcTokenConfigInput>;

export const UpdateOidcTokenConfigInput = z.object(oidcOptional).strict().meta({id: 'UpdateOidcTokenConfigInput'});
export type UpdateOidcTokenConfigInput = z.infer<typeof UpdateOidcTokenConfigInput>;

/** RFC 8628 §3.2 device authorization answer. */
export const DeviceAuthorizationResponse = z
  .object({
    device_code: z.string(),
    user_code: z.string(),
    verification_uri: z.string(),
    verification_uri_complete: z.string(),
    expires_in: z.number().int(),
    interval: z.number().int(),
  })
  .meta({id: 'DeviceAuthorizationResponse'});

/** Tokens for the CLI, in the OAuth field names and the platform's camelCase ones. */
export const OAuthTokenResponse = z
  .object({
    access_token: z.string(),
    accessToken: z.string(),
    refresh_token: z.string(),
    refreshToken: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    tenantUrl: z.string(),
  })
  .meta({id: 'OAuthTokenResponse'});

/** RFC 6749 §5.2 error answer (`authorization_pending`, `slow_down`, `access_denied`, `expired_token`, …). */
export const OAuthErrorBody = z.object({error: z.string(), error_description: z.string()}).meta({id: 'OAuthError'});

/**
 * RFC 8414 authorization server metadata (the fields this service publishes), served as such and as the OpenID
 * Connect discovery document: the service issues no ID tokens, so the OIDC-only fields are absent.
 */
export const AuthorizationServerMetadata = z
  .object({
    issuer: z.string(),
    device_authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    revocation_endpoint: z.string(),
    grant_types_supported: z.array(z.string()),
    token_endpoint_auth_methods_supported: z.array(z.string()),
    revocation_endpoint_auth_methods_supported: z.array(z.string()),
    response_types_supported: z.array(z.string()),
    scopes_supported: z.array(z.string()),
  })
  .meta({id: 'AuthorizationServerMetadata'});

/** RFC 7009 §2.2: a revocation succeeded, or the token was unknown; the body carries nothing. */
export const RevocationResponse = z.object({}).meta({id: 'RevocationResponse'});
