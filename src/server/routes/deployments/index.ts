// Deployments and what hangs off one: list/detail/settings/delete, create/update, versions, environments, the
// data API token, logs and pods, env vars, the GitHub integration and creation steps.
import type {RouteGroup} from '../../appTypes.js';
import {register as creationStep} from './creationStep.js';
import {register as envVars} from './envVars.js';
import {register as environments} from './environments.js';
import {register as github} from './github.js';
import {register as logs} from './logs.js';
import {register as read} from './read.js';
import {register as token} from './token.js';
import {register as versions} from './versions.js';
import {register as write} from './write.js';

export const register: RouteGroup = (app, ctx) => {
  for (const group of [read, write, versions, environments, token, logs, envVars, github, creationStep]) group(app, ctx);
};
