// One registration for the account objects and the deployment extras: the resource table's CRUD routes, the
// singletons, the special actions, and logs/pods, env vars, GitHub and creation steps. Listed before the data API
// routes, so the query log middleware sees their requests.
import type {RouteGroup} from '../appTypes.js';
import {register as creationStep} from '../routes/creationStep.js';
import {register as envVars} from '../routes/envVars.js';
import {register as github} from '../routes/github.js';
import {register as logs} from '../routes/logs.js';
import {registerActions} from './actions.js';
import {registerBulk} from './bulk.js';
import {registerEmbedAccess} from './embedAccess.js';
import {registerEmbedTenants} from './embedTenants.js';
import {registerMeta} from './meta.js';
import {registerQueryLog} from './queryLog.js';
import {registerRecipients} from './recipients.js';
import {registerWorkspace} from './workspace.js';
import {registerResource} from './crud.js';
import {registerSingleton, SINGLETONS} from './singletons.js';
import {RESOURCES} from './table.js';

export const register: RouteGroup = (app, ctx) => {
  registerQueryLog(app, ctx);
  for (const spec of RESOURCES) registerResource(app, ctx, spec);
  for (const spec of SINGLETONS) registerSingleton(app, ctx, spec);
  registerActions(app, ctx);
  registerMeta(app, ctx);
  registerWorkspace(app, ctx);
  registerRecipients(app, ctx);
  registerBulk(app, ctx);
  registerEmbedTenants(app, ctx);
  registerEmbedAccess(app, ctx);
  logs(app, ctx);
  envVars(app, ctx);
  github(app, ctx);
  creationStep(app, ctx);
};
