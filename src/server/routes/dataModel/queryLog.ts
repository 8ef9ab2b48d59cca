// Records every data API query (`/data/<id>/…/cubejs-api/v1/load|meta`) as a log line of its deployment, on the
// production API pod or, for `dev-mode/<branch>` paths, the dev pod: what was asked, the status and how long
// it took. A middleware, so it needs nothing from the data API routes; registered before them.
import type {App} from '../../appTypes.js';
import type {ServiceContext} from '../../context.js';
import {findDeployment} from '../../store/deployments.js';
import {appendLog} from '../../store/logs.js';
import {bufferedBody} from '../../limits.js';

const DATA_PATH = /^\/data\/(\d{1,12})\/(dev-mode\/([^/]+)\/)?cubejs-api\/v1\/(load|meta)$/;

function postedQuery(body: Buffer | undefined): unknown {
  try {
    return body ? (JSON.parse(body.toString()) as {query?: unknown}).query : undefined;
  } catch {
    return undefined;
  }
}

function membersOf(queryText: string | undefined): string {
  if (!queryText) return '';
  try {
    const q = JSON.parse(queryText) as {measures?: unknown; dimensions?: unknown};
    const members = [q.measures, q.dimensions].flatMap((m) => (Array.isArray(m) ? m.map(String) : []));
    return members.length > 0 ? ` ${members.slice(0, 6).join(', ')}${members.length > 6 ? ', …' : ''}` : '';
  } catch {
    return ' (query is not JSON)';
  }
}

export function registerQueryLog(app: App, ctx: ServiceContext): void {
  app.use('/data/*', async (c, next) => {
    const m = DATA_PATH.exec(c.req.path);
    if (!m) return next();
    const started = Date.now();
    await next();
    // The body as read after the token was checked (none when the token was refused).
    const queryText = c.req.method === 'GET' ? c.req.query('query') : postedQuery(bufferedBody(c));
    const deploymentId = Number(m[1]);
    if (!findDeployment(ctx.db, deploymentId)) return;
    const branch = m[3] === undefined ? '' : ` on ${decodeURIComponent(m[3])}`;
    const asked = m[4] === 'load' ? `load${membersOf(typeof queryText === 'string' ? queryText : queryText === undefined ? undefined : JSON.stringify(queryText))}` : 'meta';
    appendLog(ctx.db, ctx.clock, {
      deploymentId,
      source: m[3] === undefined ? 'production' : 'dev',
      level: c.res.status >= 500 ? 'error' : c.res.status >= 400 ? 'warn' : 'info',
      message: `data API ${asked}${branch}: ${c.res.status} in ${Date.now() - started} ms`,
    });
  });
}
