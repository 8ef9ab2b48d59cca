// Sign-in and identity routes, registered as one group: the device flow and refresh (with its approval page),
// OAuth integrations and users' tokens for them, OIDC token configs, and telemetry intake.
import type {RouteGroup} from '../appTypes.js';
import {register as deviceAuth} from './deviceAuth.js';
import {register as oauthIntegrations} from './oauthIntegrations.js';
import {register as oauthTokens} from './oauthTokens.js';
import {register as oidcConfigs} from './oidcConfigs.js';
import {register as telemetry} from './telemetry.js';

export const register: RouteGroup = (app, ctx) => {
  for (const group of [deviceAuth, oauthIntegrations, oauthTokens, oidcConfigs, telemetry]) group(app, ctx);
};
