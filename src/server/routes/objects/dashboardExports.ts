// Dashboard exports: a published dashboard rendered to PNG or PDF (engines/render) from its widgets' data. A job is
// accepted at once and runs on the service clock: `pending`, then `processing`, then the render itself, which runs
// each chart widget's report query through the data API's engine on the deploy branch (under the security context
// of whom it renders as, with the export's filters, time grains and member switches), and stores the file:
// `completed`, or `failed` with the reason. The job and its file are dropped 5 minutes after submission. Who may
// export, as whom, and who sees a job is the policy's (policy.ts `dashboard-export`, `export-job`).
import {randomBytes} from 'node:crypto';
import {createRoute, z} from '@hono/zod-openapi';
import {DeploymentIdParam} from '../../../contract/common.js';
import {DashboardExportJobResponse, DashboardExportStatusResponse, StartDashboardExportInput, type DashboardExportStatus} from '../../../contract/exports.js';
import type {RouteGroup} from '../../appTypes.js';
import {isoTime} from '../../context.js';
import {jobStage} from '../../jobClock.js';
import {badRequest, HttpFailure} from '../../errors.js';
import {compileModel, type CompiledModel} from '../../engines/compiler/index.js';
import {visibleModel} from '../../engines/compiler/tenants.js';
import {runQueryIn, type Query} from '../../engines/query/index.js';
import {GRANULARITIES, type QueryFilter} from '../../engines/query/types.js';
import {CONTENT_TYPES, renderDashboard, type RenderedWidget} from '../../engines/render/dashboard.js';
import type {ExportSubject} from '../../policy.js';
import {EXPORT_TTL_MS, resourceOf} from '../../policyResources.js';
import {errorResponses, json, jsonBody, loadDeployment, valid} from '../http.js';
import {loadBranch} from '../dataModel/shared.js';
import {filesOf} from '../../store/branchTrees.js';
import {findResource, insertResource, listResources, saveResource, type ResourceRow} from '../../store/resources.js';
import {provisionEmbedUser} from './embedTenants.js';

type Json = Record<string, unknown>;
type Input = z.infer<typeof StartDashboardExportInput>;

/** When a job leaves `pending`, and when its render runs, after submission (service clock). */
export const EXPORT_PENDING_MS = 500;
export const EXPORT_RENDER_AT_MS = 2_000;
/** Exports not yet finished per identity rendered as; one more is a 429. */
export const EXPORTS_IN_FLIGHT = 5;
const KIND = 'dashboard-export';
const tags = ['Dashboard Exports'];
const JobParams = DeploymentIdParam.extend({jobId: z.string().regex(/^[0-9a-f]{32}$/, 'jobId: 32 hex digits, as startExport answered')});
const DownloadQuery = z.object({filename: z.string().min(1).max(200).regex(/^[^/\\"\r\n]+$/, 'filename: a name without slashes or quotes').optional()});
const Binary = z.string().meta({format: 'binary'});

/** Dashboard filter operators as the data API's query filters (the ones it has no counterpart for are refused). */
const OPERATORS: Record<string, QueryFilter['operator'] | undefined> = {
  equals: 'equals', not_equals: 'notEquals', greater_than: 'gt', greater_than_or_equal: 'gte', less_than: 'lt', less_than_or_equal: 'lte',
  contains: 'contains', not_contains: 'notContains', starts_with: 'startsWith', ends_with: 'endsWith', is_null: 'notSet', is_not_null: 'set',
  is_empty: 'equals', is_not_empty: 'notEquals', between: 'inDateRange',
};

/** 400 for what the renderer cannot apply, before a job is accepted. */
function checkControls(b: Input): void {
  for (const f of b.filters ?? []) {
    if (OPERATORS[f.operator ?? 'equals'] === undefined) throw badRequest(`filters: operator ${String(f.operator)} is not supported by this service's renderer`);
    if (f.operator === 'between' && (!Array.isArray(f.value) || f.value.length !== 2)) throw badRequest(`filters: ${f.member} between needs a 2-element [start, end] value`);
  }
  for (const g of b.timeGrains ?? []) {
    if (!(GRANULARITIES as readonly string[]).includes(g.grain)) throw badRequest(`timeGrains: ${g.member}: grain must be one of ${GRANULARITIES.join(', ')}`);
  }
}

const subjectKey = (userId: number, s: ExportSubject | undefined) => (s?.type === 'EMBED_USER' ? `embed:${s.tenant}:${s.externalId}` : `user:${s?.type === 'USER' ? s.userId : userId}`);

/** The cube or view a member path belongs to. */
const cubeOf = (member: string) => member.slice(0, member.indexOf('.'));

/** A report's query with the export's controls applied to the members of the cubes it reads. */
export function withControls(query: Query, b: Pick<Input, 'filters' | 'timeGrains' | 'memberSwitchers'>): Query {
  const q: Query = structuredClone(query);
  const switched = new Map((b.memberSwitchers ?? []).map((s) => [s.member, `${cubeOf(s.member)}.${s.selected}`]));
  q.dimensions = q.dimensions?.map((d) => switched.get(d) ?? d);
  q.measures = q.measures?.map((m) => switched.get(m) ?? m);
  const cubes = new Set([...(q.measures ?? []), ...(q.dimensions ?? []), ...(q.timeDimensions ?? []).map((t) => t.dimension)].map(cubeOf));
  const grains = new Map((b.timeGrains ?? []).map((g) => [g.member, g.grain]));
  q.timeDimensions = q.timeDimensions?.map((t) => (grains.has(t.dimension) ? {...t, granularity: grains.get(t.dimension) as NonNullable<typeof t.granularity>} : t));
  for (const f of b.filters ?? []) {
    if (!cubes.has(cubeOf(f.member))) continue;
    const op = f.operator ?? 'equals';
    const values = op === 'is_empty' || op === 'is_not_empty' ? [''] : f.value === undefined || f.value === null ? undefined : (Array.isArray(f.value) ? f.value : [f.value]).map((v) => (typeof v === 'object' ? JSON.stringify(v) : (v as string | number | boolean)));
    if (op === 'between' && values && typeof values[0] === 'number') q.filters = [...(q.filters ?? []), {member: f.member, operator: 'gte', values: [values[0]]}, {member: f.member, operator: 'lte', values: [values[1]!]}];
    else q.filters = [...(q.filters ?? []), {member: f.member, operator: OPERATORS[op]!, ...(values ? {values} : {})}];
  }
  return q;
}

/** Widgets in layout order: top to bottom, then left to right. */
const inLayout = (widgets: Json[]) => [...widgets].sort((a, b) => {
  const pa = (a.position ?? {}) as {x?: number; y?: number};
  const pb = (b.position ?? {}) as {x?: number; y?: number};
  return (pa.y ?? 0) - (pb.y ?? 0) || (pa.x ?? 0) - (pb.x ?? 0);
});

export const registerDashboardExports: RouteGroup = (app, ctx) => {
  /** The deploy branch's model, or 'wait' while its build runs; throws (as text) when it cannot answer. */
  const deployModel = (deploymentId: number): CompiledModel | 'wait' => {
    const deployment = loadDeployment(ctx, deploymentId);
    const build = ctx.builds.status(deployment.id, deployment.deploy_branch_name);
    if (!build || build.step === 'failed' || build.step === 'cancelled') throw new Error(`the data model on ${deployment.deploy_branch_name} has no successful build`);
    if (build.step !== 'built') return 'wait';
    const compiled = compileModel([...filesOf(ctx.db, loadBranch(ctx, deployment, deployment.deploy_branch_name))].map(([path, content]) => ({path, content})));
    if (!compiled.valid) throw new Error(`the data model on ${deployment.deploy_branch_name} does not compile: ${compiled.errors[0]!.message}`);
    return compiled.model;
  };

  /** The render: each chart widget's report query with the export's controls, as whom the job renders. */
  const render = async (job: ResourceRow): Promise<{file: Buffer} | {error: string} | 'wait'> => {
    const b = job.body.input as Input;
    const dashboard = findResource(ctx.db, 'dashboard', job.scope, Number(job.body.dashboardId));
    if (!dashboard) return {error: 'the dashboard was deleted'};
    const config = (dashboard.body.config ?? {}) as Json;
    const widgets: RenderedWidget[] = [];
    let model: CompiledModel | 'wait' | undefined;
    for (const w of inLayout(Array.isArray(config.widgets) ? (config.widgets as Json[]) : [])) {
      const wc = (w.config ?? {}) as Json;
      const title = String(wc.title ?? w.id);
      if (w.type === 'TEXT') widgets.push({title, text: String(wc.text ?? '')});
      if (w.type !== 'CHART' || typeof wc.reportId !== 'number') continue;
      const report = findResource(ctx.db, 'report', job.scope, wc.reportId);
      if (!report || typeof report.body.jsonQuery !== 'string') return {error: `widget ${String(w.id)}: report ${wc.reportId} ${report ? 'has no query' : 'not found'}`};
      try {
        model ??= deployModel(Number(job.scope));
        if (model === 'wait') return 'wait';
        const subject = job.body.subject as ExportSubject | undefined;
        const visible = subject?.type === 'EMBED_USER' ? visibleModel(model, (job.body.securityContext as Json | null) ?? {}) : model;
        const result = await runQueryIn(visible, ctx.warehouse, withControls(JSON.parse(report.body.jsonQuery) as Query, b));
        const columns = Object.keys(result.annotation.dimensions).concat(Object.keys(result.annotation.timeDimensions), Object.keys(result.annotation.measures));
        widgets.push({title: String(wc.title ?? report.body.name ?? w.id), columns, rows: result.data.map((r) => columns.map((col) => r[col] ?? null))});
      } catch (e) {
        // A query the engine refuses, a report's query that is not JSON, a model that cannot answer.
        if (e instanceof Error) return {error: `widget ${String(w.id)}: ${e.message}`};
        throw e;
      }
    }
    const notes = [
      ...(b.filters ?? []).map((f) => `filter: ${f.member} ${f.operator ?? 'equals'} ${f.value === undefined ? '' : JSON.stringify(f.value)}`.trimEnd()),
      ...(b.timeGrains ?? []).map((g) => `time grain: ${g.member} by ${g.grain}`),
      ...(b.memberSwitchers ?? []).map((s) => `showing ${cubeOf(s.member)}.${s.selected} for ${s.member}`),
    ];
    const file = renderDashboard({title: String(dashboard.body.title ?? 'dashboard'), description: (dashboard.body.description as string | null) ?? null, notes, widgets}, b.format);
    return {file};
  };

  /** The job as the clock has it; at render time the render runs once and its outcome is stored. */
  const settle = async (job: ResourceRow): Promise<{job: ResourceRow; status: DashboardExportStatus}> => {
    const at = jobStage(Number(job.body.createdAt), ctx.clock.now(), EXPORT_PENDING_MS, EXPORT_RENDER_AT_MS);
    const format = (job.body.input as Input).format;
    if (typeof job.body.file === 'string') return {job, status: {status: 'completed', progress: 100, contentType: CONTENT_TYPES[format], error: null}};
    if (typeof job.body.error === 'string') return {job, status: {status: 'failed', progress: null, contentType: null, error: job.body.error}};
    if (at.stage === 'waiting') return {job, status: {status: 'pending', progress: 0, contentType: null, error: null}};
    // The bar stops at 90 until the file is stored.
    const processing = {job, status: {status: 'processing' as const, progress: at.percent(90), contentType: null, error: null}};
    if (at.stage === 'running') return processing;
    const outcome = await render(job);
    if (outcome === 'wait') return processing;
    const fresh = findResource(ctx.db, KIND, job.scope, job.id);
    if (!fresh) return processing;
    const saved = saveResource(ctx.db, {...fresh, body: {...fresh.body, ...('file' in outcome ? {file: outcome.file.toString('base64')} : {error: outcome.error})}}, ctx.clock.now());
    return settle(saved);
  };

  app.openapi(
    createRoute({
      method: 'post', path: '/api/v1/deployments/{deploymentId}/dashboard-exports', operationId: 'startExport', tags,
      summary: 'Export a published dashboard as PNG or PDF (poll the job, then download it within 5 minutes)',
      request: {params: DeploymentIdParam, body: jsonBody(StartDashboardExportInput)},
      responses: {200: json(DashboardExportJobResponse, 'the accepted job'), ...errorResponses(400, 403, 404, 429)},
    }),
    (c) => {
      const b = valid(c, 'json') as Input;
      checkControls(b);
      const {dashboard, renderAs} = resourceOf(c, 'dashboard-export');
      const userId = c.get('principal').userId;
      const now = ctx.clock.now();
      const key = subjectKey(userId, renderAs);
      const inFlight = listResources(ctx.db, KIND, dashboard.scope).filter(
        (j) => j.body.subjectKey === key && now < Number(j.body.createdAt) + EXPORT_RENDER_AT_MS,
      );
      if (inFlight.length >= EXPORTS_IN_FLIGHT) throw new HttpFailure(429, `${EXPORTS_IN_FLIGHT} exports are already in flight for ${key}: wait for one to finish`);
      // An embed subject is provisioned if missing; its groups, attributes and context are this render's only.
      if (renderAs?.type === 'EMBED_USER') provisionEmbedUser(ctx, renderAs.tenant, {externalId: renderAs.externalId, email: b.renderAs?.email ?? null}, {keepExisting: true});
      const jobId = randomBytes(16).toString('hex');
      insertResource(ctx.db, KIND, dashboard.scope, {jobId, userId, dashboardId: dashboard.id, input: b, subject: renderAs ?? null, subjectKey: key, securityContext: b.renderAs?.securityContext ?? null, createdAt: now}, now);
      return c.json({jobId, expiresAt: isoTime(now + EXPORT_TTL_MS)}, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/api/v1/deployments/{deploymentId}/dashboard-exports/{jobId}', operationId: 'getExportStatus', tags,
      summary: 'Status of a dashboard export you started (pending, processing, completed or failed)',
      request: {params: JobParams},
      responses: {200: json(DashboardExportStatusResponse, 'where the job is'), ...errorResponses(400, 403, 404)},
    }),
    async (c) => {
      const {status} = await settle(resourceOf(c, 'export-job').job);
      return c.json(status, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/api/v1/deployments/{deploymentId}/dashboard-exports/{jobId}/download', operationId: 'downloadExport', tags,
      summary: 'Download a completed dashboard export (409 while it renders, 422 when it failed)',
      request: {params: JobParams, query: DownloadQuery},
      responses: {
        200: {description: 'the rendered dashboard', content: {'application/pdf': {schema: Binary}, 'image/png': {schema: Binary}}},
        ...errorResponses(400, 403, 404, 409, 422),
      },
    }),
    async (c) => {
      const {job, status} = await settle(resourceOf(c, 'export-job').job);
      if (status.status === 'failed') throw new HttpFailure(422, `the export failed: ${status.error ?? 'unknown error'} (submit a new export)`);
      if (status.status !== 'completed') throw new HttpFailure(409, `the export is still ${status.status}: poll GET …/dashboard-exports/${String(job.body.jobId)} until completed`);
      const format = (job.body.input as Input).format;
      const stem = (valid(c, 'query').filename as string | undefined) ?? 'dashboard';
      return c.body(Buffer.from(String(job.body.file), 'base64'), 200, {'content-type': CONTENT_TYPES[format], 'content-disposition': `attachment; filename="${stem}.${format}"`}) as never;
    },
  );
};
