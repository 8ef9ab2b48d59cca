// Migrations of the sign-in and identity tables, listed together in store/migrations.ts.
import type {Migration} from './migration.js';
import {deviceCodesMigrations} from './deviceCodes.js';
import {oauthTokensMigrations} from './oauthTokens.js';
import {oidcConfigsMigrations} from './oidcConfigs.js';
import {telemetryMigrations} from './telemetry.js';
import {oneIdentityMigrations} from './users.js';

export const identityMigrations: Migration[] = [...deviceCodesMigrations, ...oauthTokensMigrations, ...oidcConfigsMigrations, ...telemetryMigrations, ...oneIdentityMigrations];
