// `POST /api/v1/api-keys` with `scim: true`: a SCIM token for an identity provider. It can create and delete
// users, so only an admin whose credential is limited neither to deployments nor to permissions may issue one
// (the policy decides that before this runs).
import type {Context} from 'hono';
import type {CreateApiKeyBody} from '../../../contract/index.js';
import {principalOf, type AppEnv} from '../../auth.js';
import type {ServiceContext} from '../../context.js';
import {badRequest} from '../../errors.js';
import {findApiKey, generateApiKey, type ApiKeyRow} from '../../store/apiKeys.js';
import {insertScimToken} from '../../store/scim.js';

export function createScimToken(ctx: ServiceContext, c: Context<AppEnv>, body: CreateApiKeyBody): {row: ApiKeyRow; key: string} {
  // Who may issue one is the policy's grants rule (policy.ts `grants`: an admin's credential with every permission).
  const p = principalOf(c);
  if (body.deploymentIds || body.permissions) throw badRequest('a SCIM token cannot be limited to deploymentIds or permissions');
  if (body.userId !== undefined) throw badRequest('a SCIM token cannot be given to another user');
  const key = generateApiKey();
  const id = insertScimToken(ctx.db, {key, name: body.name, userId: p.userId, now: ctx.clock.now()});
  const row = findApiKey(ctx.db, id);
  if (!row) throw new Error(`SCIM token ${id} vanished after creation`);
  return {row, key};
}
