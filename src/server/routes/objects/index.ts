// Account objects, table-driven (server/resources/): the resource table's CRUD routes, the singletons, the special
// actions, the meta/workspace/recipients reads and bulk operations.
import type {RouteGroup} from '../../appTypes.js';
import {registerActions} from '../../resources/actions.js';
import {registerBulk} from '../../resources/bulk.js';
import {registerDashboards} from '../../resources/dashboards.js';
import {registerEmbedAccess} from '../../resources/embedAccess.js';
import {registerEmbedComments} from '../../resources/embedComments.js';
import {registerEmbedSessions} from '../../resources/embedSessions.js';
import {registerSheets} from '../../resources/sheets.js';
import {registerEmbedTenants} from '../../resources/embedTenants.js';
import {registerMeta} from '../../resources/meta.js';
import {registerRecipients} from '../../resources/recipients.js';
import {registerWorkspace} from '../../resources/workspace.js';
import {registerResource} from '../../resources/crud.js';
import {registerSingleton, SINGLETONS} from '../../resources/singletons.js';
import {RESOURCES} from '../../resources/table.js';

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
};
