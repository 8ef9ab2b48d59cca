// THE list of schema migrations (the only one). Each store module exports its own migrations; add yours here
// with one import and one spread. Ids are recorded in `schema_migrations`, so order only matters between migrations
// that depend on each other (a table referencing `deployments` must come after `deploymentsMigrations`).
import type {Migration} from './migration.js';
import {usersMigrations} from './users.js';
import {deploymentsMigrations} from './deployments.js';
import {versionsMigrations} from './versions.js';
import {environmentsMigrations} from './environments.js';
import {apiKeysMigrations} from './apiKeys.js';
import {buildsMigrations} from './builds.js';
import {branchesMigrations} from './branches.js';
import {auditMigrations} from './audit.js';
import {scimMigrations} from './scim.js';
import {dbtMigrations} from './dbt.js';
import {logsMigrations} from './logs.js';
import {envVarsMigrations} from './envVars.js';
import {resourcesMigrations} from './resources.js';
import {deviceCodesMigrations} from './deviceCodes.js';
import {oauthTokensMigrations} from './oauthTokens.js';
import {oidcConfigsMigrations} from './oidcConfigs.js';
import {telemetryMigrations} from './telemetry.js';
import {oneIdentityMigrations} from './users.js';

export const migrations: Migration[] = [
  ...usersMigrations,
  ...deploymentsMigrations,
  ...versionsMigrations,
  ...environmentsMigrations,
  ...apiKeysMigrations,
  ...buildsMigrations,
  ...branchesMigrations,
  ...auditMigrations,
  ...scimMigrations,
  ...dbtMigrations,
  ...logsMigrations,
  ...envVarsMigrations,
  ...resourcesMigrations,
  ...deviceCodesMigrations,
  ...oauthTokensMigrations,
  ...oidcConfigsMigrations,
  ...telemetryMigrations,
  // After every table that refers to users: folds the old user stores into users.
  ...oneIdentityMigrations,
];
