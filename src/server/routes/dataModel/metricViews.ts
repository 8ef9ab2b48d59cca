// Databricks Metric View publication: the publication settings of a Databricks data source (optimistic versions:
// 0 creates, otherwise the version the caller read) and previews of the conversion (engines/metricViews.ts) of the
// deploy branch's latest successful build. A preview snapshots that build's files when it is submitted and runs on
// the service clock: QUEUED, RUNNING, then COMPLETED with its result (or FAILED), unless cancelled first. An exact
// resubmission while the same content-addressed preview is still running reuses it. Previews are kept 7 days.
// Data sources come from the deployment's environment variables, as the runtime reads them: `default` from
// CUBEJS_DB_TYPE (and its CUBEJS_DB_DATABRICKS_CATALOG), others listed in CUBEJS_DATASOURCES from CUBEJS_DS_<NAME>_….
import {createHash, randomBytes} from 'node:crypto';
import {createRoute, z} from '@hono/zod-openapi';
import {DeploymentIdParam} from '../../../contract/common.js';
import {
  DatabricksMetricViewIntegrationResponse,
  DatabricksMetricViewPublicationPreviewInput,
  DatabricksMetricViewPublicationPreviewResultResponse,
  DatabricksMetricViewPublicationPreviewStartResponse,
  DatabricksMetricViewPublicationPreviewStatusResponse,
  SaveDatabricksMetricViewIntegrationInput,
  type MetricViewResult,
  type PreviewStatus,
} from '../../../contract/exports.js';
import type {RouteGroup} from '../../appTypes.js';
import {isoTime, type ServiceContext} from '../../context.js';
import {badRequest, conflict, notFound} from '../../errors.js';
import {compileModel} from '../../engines/compiler/index.js';
import {convertView, outcomeOf, selectViews} from '../../engines/metricViews.js';
import {VERSION} from '../../../version.js';
import type {DeploymentRow} from '../../store/deployments.js';
import {latestBuild} from '../../store/builds.js';
import {filesOf} from '../../store/branchTrees.js';
import {listEnvVars} from '../../store/envVars.js';
import {insertResource, listResources, saveResource, type ResourceRow} from '../../store/resources.js';
import {errorResponses, json, jsonBody, loadDeployment} from '../http.js';
import {loadBranch} from './shared.js';

type Json = Record<string, unknown>;
const valid = (c: {req: {valid: unknown}}, target: string) => (c.req.valid as (t: string) => Json)(target);

/** How long a preview is QUEUED, and when it has finished running, after it was submitted (service clock). */
export const PREVIEW_QUEUED_MS = 500;
export const PREVIEW_RUN_MS = 2_000;
export const PREVIEW_RETENTION_MS = 7 * 24 * 3600_000;
const DATABRICKS_TYPE = 'databricks-jdbc';

const INTEGRATION = 'metric-view-integration';
const PREVIEW = 'metric-view-preview';
const tags = ['Databricks Metric View Publication'];
const SourceParams = DeploymentIdParam.extend({dataSourceName: z.string().min(1).max(255)});
const PreviewParams = DeploymentIdParam.extend({previewId: z.string().regex(/^[0-9a-f]{32}$/, 'previewId: 32 hex digits, as startPreview answered')});

/** A data source as the deployment's runtime would configure it, or a 404 / 400 naming what to set. */
function databricksSource(ctx: ServiceContext, deployment: DeploymentRow, name: string): {catalog: string | undefined} {
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

/** Where a preview is on the clock, and its progress. */
function previewState(row: ResourceRow, now: number): {status: PreviewStatus; percent: number; message: string; at: number} {
  const started = Number(row.body.startedAt);
  if (typeof row.body.cancelledAt === 'number') return {status: 'CANCELLED', percent: 100, message: 'cancelled', at: row.body.cancelledAt};
  const elapsed = now - started;
  if (elapsed < PREVIEW_QUEUED_MS) return {status: 'QUEUED', percent: 0, message: 'waiting for a converter', at: started};
  if (elapsed < PREVIEW_RUN_MS) {
    return {status: 'RUNNING', percent: Math.floor((100 * (elapsed - PREVIEW_QUEUED_MS)) / (PREVIEW_RUN_MS - PREVIEW_QUEUED_MS)), message: 'converting views', at: started + PREVIEW_QUEUED_MS};
  }
  if (typeof row.body.error === 'string') return {status: 'FAILED', percent: 100, message: row.body.error, at: started + PREVIEW_RUN_MS};
  return {status: 'COMPLETED', percent: 100, message: 'conversion finished', at: started + PREVIEW_RUN_MS};
}

const RUNTIME = {
  bridgeCommit: 'svc',
  bridgeVersion: VERSION,
  ossieCommit: 'svc',
  ossieCoreVersion: VERSION,
  databricksConverterVersion: VERSION,
  cubeConverterVersion: VERSION,
  templateName: 'svc-metric-view',
  runnerVersion: VERSION,
  policyVersion: 1,
};

export const register: RouteGroup = (app, ctx) => {
  const findPreview = (p: Json): {deployment: DeploymentRow; row: ResourceRow} => {
    const deployment = loadDeployment(ctx, String(p.deploymentId));
    const row = listResources(ctx.db, PREVIEW, String(deployment.id)).find((r) => r.body.previewId === p.previewId);
    if (!row || ctx.clock.now() - Number(row.body.startedAt) > PREVIEW_RETENTION_MS) throw notFound(`preview ${String(p.previewId)} not found (previews are kept 7 days)`);
    return {deployment, row};
  };
  const statusAnswer = (deployment: DeploymentRow, row: ResourceRow) => {
    const s = previewState(row, ctx.clock.now());
    return {
      previewId: row.body.previewId,
      deploymentId: deployment.id,
      dataSourceName: row.body.dataSourceName,
      status: s.status,
      progress: {stage: s.status, percentComplete: s.percent, message: s.message},
      resultAvailable: s.status === 'COMPLETED',
      error: s.status === 'FAILED' ? String(row.body.error) : null,
      startedAt: isoTime(Number(row.body.startedAt)),
      updatedAt: isoTime(s.at),
    };
  };

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

  app.openapi(
    createRoute({
      method: 'post', path: '/api/v1/deployments/{deploymentId}/databricks-metric-view-previews', operationId: 'startPreview', tags,
      summary: "Start a preview of the conversion of the deploy branch's latest successful build into Databricks Metric Views",
      request: {params: DeploymentIdParam, body: jsonBody(DatabricksMetricViewPublicationPreviewInput)},
      responses: {202: json(DatabricksMetricViewPublicationPreviewStartResponse, 'queued; poll statusUrl, then read resultUrl'), ...errorResponses(400, 403, 404, 409)},
    }),
    (c) => {
      const deployment = loadDeployment(ctx, String(valid(c, 'param').deploymentId));
      const b = valid(c, 'json') as z.infer<typeof DatabricksMetricViewPublicationPreviewInput>;
      const {catalog} = databricksSource(ctx, deployment, b.dataSourceName);
      if (b.selectionMode === 'pattern') checkPattern(b.viewNameRegex!);
      const build = latestBuild(ctx.db, deployment.id, deployment.deploy_branch_name);
      if (build?.state !== 'built') {
        throw conflict(`the latest build of ${deployment.deploy_branch_name} is ${build ? build.state : 'missing'}: a preview converts a successful build (svc build-status ${deployment.id} --wait)`);
      }
      const branch = loadBranch(ctx, deployment, deployment.deploy_branch_name);
      const files = [...filesOf(ctx.db, branch)].sort(([a], [b2]) => a.localeCompare(b2));
      const sourceSha256 = createHash('sha256').update(JSON.stringify(files)).digest('hex');
      const contentKey = createHash('sha256').update(JSON.stringify([build.id, sourceSha256, b])).digest('hex');
      const now = ctx.clock.now();
      const running = listResources(ctx.db, PREVIEW, String(deployment.id)).find((r) => r.body.contentKey === contentKey && ['QUEUED', 'RUNNING'].includes(previewState(r, now).status));
      const row = running ?? insertResource(ctx.db, PREVIEW, String(deployment.id), preview(files, {b, catalog, build: build.id, commit: branch.last_hash, sourceSha256, contentKey, now}), now);
      const path = `/api/v1/deployments/${deployment.id}/databricks-metric-view-previews/${String(row.body.previewId)}`;
      return c.json(
        {
          previewId: String(row.body.previewId),
          deploymentId: deployment.id,
          dataSourceName: b.dataSourceName,
          buildJobId: Number(row.body.buildJobId),
          commit: (row.body.commit as string | null) ?? null,
          reused: running !== undefined,
          status: 'QUEUED' as const,
          statusUrl: path,
          resultUrl: `${path}/result`,
        },
        202,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/api/v1/deployments/{deploymentId}/databricks-metric-view-previews/{previewId}', operationId: 'previewStatus', tags,
      summary: 'Get the status of a Databricks Metric View preview',
      request: {params: PreviewParams},
      responses: {200: json(DatabricksMetricViewPublicationPreviewStatusResponse, 'where the preview is'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const {deployment, row} = findPreview(valid(c, 'param'));
      return c.json(statusAnswer(deployment, row) as z.infer<typeof DatabricksMetricViewPublicationPreviewStatusResponse>, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/api/v1/deployments/{deploymentId}/databricks-metric-view-previews/{previewId}/result', operationId: 'previewResult', tags,
      summary: 'Get the result of a completed Databricks Metric View preview (409 while it runs or when it ended without one)',
      request: {params: PreviewParams},
      responses: {200: json(DatabricksMetricViewPublicationPreviewResultResponse, 'the converted views'), ...errorResponses(400, 403, 404, 409)},
    }),
    (c) => {
      const {deployment, row} = findPreview(valid(c, 'param'));
      const s = previewState(row, ctx.clock.now());
      if (s.status !== 'COMPLETED') throw conflict(`preview ${String(row.body.previewId)} is ${s.status}: ${s.status === 'QUEUED' || s.status === 'RUNNING' ? 'poll its status until COMPLETED' : 'it has no result; start a new preview'}`);
      const views = row.body.views as MetricViewResult[];
      return c.json(
        {
          previewId: String(row.body.previewId),
          deploymentId: deployment.id,
          dataSourceName: String(row.body.dataSourceName),
          buildJobId: Number(row.body.buildJobId),
          commit: (row.body.commit as string | null) ?? null,
          completedAt: isoTime(s.at),
          durationMs: s.at - Number(row.body.startedAt),
          version: 2 as const,
          outcome: outcomeOf(views),
          sourceSha256: String(row.body.sourceSha256),
          views,
          runtime: RUNTIME,
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'delete', path: '/api/v1/deployments/{deploymentId}/databricks-metric-view-previews/{previewId}', operationId: 'cancelPreview', tags,
      summary: 'Cancel a Databricks Metric View preview that is still queued or running',
      request: {params: PreviewParams},
      responses: {200: json(DatabricksMetricViewPublicationPreviewStatusResponse, 'the cancelled preview'), ...errorResponses(400, 403, 404, 409)},
    }),
    (c) => {
      const {deployment, row} = findPreview(valid(c, 'param'));
      const now = ctx.clock.now();
      const s = previewState(row, now);
      if (s.status !== 'QUEUED' && s.status !== 'RUNNING') throw conflict(`preview ${String(row.body.previewId)} already ended (${s.status}): there is nothing to cancel`);
      const saved = saveResource(ctx.db, {...row, body: {...row.body, cancelledAt: now}}, now);
      return c.json(statusAnswer(deployment, saved) as z.infer<typeof DatabricksMetricViewPublicationPreviewStatusResponse>, 200);
    },
  );
};

function checkPattern(pattern: string): void {
  try {
    selectViews({cubes: new Map(), views: new Map()}, 'pattern', null, pattern);
  } catch (e) {
    throw badRequest(`viewNameRegex: ${(e as Error).message}`);
  }
}

/** A new preview: the conversion of the snapshot, done now and shown once the clock says it has finished. */
function preview(
  files: Array<[string, string]>,
  o: {b: z.infer<typeof DatabricksMetricViewPublicationPreviewInput>; catalog: string | undefined; build: number; commit: string | null; sourceSha256: string; contentKey: string; now: number},
): Json {
  const base = {previewId: randomBytes(16).toString('hex'), dataSourceName: o.b.dataSourceName, buildJobId: o.build, commit: o.commit, sourceSha256: o.sourceSha256, contentKey: o.contentKey, startedAt: o.now};
  const compiled = compileModel(files.map(([path, content]) => ({path, content})));
  if (!compiled.valid) return {...base, error: `the data model does not compile: ${compiled.errors[0]!.file}: ${compiled.errors[0]!.message}`};
  const names = selectViews(compiled.model, o.b.selectionMode, o.b.viewNames, o.b.viewNameRegex);
  const input = {dataSourceName: o.b.dataSourceName, catalog: o.catalog, targetNames: o.b.targetNames ?? {}, sourceOverrides: o.b.sourceOverrides ?? {}};
  return {...base, views: names.map((n) => convertView(compiled.model, n, input))};
}
