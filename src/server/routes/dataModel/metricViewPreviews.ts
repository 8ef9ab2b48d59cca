// Databricks Metric View previews: the conversion (engines/metricViews.ts) of the deploy branch's latest successful
// build. A preview snapshots that build's files when it is submitted and runs on the service clock (jobClock.ts):
// QUEUED, RUNNING, then COMPLETED with its result (or FAILED), unless cancelled first. An exact resubmission while
// the same content-addressed preview is still running reuses it. Previews are kept 7 days.
import {createHash, randomBytes} from 'node:crypto';
import {createRoute, z} from '@hono/zod-openapi';
import {DeploymentIdParam} from '../../../contract/common.js';
import {
  DatabricksMetricViewPublicationPreviewInput,
  DatabricksMetricViewPublicationPreviewResultResponse,
  DatabricksMetricViewPublicationPreviewStartResponse,
  DatabricksMetricViewPublicationPreviewStatusResponse,
  type MetricViewResult,
  type PreviewStatus,
} from '../../../contract/exports.js';
import type {RouteGroup} from '../../appTypes.js';
import {isoTime} from '../../context.js';
import {conflict, notFound} from '../../errors.js';
import {compileModel} from '../../engines/compiler/index.js';
import {convertView, outcomeOf, selectViews} from '../../engines/metricViews.js';
import {jobStage} from '../../jobClock.js';
import {VERSION} from '../../../version.js';
import type {DeploymentRow} from '../../store/deployments.js';
import {latestBuild} from '../../store/builds.js';
import {filesOf} from '../../store/branchTrees.js';
import {insertResource, listResources, saveResource, type ResourceRow} from '../../store/resources.js';
import {errorResponses, json, jsonBody, loadDeployment, valid} from '../http.js';
import {checkPattern, databricksSource, tags} from './metricViews.js';
import {loadBranch} from './shared.js';

type Json = Record<string, unknown>;

/** How long a preview is QUEUED, and when it has finished running, after it was submitted (service clock). */
export const PREVIEW_QUEUED_MS = 500;
export const PREVIEW_RUN_MS = 2_000;
export const PREVIEW_RETENTION_MS = 7 * 24 * 3600_000;

const PREVIEW = 'metric-view-preview';
const PreviewParams = DeploymentIdParam.extend({previewId: z.string().regex(/^[0-9a-f]{32}$/, 'previewId: 32 hex digits, as startPreview answered')});

const PREVIEWS_PATH = '/api/v1/deployments/{deploymentId}/databricks-metric-view-previews';

/** A route on one preview (`{previewId}` plus `suffix`): its params and the errors each of them can answer. */
function previewRoute<S extends z.ZodType>(o: {method: 'get' | 'delete'; suffix?: string; operationId: string; summary: string; answer: S; description: string; conflicts?: boolean}) {
  return createRoute({
    method: o.method, path: `${PREVIEWS_PATH}/{previewId}${o.suffix ?? ''}`, operationId: o.operationId, tags,
    summary: o.summary,
    request: {params: PreviewParams},
    responses: {200: json(o.answer, o.description), ...errorResponses(400, 403, 404, ...(o.conflicts === true ? [409] : []))},
  });
}

/** Where a preview is on the clock, and its progress. */
function previewState(row: ResourceRow, now: number): {status: PreviewStatus; percent: number; message: string; at: number} {
  if (typeof row.body.cancelledAt === 'number') return {status: 'CANCELLED', percent: 100, message: 'cancelled', at: row.body.cancelledAt};
  const {stage, since, percent} = jobStage(Number(row.body.startedAt), now, PREVIEW_QUEUED_MS, PREVIEW_RUN_MS);
  if (stage === 'waiting') return {status: 'QUEUED', percent: 0, message: 'waiting for a converter', at: since};
  if (stage === 'running') return {status: 'RUNNING', percent: percent(100), message: 'converting views', at: since};
  if (typeof row.body.error === 'string') return {status: 'FAILED', percent: 100, message: row.body.error, at: since};
  return {status: 'COMPLETED', percent: 100, message: 'conversion finished', at: since};
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

/** Which preview, of which build: the fields the start and the result answers open with. */
const previewOf = (row: ResourceRow, deploymentId: number) => ({
  previewId: String(row.body.previewId),
  deploymentId,
  dataSourceName: String(row.body.dataSourceName),
  buildJobId: Number(row.body.buildJobId),
  commit: (row.body.commit as string | null) ?? null,
});

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
      method: 'post', path: PREVIEWS_PATH, operationId: 'startPreview', tags,
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
          ...previewOf(row, deployment.id),
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
    previewRoute({
      method: 'get', operationId: 'previewStatus', summary: 'Get the status of a Databricks Metric View preview',
      answer: DatabricksMetricViewPublicationPreviewStatusResponse, description: 'where the preview is',
    }),
    (c) => {
      const {deployment, row} = findPreview(valid(c, 'param'));
      return c.json(statusAnswer(deployment, row) as z.infer<typeof DatabricksMetricViewPublicationPreviewStatusResponse>, 200);
    },
  );

  app.openapi(
    previewRoute({
      method: 'get', suffix: '/result', operationId: 'previewResult',
      summary: 'Get the result of a completed Databricks Metric View preview (409 while it runs or when it ended without one)',
      answer: DatabricksMetricViewPublicationPreviewResultResponse, description: 'the converted views', conflicts: true,
    }),
    (c) => {
      const {deployment, row} = findPreview(valid(c, 'param'));
      const s = previewState(row, ctx.clock.now());
      if (s.status !== 'COMPLETED') throw conflict(`preview ${String(row.body.previewId)} is ${s.status}: ${s.status === 'QUEUED' || s.status === 'RUNNING' ? 'poll its status until COMPLETED' : 'it has no result; start a new preview'}`);
      const views = row.body.views as MetricViewResult[];
      return c.json(
        {
          ...previewOf(row, deployment.id),
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
    previewRoute({
      method: 'delete', operationId: 'cancelPreview', summary: 'Cancel a Databricks Metric View preview that is still queued or running',
      answer: DatabricksMetricViewPublicationPreviewStatusResponse, description: 'the cancelled preview', conflicts: true,
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
