// GET /api/v1/spec: the OpenAPI 3.1.0 document generated from every route registered with `app.openapi`.
// Like every /api/v1 endpoint it needs a credential (the spec says all endpoints do).
import {createRoute, z} from '@hono/zod-openapi';
import type {App} from '../appTypes.js';
import type {ServiceContext} from '../context.js';
import {errorResponses, json} from './http.js';

const OpenApiDocument = z.object({openapi: z.string(), info: z.object({title: z.string(), version: z.string()})}).passthrough();

function openApiDocument(app: App, ctx: ServiceContext): Record<string, unknown> {
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'svc platform API (local service)',
      version: '1.0.0',
      description: 'Management (/api/v1) and build (/build/api/v1) APIs. Every operation needs Authorization: Bearer <token>.',
    },
    servers: [{url: ctx.baseUrl}],
    security: [{bearerAuth: []}],
  }) as unknown as Record<string, unknown>;
}

/**
 * Registered last (see routes/index.ts) so the document it serves includes every other route. The routes do not
 * change once the app is built, so the document is generated once per address the service answers on (a few
 * hundred ms of schema conversion on every request before; clients and tests fetch it often).
 */
export function registerSpec(app: App, ctx: ServiceContext): void {
  let served: {url: string; document: Record<string, unknown>} | undefined;
  const document = () => {
    if (served?.url !== ctx.baseUrl) served = {url: ctx.baseUrl, document: openApiDocument(app, ctx)};
    return served.document;
  };
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key (svc_…) or an access token: Authorization: Bearer <token>',
  });
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/spec',
      operationId: 'getSpec',
      summary: 'The OpenAPI 3.1 description of this API',
      tags: ['OpenAPI Spec'],
      responses: {200: json(OpenApiDocument, 'the OpenAPI document'), ...errorResponses()},
    }),
    (c) => c.json(document() as z.infer<typeof OpenApiDocument>, 200),
  );
}
