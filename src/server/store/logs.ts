// Deployment log lines. Three real sources, read as one chronological stream: the build engine's `build_logs`,
// the dbt sync runs' `dbt_sync_logs`, and `service_logs`, which any module appends to with appendLog (data API
// queries, syncs, anything a pod would print). Each line's key (at, kind, id) is unique and never changes, so a
// cursor stays valid however many lines are appended after it.
import type {LogContainer, LogSource} from '../../contract/logs.js';
import type {Clock} from '../engines/clock.js';
import type {Db} from './db.js';
import type {Migration} from './migration.js';

export const logsMigrations: Migration[] = [
  {
    id: 'service-logs-1',
    up: (db) =>
      db.exec(`
        CREATE TABLE service_logs (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          deployment_id INTEGER NOT NULL,
          source TEXT NOT NULL,
          pod TEXT NOT NULL,
          container TEXT NOT NULL,
          level TEXT NOT NULL,
          message TEXT NOT NULL,
          at INTEGER NOT NULL);
        CREATE INDEX service_logs_by_deployment ON service_logs (deployment_id, at, id);`),
  },
];

/** The pods a deployment runs: production API and refresh worker, and the dev-mode runtime. */
export function podNames(deploymentId: number): {api: string; worker: string; dev: string} {
  return {api: `cube-api-${deploymentId}-0`, worker: `cube-refresh-worker-${deploymentId}-0`, dev: `cube-dev-${deploymentId}-0`};
}

export interface AppendLogInput {
  deploymentId: number;
  source: LogSource;
  /** Default: the API pod for production, the dev-mode pod for dev. */
  pod?: string;
  container?: LogContainer;
  level?: 'info' | 'warn' | 'error';
  message: string;
}

/** Records one log line of a deployment at the service clock's now. */
export function appendLog(db: Db, clock: Clock, line: AppendLogInput): void {
  const pods = podNames(line.deploymentId);
  db
    .prepare('INSERT INTO service_logs (deployment_id, source, pod, container, level, message, at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(
      line.deploymentId,
      line.source,
      line.pod ?? (line.source === 'production' ? pods.api : pods.dev),
      line.container ?? 'cubejs-server',
      line.level ?? 'info',
      line.message,
      clock.now(),
    );
}

export interface LogKey {
  at: number;
  kind: number;
  id: number;
}

export interface LogRow extends LogKey {
  source: LogSource;
  pod: string;
  container: string;
  level: string;
  message: string;
}

export interface LogFilter {
  source?: LogSource;
  pod?: string;
  container?: string;
}

const UNION = `
  SELECT b.at, 0 AS kind, b.id, CASE WHEN b.branch_name = @deployBranch THEN 'production' ELSE 'dev' END AS source,
         CASE WHEN b.branch_name = @deployBranch THEN @apiPod ELSE @devPod END AS pod, 'cubejs-server' AS container,
         b.level, b.message
    FROM build_logs b WHERE b.deployment_id = @deploymentId
  UNION ALL
  SELECT l.at, 1, l.id, 'production', @workerPod, 'MAIN', l.level,
         CASE WHEN l.phase IS NULL THEN l.message ELSE 'dbt sync ' || s.sync_job_id || ' [' || l.phase || '] ' || l.message END
    FROM dbt_sync_logs l JOIN dbt_syncs s ON s.id = l.sync_id WHERE s.deployment_id = @deploymentId
  UNION ALL
  SELECT at, 2, id, source, pod, container, level, message FROM service_logs WHERE deployment_id = @deploymentId`;

const FILTER = `(@source IS NULL OR source = @source) AND (@pod IS NULL OR pod = @pod) AND (@container IS NULL OR container = @container)`;

/**
 * With `after`: the first `limit` lines after that key, oldest first. Without: the newest `limit` lines (a tail),
 * oldest first. `more` says whether lines exist beyond the page in the direction read.
 */
export function readLogs(
  db: Db,
  deployment: {id: number; deployBranch: string},
  filter: LogFilter,
  page: {after?: LogKey; limit: number},
): {rows: LogRow[]; more: boolean} {
  const pods = podNames(deployment.id);
  const params = {
    deploymentId: deployment.id,
    deployBranch: deployment.deployBranch,
    apiPod: pods.api,
    workerPod: pods.worker,
    devPod: pods.dev,
    source: filter.source ?? null,
    pod: filter.pod ?? null,
    container: filter.container ?? null,
    limit: page.limit + 1,
  };
  let rows: LogRow[];
  if (page.after) {
    rows = db
      .prepare(`SELECT * FROM (${UNION}) WHERE ${FILTER} AND (at, kind, id) > (@afterAt, @afterKind, @afterId) ORDER BY at, kind, id LIMIT @limit`)
      .all({...params, afterAt: page.after.at, afterKind: page.after.kind, afterId: page.after.id}) as LogRow[];
  } else {
    rows = (db.prepare(`SELECT * FROM (${UNION}) WHERE ${FILTER} ORDER BY at DESC, kind DESC, id DESC LIMIT @limit`).all(params) as LogRow[]).reverse();
  }
  const more = rows.length > page.limit;
  if (!more) return {rows, more};
  return {rows: page.after ? rows.slice(0, page.limit) : rows.slice(1), more};
}
