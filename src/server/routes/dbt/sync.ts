// dbt sync (/api/v1/deployments/{deploymentId}/dbt-sync…): start, status, result, logs, history, cancel and the
// generated files. Starting and cancelling need SchemaUpdate; reading needs SchemaRead. Runs advance on the
// service clock in engines/dbt; this module validates input and shapes answers.
import {createRoute} from '@hono/zod-openapi';
import {DeploymentIdParam} from '../../../contract/common.js';
import {
  DBT_DEFAULT_PAGE, DBT_MAX_PAGE, DbtHistoryQuery, DbtPageQuery, DbtSyncCancelResponse, DbtSyncGeneratedFilesListResponse,
  DbtSyncIdParams, DbtSyncLogEntriesListResponse, DbtSyncResponse, DbtSyncResultResponse, DbtSyncRunListResponse,
  DbtSyncStatusResponse, StartDbtSyncInput,
} from '../../../contract/dbt.js';
import type {RouteGroup} from '../../appTypes.js';
import {principalOf, type Principal} from '../../auth.js';
import {conflict, notFound} from '../../errors.js';
import {DbtSyncEngine} from '../../engines/dbt/engine.js';
import {dbtSyncFiles} from '../../store/dbt.js';
import {logView, resultView, runView, statusView} from '../../engines/dbt/views.js';
import type {DbtSyncRow} from '../../store/dbt.js';
import {decodeCursor, encodeCursor, historyFilter, pageSize, validateStart} from './input.js';
import {errorResponses, json, jsonBody, loadDeployment} from '../http.js';

const tags = ['dbt Sync'];
const BASE = '/api/v1/deployments/{deploymentId}/dbt-sync';
const RUN = `${BASE}/{syncJobId}`;
const LOG_PAGE = {byDefault: 500, max: 1000};

const who = (p: Principal): string => (p.kind === 'api-key' ? `API key ${p.name ?? p.keyId}` : `user ${p.userId}`);

function pageInfo<T>(rows: T[], limit: number, after: string | undefined, cursorOf: (row: T) => string) {
  const page = rows.slice(0, limit);
  return {
    page,
    pageInfo: {
      hasNextPage: rows.length > limit,
      hasPreviousPage: after !== undefined && after !== '',
      startCursor: page[0] === undefined ? null : cursorOf(page[0]),
      endCursor: page.at(-1) === undefined ? null : cursorOf(page.at(-1)!),
    },
  };
}

export const register: RouteGroup = (app, ctx) => {
  const engine = new DbtSyncEngine(ctx);
  const load = (deploymentId: string, syncJobId: string): DbtSyncRow => {
    const deployment = loadDeployment(ctx, deploymentId);
    const row = engine.get(deployment.id, syncJobId);
    if (!row) throw notFound(`no dbt sync ${syncJobId} on deployment ${deployment.id}`);
    return row;
  };

  app.openapi(
    createRoute({method: 'get', path: BASE, operationId: 'listDbtSyncs', summary: 'List dbt syncs for a deployment', tags,
      description: `Newest first. \`status\` (${'RUNNING|COMPLETED|FAILED|CANCELLED|UNKNOWN'}) and \`trigger\` (manual|api|webhook|agent|unknown) are case-sensitive. A page holds at most ${DBT_MAX_PAGE} runs; a larger \`first\` is capped and \`pageInfo.hasNextPage\` says more exist. Pass \`pageInfo.endCursor\` as \`after\` for the next page.`,
      request: {params: DeploymentIdParam, query: DbtHistoryQuery},
      responses: {200: json(DbtSyncRunListResponse, 'runs of the deployment'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const deployment = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const q = c.req.valid('query');
      const limit = pageSize(q.first, DBT_DEFAULT_PAGE, DBT_MAX_PAGE);
      const beforeId = decodeCursor('run', q.after);
      const rows = engine.history(deployment.id, {...historyFilter(q), beforeId, limit: limit + 1});
      const {page, pageInfo: info} = pageInfo(rows, limit, q.after, (r) => encodeCursor('run', r.id));
      return c.json({items: page.map(runView), pageInfo: info}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'post', path: BASE, operationId: 'startDbtSync', summary: 'Start a dbt sync for a deployment', tags,
      description: 'Generates cube files from the dbt project at `ref` (a branch or tag, never a commit SHA; default the integration’s saved branch) or from an uploaded `manifest` (`source: manifest`), into a new shared branch `dbt-sync/<ref>-<YYYYMMDDhhmmss>-<8hex>` (or `branchName`), or held for the generated-files endpoint (`output: files`).',
      request: {params: DeploymentIdParam, body: jsonBody(StartDbtSyncInput, false)},
      responses: {200: json(DbtSyncResponse, 'the sync started'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const deployment = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const input = validateStart(c.req.valid('json') ?? {}, deployment);
      const row = engine.start({...input, deploymentId: deployment.id, userId: principalOf(c).userId, trigger: 'api'});
      return c.json({syncJobId: row.sync_job_id, workflowId: row.workflow_id, branchName: row.branch_name}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'get', path: RUN, operationId: 'getDbtSyncStatus', summary: 'Get the status of a dbt sync', tags,
      description: 'While running, `status` is the current stage. COMPLETED and FAILED are the only terminal values; a cancelled sync reports FAILED with an error saying it was cancelled.',
      request: {params: DbtSyncIdParams},
      responses: {200: json(DbtSyncStatusResponse, 'status of the sync'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const {deploymentId, syncJobId} = c.req.valid('param');
      return c.json(statusView(load(deploymentId, syncJobId)), 200);
    },
  );

  app.openapi(
    createRoute({method: 'delete', path: RUN, operationId: 'cancelDbtSync', summary: 'Cancel a running dbt sync', tags,
      request: {params: DbtSyncIdParams},
      responses: {200: json(DbtSyncCancelResponse, 'cancelled'), ...errorResponses(400, 403, 404, 409)}}),
    (c) => {
      const {deploymentId, syncJobId} = c.req.valid('param');
      const {row, cancelled} = engine.cancel(load(deploymentId, syncJobId), who(principalOf(c)));
      if (!cancelled) throw conflict(`dbt sync ${syncJobId} already ended ${row.status}; only a RUNNING sync can be cancelled`);
      return c.json({message: `Cancelled dbt sync ${syncJobId}`}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'get', path: `${RUN}/result`, operationId: 'getDbtSyncResult', summary: 'Get the result of a completed dbt sync', tags,
      request: {params: DbtSyncIdParams},
      responses: {200: json(DbtSyncResultResponse, 'what the sync generated'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const {deploymentId, syncJobId} = c.req.valid('param');
      const row = load(deploymentId, syncJobId);
      if (row.status === 'RUNNING') throw notFound(`no result for dbt sync ${syncJobId} yet: it is still running (${statusView(row).status})`);
      if (row.status !== 'COMPLETED') throw notFound(`dbt sync ${syncJobId} ended ${row.status} and has no result: ${row.error_message ?? 'no reason recorded'}`);
      const paths = dbtSyncFiles(ctx.db, row.id, 0, 10_000).map((f) => f.path);
      return c.json(resultView(row, paths), 200);
    },
  );

  app.openapi(
    createRoute({method: 'get', path: `${RUN}/logs`, operationId: 'getDbtSyncLogs', summary: 'Get the log of a dbt sync', tags,
      description: `Oldest first; each phase ends with a line carrying its \`durationMs\`. Pages of up to ${LOG_PAGE.max} entries (default ${LOG_PAGE.byDefault}) through \`first\`/\`after\`.`,
      request: {params: DbtSyncIdParams, query: DbtPageQuery},
      responses: {200: json(DbtSyncLogEntriesListResponse, 'log entries'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const {deploymentId, syncJobId} = c.req.valid('param');
      const q = c.req.valid('query');
      const row = load(deploymentId, syncJobId);
      const limit = pageSize(q.first, LOG_PAGE.byDefault, LOG_PAGE.max);
      const rows = engine.logs(row, decodeCursor('log', q.after) ?? 0, limit + 1);
      const {page, pageInfo: info} = pageInfo(rows, limit, q.after, (r) => encodeCursor('log', r.id));
      return c.json({items: page.map(logView), pageInfo: info}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'get', path: `${RUN}/generated-files`, operationId: 'getDbtSyncGeneratedFiles', summary: 'Get the files generated by a dbt sync', tags,
      description: `The cube files of a completed sync with their content, in pages of up to ${DBT_MAX_PAGE} (default ${DBT_DEFAULT_PAGE}) through \`first\`/\`after\`.`,
      request: {params: DbtSyncIdParams, query: DbtPageQuery},
      responses: {200: json(DbtSyncGeneratedFilesListResponse, 'generated files'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const {deploymentId, syncJobId} = c.req.valid('param');
      const q = c.req.valid('query');
      const row = load(deploymentId, syncJobId);
      if (row.status !== 'COMPLETED') throw notFound(`dbt sync ${syncJobId} has no generated files: it is ${statusView(row).status}`);
      const limit = pageSize(q.first, DBT_DEFAULT_PAGE, DBT_MAX_PAGE);
      const rows = dbtSyncFiles(ctx.db, row.id, decodeCursor('file', q.after) ?? 0, limit + 1);
      const {page, pageInfo: info} = pageInfo(rows, limit, q.after, (r) => encodeCursor('file', r.seq));
      return c.json({items: page.map((f) => ({path: f.path, content: f.content})), pageInfo: info}, 200);
    },
  );
};
