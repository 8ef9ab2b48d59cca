// Identity and account: who am I and regions, API keys (and SCIM tokens), the audit log export, the device flow
// and refresh (with its approval page), OAuth integrations and users' tokens for them, OIDC token configs, and
// telemetry intake.
import type {RouteGroup} from '../../appTypes.js';
import {register as account} from './account.js';
import {register as apiKeys} from './apiKeys.js';
import {register as audit} from './audit.js';
import {register as deviceAuth} from './deviceAuth.js';
import {register as oauthIntegrations} from './oauthIntegrations.js';
import {register as oauthTokens} from './oauthTokens.js';
import {register as oidcConfigs} from './oidcConfigs.js';
import {register as telemetry} from './telemetry.js';

export const register: RouteGroup = (app, ctx) => {
  for (const group of [account, apiKeys, audit, deviceAuth, oauthIntegrations, oauthTokens, oidcConfigs, telemetry]) group(app, ctx);
};
