// The tables of the account objects and deployment extras, listed once in store/migrations.ts.
import type {Migration} from '../store/migration.js';
import {envVarsMigrations} from '../store/envVars.js';
import {logsMigrations} from '../store/logs.js';
import {resourcesMigrations} from '../store/resources.js';

export const objectsMigrations: Migration[] = [...logsMigrations, ...envVarsMigrations, ...resourcesMigrations];
