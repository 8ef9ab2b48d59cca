// THE registry of route groups. To add endpoints: write routes/<group>.ts exporting
// `register: RouteGroup` that calls `app.openapi(createRoute({...}), handler)` for each route, then add one
// import and one entry below. Nothing else is needed: the auth middleware already guards every path under
// /api/v1, /build/api/v1 and /api/scim/v2 (401s, and 403 for keys scoped to other deployments, read from
// the path), handlers call `requirePermission(c, '…')` for operation permissions, throw HttpFailure
// (errors.ts) for `{error}` answers, and the route appears in GET /api/v1/spec automatically. Tables go in
// store/<aggregate>.ts with their migrations listed in store/migrations.ts. To act when a deployment is
// created (e.g. scaffold files before its first build), push a callback onto `ctx.hooks.created` in register.
import type {RouteGroup} from '../appTypes.js';
import {register as account} from './account.js';
import {register as apiKeys} from './apiKeys.js';
import {register as builds} from './builds.js';
import {register as deploymentToken} from './deploymentToken.js';
import {register as deploymentWrites} from './deploymentWrites.js';
import {register as deployments} from './deployments.js';
import {register as environments} from './environments.js';
import {register as versions} from './versions.js';
import {register as branches} from './branches.js';
import {register as devMode} from './devMode.js';
import {register as files} from './files.js';
import {register as dbt} from './dbt.js';
import {register as commits} from './commits.js';
import {register as validate} from './validate.js';
import {register as dataApi} from './dataApi.js';
import {register as metadataApi} from './dataModel/metadataApi.js';
import {register as uploads} from './uploads.js';
import {register as audit} from './audit.js';
import {register as scim} from './scim.js';
import {register as objects} from '../resources/register.js';
import {register as identity} from './identity.js';

export const routeGroups: RouteGroup[] = [
  deployments,
  deploymentWrites,
  versions,
  environments,
  deploymentToken,
  account,
  apiKeys,
  builds,
  branches,
  devMode,
  files,
  dbt,
  commits,
  validate,
  objects,
  dataApi,
  metadataApi,
  uploads,
  audit,
  scim,
  identity,
];
