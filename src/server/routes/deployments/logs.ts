// GET …/logs and …/pods of a deployment. Logs are a one-shot read (no stream): without `after`, the newest lines;
// with `after` (a previous endCursor), the lines written since, which is how `svc logs --follow` polls.
import {createRoute} from '@hono/zod-openapi';
import {DeploymentIdParam} from '../../../contract/common.js';
import {CursorQuery} from '../../../contract/common.js';
import {DeploymentLogsResponse, DeploymentPodsResponse, LogsQuery, type DeploymentPod} from '../../../contract/logs.js';
import type {RouteGroup} from '../../appTypes.js';
import {isoTime, type ServiceContext} from '../../context.js';
import {badRequest} from '../../errors.js';
import {cursorPage} from '../cursor.js';
import {podNames, readLogs, type LogKey, type LogRow} from '../../store/logs.js';
import type {DeploymentRow} from '../../store/deployments.js';
import {errorResponses, json, loadDeployment} from '../http.js';

const tags = ['Deployments'];
const DEFAULT_LINES = 100;

function encodeKey(k: LogKey): string {
  return Buffer.from(`l${k.at}.${k.kind}.${k.id}`).toString('base64url');
}

function decodeKey(cursor: string): LogKey {
  const m = /^l(\d{1,15})\.(\d)\.(\d{1,12})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw badRequest('after: not a cursor this service issued (use pageInfo.endCursor)');
  return {at: Number(m[1]), kind: Number(m[2]), id: Number(m[3])};
}

const toLine = (r: LogRow) => ({pod: r.pod, date: isoTime(r.at), message: r.message.trimEnd(), container: r.container, level: r.level});

type PodState = {status: string; ready: boolean} | undefined;

function latestBuildState(ctx: ServiceContext, d: DeploymentRow, production: boolean): {state: string; count: number} | undefined {
  const op = production ? '=' : '!=';
  const row = ctx.db
    .prepare(`SELECT state, count(*) OVER () AS count FROM builds WHERE deployment_id = ? AND branch_name ${op} ? ORDER BY id DESC LIMIT 1`)
    .get(d.id, d.deploy_branch_name) as {state: string; count: number} | undefined;
  return row;
}

function podState(state: string | undefined): PodState {
  if (state === undefined) return undefined;
  if (state === 'built') return {status: 'Running', ready: true};
  if (state === 'failed') return {status: 'Error', ready: false};
  if (state === 'cancelled') return {status: 'Terminated', ready: false};
  return {status: 'Pending', ready: false};
}

/** Pods follow the builds: production pods run once the deploy branch has built; the dev pod once any dev branch has. */
function podsOf(ctx: ServiceContext, d: DeploymentRow): DeploymentPod[] {
  ctx.builds.tick();
  const names = podNames(d.id);
  const prod = latestBuildState(ctx, d, true);
  const dev = latestBuildState(ctx, d, false);
  const prodState = podState(prod?.state);
  const restarts = Math.max(0, (prod?.count ?? 1) - 1);
  const pods: DeploymentPod[] = [
    {name: names.api, type: 'api', status: prodState?.status ?? 'Pending', ready: prodState?.ready ?? false, restartCount: restarts, containers: ['cubejs-server', 'vector', 'api-proxy']},
    {name: names.worker, type: 'refresh-worker', status: prodState?.status ?? 'Pending', ready: prodState?.ready ?? false, restartCount: restarts, containers: ['MAIN', 'vector']},
  ];
  const devState = podState(dev?.state);
  if (devState) pods.push({name: names.dev, type: 'dev', status: devState.status, ready: devState.ready, restartCount: Math.max(0, (dev?.count ?? 1) - 1), containers: ['cubejs-server']});
  return pods;
}

export const register: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/deployments/{deploymentId}/logs',
      operationId: 'logs',
      summary: 'Log lines of the deployment (builds, dbt syncs, data API), oldest first; without `after` the newest lines',
      tags,
      request: {params: DeploymentIdParam, query: LogsQuery},
      responses: {200: json(DeploymentLogsResponse, 'a page of log lines'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const d = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const q = c.req.valid('query');
      const after = q.after ? decodeKey(q.after) : undefined;
      // Builds write their step lines when someone looks; make sure every due line is on disk first.
      ctx.builds.tick();
      const limit = q.first ? Number(q.first) : DEFAULT_LINES;
      const {rows, more} = readLogs(ctx.db, {id: d.id, deployBranch: d.deploy_branch_name}, q, {after, limit});
      const first = rows[0];
      const last = rows.at(-1);
      return c.json(
        {
          items: rows.map(toLine),
          pageInfo: {
            hasNextPage: after ? more : false,
            hasPreviousPage: after ? true : more,
            startCursor: first ? encodeKey(first) : (q.after ?? null),
            endCursor: last ? encodeKey(last) : (q.after ?? encodeKey({at: 0, kind: 0, id: 0})),
          },
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/deployments/{deploymentId}/pods',
      operationId: 'pods',
      summary: 'Pods of the deployment and their state',
      tags,
      request: {params: DeploymentIdParam, query: CursorQuery},
      responses: {200: json(DeploymentPodsResponse, 'a page of pods'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const d = loadDeployment(ctx, c.req.valid('param').deploymentId);
      return c.json(cursorPage(podsOf(ctx, d), c.req.valid('query')), 200);
    },
  );
};
