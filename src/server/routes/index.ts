// THE list of route areas; each area's index.ts registers its routes. To add endpoints: write
// routes/<area>/<group>.ts exporting `register: RouteGroup` that calls `app.openapi(createRoute({...}), handler)`
// for each route, and add it to its area's index.ts (a new area: one import and one entry below), and give its
// operationId a line in server/permissions.ts (what it needs; undeclared operations answer 403). Nothing else
// is needed: the auth middleware already guards every path under /api/v1, /build/api/v1 and /api/scim/v2 (401s,
// and 403 for keys scoped to other deployments, read from the path), the app checks each operation's declared
// permission before its handler runs, handlers throw HttpFailure (errors.ts) for `{error}` answers, and the route appears in
// GET /api/v1/spec automatically. Helpers live beside the routes that use them; routes/http.ts holds what every
// area uses. Tables go in store/<aggregate>.ts with their migrations listed in store/migrations.ts. To act when a
// deployment is created (e.g. scaffold files before its first build), push a callback onto `ctx.hooks.created`
// in register.
import type {RouteGroup} from '../appTypes.js';
import {register as dataModel} from './dataModel/index.js';
import {register as dbt} from './dbt/index.js';
import {register as deployments} from './deployments/index.js';
import {register as identity} from './identity/index.js';
import {register as objects} from './objects/index.js';
import {register as scim} from './scim/index.js';

export const routeGroups: RouteGroup[] = [deployments, identity, dataModel, dbt, objects, scim];
