// Telemetry intake: `POST /telemetry` takes a client's batch without a credential (the events are anonymous, and
// a client sending them must not need to be logged in), so it sits outside /api/v1 where every request is
// authenticated. `GET /api/v1/telemetry/events` shows what was received, to a credential for the whole account.
import {createRoute, z} from '@hono/zod-openapi';
import {StoredTelemetryEvent, TelemetryBatch} from '../../contract/telemetry.js';
import type {RouteGroup} from '../appTypes.js';
import {requireUnscoped} from '../auth.js';
import {isoTime} from '../context.js';
import {insertTelemetryEvents, recentTelemetryEvents} from '../store/telemetry.js';
import {errorResponses, json} from './shared.js';

const MAX_BODY_BYTES = 256 * 1024;

export const register: RouteGroup = (app, ctx) => {
  app.post('/telemetry', async (c) => {
    if (Number(c.req.header('content-length') ?? '0') > MAX_BODY_BYTES) return c.json({error: 'batch too large'}, 413);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({error: 'body must be a JSON array of events'}, 400);
    }
    const parsed = TelemetryBatch.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return c.json({error: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`}, 400);
    }
    insertTelemetryEvents(ctx.db, parsed.data, ctx.clock.now());
    return c.body(null, 204);
  });

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/telemetry/events',
      operationId: 'listTelemetryEvents',
      summary: 'The last 200 anonymous usage events received from clients, oldest first',
      tags: ['Telemetry'],
      responses: {200: json(z.array(StoredTelemetryEvent), 'the events'), ...errorResponses(403)},
    }),
    (c) => {
      requireUnscoped(c, 'reading telemetry');
      const events = recentTelemetryEvents(ctx.db, 200).map((r) => ({...r.event, receivedAt: isoTime(r.receivedAt)}));
      return c.json(events as Array<z.infer<typeof StoredTelemetryEvent>>, 200);
    },
  );
};
