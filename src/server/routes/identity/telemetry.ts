// Telemetry intake: `POST /telemetry` takes a client's batch without a credential (the events are anonymous, and
// a client sending them must not need to be logged in), so it sits outside /api/v1 where every request is
// authenticated. `GET /api/v1/telemetry/events` shows what was received, to a credential for the whole account.
import {createRoute, z} from '@hono/zod-openapi';
import {ErrorBody} from '../../../contract/index.js';
import {StoredTelemetryEvent, TelemetryBatch} from '../../../contract/telemetry.js';
import type {RouteGroup} from '../../appTypes.js';
import {isoTime} from '../../context.js';
import {insertTelemetryEvents, recentTelemetryEvents} from '../../store/telemetry.js';
import {errorResponses, json, jsonBody} from '../http.js';

export const register: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/telemetry',
      operationId: 'sendTelemetry',
      summary: 'Anonymous usage events from the CLI: a JSON array (no credential needed)',
      tags: ['Telemetry'],
      security: [],
      request: {body: jsonBody(TelemetryBatch)},
      responses: {204: {description: 'stored'}, 400: json(ErrorBody, 'not a valid batch')},
    }),
    (c) => {
      insertTelemetryEvents(ctx.db, c.req.valid('json'), ctx.clock.now());
      return c.body(null, 204);
    },
  );

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
      const events = recentTelemetryEvents(ctx.db, 200).map((r) => ({...r.event, receivedAt: isoTime(r.receivedAt)}));
      return c.json(events as Array<z.infer<typeof StoredTelemetryEvent>>, 200);
    },
  );
};
