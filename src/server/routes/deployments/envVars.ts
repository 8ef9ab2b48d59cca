// GET/PUT …/env-vars: a deployment's environment variables. Values of secret-looking names (PASS, SECRET, TOKEN,
// KEY, CREDENTIAL) are never answered, only `[ENCRYPTED]`; PUT upserts and leaves unnamed variables alone, and
// an empty value removes a variable (the API has no DELETE: a stored name is resent to remove it). A change
// rebuilds the deploy branch, so production restarts with the new values; the build names the variables.
// New deployments start with the database connection settings a deployment needs, password included.
import {randomBytes} from 'node:crypto';
import {createRoute} from '@hono/zod-openapi';
import {CursorQuery, DeploymentIdParam} from '../../../contract/common.js';
import {
  ENCRYPTED_PLACEHOLDER,
  ENV_VAR_NAME,
  EnvVariablesListResponse,
  SetEnvVariablesInput,
  isSecretName,
} from '../../../contract/envVars.js';
import type {RouteGroup} from '../../appTypes.js';
import type {ServiceContext} from '../../context.js';
import type {DeploymentRow} from '../../store/deployments.js';
import {badRequest} from '../../errors.js';
import {cursorPage} from '../cursor.js';
import {listEnvVars, upsertEnvVars, type EnvVarRow} from '../../store/envVars.js';
import {appendLog} from '../../store/logs.js';
import {errorResponses, json, jsonBody, loadDeployment} from '../http.js';

const tags = ['Env Variables'];

const masked = (rows: EnvVarRow[]) => rows.map((r) => ({name: r.name, value: isSecretName(r.name) ? ENCRYPTED_PLACEHOLDER : r.value}));

function defaultVariables(deploymentId: number): EnvVarRow[] {
  return [
    {name: 'CUBEJS_DB_TYPE', value: 'postgres'},
    {name: 'CUBEJS_DB_HOST', value: `db-${deploymentId}.internal`},
    {name: 'CUBEJS_DB_PORT', value: '5432'},
    {name: 'CUBEJS_DB_NAME', value: 'analytics'},
    {name: 'CUBEJS_DB_USER', value: 'cube'},
    {name: 'CUBEJS_DB_PASS', value: randomBytes(12).toString('base64url')},
  ];
}

/**
 * Production picks up new values by a rebuild of the deploy branch (a deployment never built has nothing to
 * restart: its first build reads them). The build's reason and the log line name the variables, never values.
 */
function rebuild(ctx: ServiceContext, d: DeploymentRow, names: string[]): void {
  const built = ctx.builds.status(d.id, d.deploy_branch_name) !== undefined;
  const what = `environment variables changed: ${names.join(', ')}`;
  if (built) ctx.builds.trigger(d.id, d.deploy_branch_name, what);
  const next = built ? `rebuilding ${d.deploy_branch_name}` : 'they apply at the first build';
  appendLog(ctx.db, ctx.clock, {deploymentId: d.id, source: 'production', message: `environment variables updated: ${names.join(', ')}; ${next}`});
}

export const register: RouteGroup = (app, ctx) => {
  ctx.hooks.created.push((d) => upsertEnvVars(ctx.db, d.id, defaultVariables(d.id), ctx.clock.now()));

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/deployments/{deploymentId}/env-vars',
      operationId: 'getEnvVariables',
      summary: 'Environment variables of the deployment; secret-looking values come back as [ENCRYPTED]',
      tags,
      request: {params: DeploymentIdParam, query: CursorQuery},
      responses: {200: json(EnvVariablesListResponse, 'a page of variables'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const d = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const page = cursorPage(masked(listEnvVars(ctx.db, d.id)), c.req.valid('query'), 100);
      return c.json({...page, data: page.items}, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/v1/deployments/{deploymentId}/env-vars',
      operationId: 'setEnvVariables',
      summary: 'Create or change variables (an empty value removes one); the others keep their values. A change rebuilds the deploy branch. Answers the whole list',
      tags,
      request: {params: DeploymentIdParam, body: jsonBody(SetEnvVariablesInput)},
      responses: {200: json(EnvVariablesListResponse, 'every variable after the change'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const d = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const wanted = c.req.valid('json').env_variables;
      const existing = new Set(listEnvVars(ctx.db, d.id).map((r) => r.name));
      const bad = wanted.find((v) => !existing.has(v.name) && !ENV_VAR_NAME.test(v.name));
      if (bad) throw badRequest(`env_variables: invalid name \`${bad.name}\`: must match ${ENV_VAR_NAME.source}`);
      ctx.db.transaction(() => {
        const changed = upsertEnvVars(ctx.db, d.id, wanted, ctx.clock.now());
        if (changed.length > 0) rebuild(ctx, d, changed);
      })();
      const all = masked(listEnvVars(ctx.db, d.id));
      return c.json({items: all, data: all, pageInfo: {hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null}}, 200);
    },
  );
};
