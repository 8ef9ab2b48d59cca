import type {OpenAPIHono} from '@hono/zod-openapi';
import type {AppEnv} from './auth.js';
import type {ServiceContext} from './context.js';

/** The service's Hono app: every route goes through `app.openapi(createRoute(...))` so it is documented. */
export type App = OpenAPIHono<AppEnv>;

/** What each routes/<group>.ts exports as `register`. */
export type RouteGroup = (app: App, ctx: ServiceContext) => void;
