// SCIM v2 under /api/scim/v2: users, groups, searches and discovery. Only SCIM tokens get in (auth.ts); bodies and
// errors take the SCIM wire format (scimEnvelope.ts).
import type {RouteGroup} from '../../appTypes.js';
import {registerScimDiscovery} from './discovery.js';
import {registerScimGroups} from './groups.js';
import {registerScimSearch} from './search.js';
import {registerScimUsers} from './users.js';

export const register: RouteGroup = (app, ctx) => {
  registerScimUsers(app, ctx);
  registerScimGroups(app, ctx);
  registerScimSearch(app, ctx);
  registerScimDiscovery(app, ctx);
};
