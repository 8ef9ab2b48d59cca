// Databricks Metric View publication settings of a Databricks data source (optimistic versions: 0 creates,
// otherwise the version the caller read), and what the previews (metricViewPreviews.ts) share with them: which data
// sources are Databricks ones, and the view-name pattern check. Data sources come from the deployment's environment
// variables, as the runtime reads them: `default` from CUBEJS_DB_TYPE (and its CUBEJS_DB_DATABRICKS_CATALOG),
// others listed in CUBEJS_DATASOURCES from CUBEJS_DS_<NAME>_….
import {randomBytes} from 'node:crypto';
import {createRoute, z} from '@hono/zod-openapi';
import {DeploymentIdParam} from '../../../contract/common.js';
import {DatabricksMetricViewIntegrationResponse, SaveDatabricksMetricViewIntegrationInput} from '../../../contract/exports.js';
import type {RouteGroup} from '../../appTypes.js';
import {isoTime, type ServiceContext} from '../../context.js';
import {badRequest, conflict, notFound} from '../../errors.js';
import {selectViews} from '../../engines/metricViews.js';
import type {DeploymentRow} from '../../store/deployments.js';
import {listEnvVars} from '../../store/envVars.js';
import {insertResource, listResources, saveResource, type ResourceRow} from '../../store/resources.js';
import {errorResponses, json, jsonBody, loadDeployment, valid} from '../http.js';

type Json = Record<string, unknown>;

const DATABRICKS_TYPE = 'databricks-jdbc';
const INTEGRATION = 'metric-view-integration';
export const tags = ['Databricks Metric View Publication'];
const SourceParams = DeploymentIdParam.extend({dataSourceName: z.string().min(1).max(255)});

/** A data source as the deployment's runtime would configure it, or a 404 / 400 naming what to set. */
export function databricksSource(ctx: ServiceContext, deployment: DeploymentRow, name: string): {catalog: string | undefined} {
  const vars = new Map(listEnvVars(ctx.db, deployment.id).map((v) => [v.name, v.value]));
  const listed = (vars.get('CUBEJS_DATASOURCES') ?? 'default').split(',').map((s) => s.trim()).filter(Boolean);
  if (!listed.includes(name)) throw notFound(`deployment ${deployment.id} has no data source ${name} (it has: ${listed.join(', ')})`);
  const key = (rest: string) => (name === 'default' ? `CUBEJS_${rest}` : `CUBEJS_DS_${name.toUpperCase()}_${rest}`);
  const type = vars.get(key('DB_TYPE'));
  if (type !== DATABRICKS_TYPE) {
    throw badRequest(`data source ${name} is ${type ?? 'not configured'}, not Databricks: Metric View publication needs ${key('DB_TYPE')}=${DATABRICKS_TYPE}`);
  }
  return {catalog: vars.get(key('DB_DATABRICKS_CATALOG')) || undefined};
}

const integrationOf = (ctx: ServiceContext, deploymentId: number, name: string) => listResources(ctx.db, INTEGRATION, String(deploymentId)).find((r) => r.body.dataSourceName === name);

function integrationAnswer(row: ResourceRow, deploymentId: number): Json {
  return {
    publicId: row.body.publicId,
    deploymentId,
    dataSourceName: row.body.dataSourceName,
    configurationVersion: row.body.configurationVersion,
    configuration: row.body.configuration,
    accessTest: null,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
}

export const register: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({
      method: 'get', path: '/api/v1/deployments/{deploymentId}/databricks-metric-view-integrations/{dataSourceName}', operationId: 'getIntegration', tags,
      summary: 'Get Databricks Metric View publication settings of a Databricks data source',
      request: {params: SourceParams},
      responses: {200: json(DatabricksMetricViewIntegrationResponse, 'the settings'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const p = valid(c, 'param');
      const deployment = loadDeployment(ctx, String(p.deploymentId));
      databricksSource(ctx, deployment, String(p.dataSourceName));
      const row = integrationOf(ctx, deployment.id, String(p.dataSourceName));
      if (!row) throw notFound(`data source ${String(p.dataSourceName)} has no Metric View publication settings yet: save them with expectedConfigurationVersion 0`);
      return c.json(integrationAnswer(row, deployment.id) as z.infer<typeof DatabricksMetricViewIntegrationResponse>, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put', path: '/api/v1/deployments/{deploymentId}/databricks-metric-view-integrations/{dataSourceName}', operationId: 'saveIntegration', tags,
      summary: 'Create (expectedConfigurationVersion 0) or update Databricks Metric View publication settings',
      request: {params: SourceParams, body: jsonBody(SaveDatabricksMetricViewIntegrationInput)},
      responses: {200: json(DatabricksMetricViewIntegrationResponse, 'the saved settings'), ...errorResponses(400, 403, 404, 409)},
    }),
    (c) => {
      const p = valid(c, 'param');
      const b = valid(c, 'json') as z.infer<typeof SaveDatabricksMetricViewIntegrationInput>;
      const deployment = loadDeployment(ctx, String(p.deploymentId));
      const name = String(p.dataSourceName);
      databricksSource(ctx, deployment, name);
      if (b.selectionMode === 'selected' && !b.viewNames?.length) throw badRequest("viewNames: name the views when selectionMode is 'selected'");
      if (b.selectionMode === 'pattern') {
        if (!b.viewNameRegex) throw badRequest("viewNameRegex: give a pattern when selectionMode is 'pattern'");
        checkPattern(b.viewNameRegex);
      }
      const existing = integrationOf(ctx, deployment.id, name);
      const current = existing ? Number(existing.body.configurationVersion) : 0;
      if (b.expectedConfigurationVersion !== current) {
        throw conflict(existing ? `the settings are at version ${current}, not ${b.expectedConfigurationVersion}: read them again and resend` : 'there are no settings yet: pass expectedConfigurationVersion 0 to create them');
      }
      const configuration = {
        version: 1,
        enabled: b.enabled,
        targetCatalog: b.targetCatalog,
        targetSchema: b.targetSchema,
        selectionMode: b.selectionMode,
        deletionPolicy: b.deletionPolicy ?? (existing?.body.configuration as Json | undefined)?.deletionPolicy ?? 'retain',
        targetNamePrefix: b.targetNamePrefix ?? null,
        viewNameRegex: b.viewNameRegex ?? null,
        viewNames: b.viewNames ?? null,
        targetNames: b.targetNames ?? null,
        sourceOverrides: b.sourceOverrides ?? null,
      };
      const now = ctx.clock.now();
      const body = {dataSourceName: name, publicId: existing?.body.publicId ?? randomBytes(16).toString('hex'), configurationVersion: current + 1, configuration};
      const row = existing ? saveResource(ctx.db, {...existing, body}, now) : insertResource(ctx.db, INTEGRATION, String(deployment.id), body, now);
      return c.json(integrationAnswer(row, deployment.id) as z.infer<typeof DatabricksMetricViewIntegrationResponse>, 200);
    },
  );
};

export function checkPattern(pattern: string): void {
  try {
    selectViews({cubes: new Map(), views: new Map()}, 'pattern', null, pattern);
  } catch (e) {
    throw badRequest(`viewNameRegex: ${(e as Error).message}`);
  }
}
