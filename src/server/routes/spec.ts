// GET /api/v1/spec: the OpenAPI 3.1.0 document generated from every route registered with `app.openapi`.
// Like every /api/v1 endpoint it needs a credential (the spec says all endpoints do).
import {createRoute, z} from '@hono/zod-openapi';
import type {App} from '../appTypes.js';
import type {ServiceContext} from '../context.js';
import {errorResponses, json} from './http.js';

const OpenApiDocument = z.object({openapi: z.string(), info: z.object({title: z.string(), version: z.string()})}).passthrough();

function openApiDocument(app: App, url: string): Record<string, unknown> {
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'svc platform API (local service)',
      version: '1.0.0',
      description: 'Management (/api/v1) and build (/build/api/v1) APIs. Every operation needs Authorization: Bearer <token>.',
    },
    servers: [{url}],
    security: [{bearerAuth: []}],
  }) as unknown as Record<string, unknown>;
}

/** Documents kept, by what their apps registered (a test that adds a route of its own makes one more). */
const DOCUMENTS_KEPT = 8;
const documents = new Map<string, Record<string, unknown>>();

/**
 * What an app registered, as a key: each route's method, path and operationId and each component, in order. The
 * routes' schemas are the route groups' code, the same for every app of the process; undefined (no key, the
 * document is generated for this app alone) when the app registered anything else.
 */
function registeredKey(app: App): string | undefined {
  const parts: unknown[] = [];
  for (const d of app.openAPIRegistry.definitions) {
    if (d.type === 'route') parts.push([d.route.method, d.route.path, d.route.operationId]);
    else if (d.type === 'component') parts.push([d.componentType, d.name, d.component]);
    else return undefined;
  }
  return JSON.stringify(parts);
}

/**
 * The document of an app's routes at `url`. Converting the routes' schemas takes a few hundred ms and depends
 * only on the routes, so it is done once per process for every app that registered the same ones (the tests make
 * hundreds of apps); only `servers` is the app's own.
 */
function documentOf(app: App, url: string): Record<string, unknown> {
  const key = registeredKey(app);
  if (key === undefined) return openApiDocument(app, url);
  let document = documents.get(key);
  if (document === undefined) {
    if (documents.size >= DOCUMENTS_KEPT) documents.delete(documents.keys().next().value!);
    documents.set(key, (document = openApiDocument(app, url)));
  }
  return {...document, servers: [{url}]};
}

/**
 * Registered last (see routes/index.ts) so the document it serves includes every other route. The routes do not
 * change once the app is built, so the document is made once per address the service answers on (documentOf: a
 * few hundred ms of schema conversion on every request before; clients and tests fetch it often).
 */
export function registerSpec(app: App, ctx: ServiceContext): void {
  let served: {url: string; document: Record<string, unknown>} | undefined;
  const document = () => {
    if (served?.url !== ctx.baseUrl) served = {url: ctx.baseUrl, document: documentOf(app, ctx.baseUrl)};
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
