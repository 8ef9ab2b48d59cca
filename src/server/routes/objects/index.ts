// Account objects, table-driven (this folder): the resource table's CRUD routes, the singletons, the special
// actions, the meta/workspace/recipients reads and bulk operations.
import type {RouteGroup} from '../../appTypes.js';
import {registerActions} from './actions.js';
import {registerBulk} from './bulk.js';
import {registerDashboards} from './dashboards.js';
import {registerDashboardExports} from './dashboardExports.js';
import {registerEmbedAccess} from './embedAccess.js';
import {registerEmbedComments} from './embedComments.js';
import {registerEmbedSessions} from './embedSessions.js';
import {registerSheets} from './sheets.js';
import {registerEmbedTenants} from './embedTenants.js';
import {registerMeta} from './meta.js';
import {registerRecipients} from './recipients.js';
import {registerWorkspace} from './workspace.js';
import {registerResource} from './crud.js';
import {registerSingleton, SINGLETONS} from './singletons.js';
import {RESOURCES} from './table.js';

export const register: RouteGroup = (app, ctx) => {
  for (const spec of RESOURCES) registerResource(app, ctx, spec);
  for (const spec of SINGLETONS) registerSingleton(app, ctx, spec);
  registerActions(app, ctx);
  registerMeta(app, ctx);
  registerWorkspace(app, ctx);
  registerRecipients(app, ctx);
  registerBulk(app, ctx);
  registerEmbedTenants(app, ctx);
  registerEmbedAccess(app, ctx);
  registerEmbedSessions(app, ctx);
  registerEmbedComments(app, ctx);
  registerSheets(app, ctx);
  registerDashboards(app, ctx);
  registerDashboardExports(app, ctx);
};
