// Singleton objects of the account (tenant settings, the app config): one stored row each, created with its
// defaults on first read, read with GET and (when the yaml defines it) changed with PUT.
import {createRoute, type z} from '@hono/zod-openapi';
import {AppConfigResponse, TenantSettings, TenantSettingsInput} from '../../../contract/objects.js';
import type {App} from '../../appTypes.js';
import type {ServiceContext} from '../../context.js';
import {errorResponses, json, jsonBody} from '../http.js';
import {insertResource, listResources, saveResource, type ResourceRow} from '../../store/resources.js';

interface SingletonSpec {
  kind: string;
  tag: string;
  path: string;
  operations: {get: string; update?: string};
  summary: string;
  item: z.ZodType;
  updateBody?: z.ZodType;
  defaults: (ctx: ServiceContext) => Record<string, unknown>;
  /** Fields the service keeps itself, recomputed on each change. */
  onChange?: (before: Record<string, unknown>, after: Record<string, unknown>, now: number) => Record<string, unknown>;
}

export const SINGLETONS: SingletonSpec[] = [
  {
    kind: 'tenant-settings',
    tag: 'Tenant Settings',
    path: '/api/v1/tenant/settings',
    operations: {get: 'getTenantSettings', update: 'updateTenantSettings'},
    summary: 'tenant settings',
    item: TenantSettings,
    updateBody: TenantSettingsInput,
    defaults: (ctx) => ({
      auditLogEnabled: true,
      auditLogEnabledCurrent: true,
      auditLogEnabledTimestamp: ctx.clock.now(),
      hasSupportAccess: false,
      maintenanceWindowDay: 'Sunday',
      maintenanceWindowEnabled: false,
      maintenanceWindowTime: '03:00',
      oidcEnabled: false,
      useAIBIUserInterface: false,
    }),
    onChange: (before, after, now) =>
      before.auditLogEnabled === after.auditLogEnabled ? {} : {auditLogEnabledCurrent: after.auditLogEnabled, auditLogEnabledTimestamp: now},
  },
  {
    kind: 'app-config',
    tag: 'App Theme',
    path: '/api/v1/app-config',
    operations: {get: 'getAppConfig'},
    summary: 'app theme and UI configuration',
    item: AppConfigResponse,
    defaults: () => ({
      appTheme: null,
      applyThemeGlobally: false,
      restrictDataDownload: false,
      sheetsAgentChatEnabled: false,
      embedding: {allowAi: true, enableDashboardComments: true, locale: 'en', timezone: 'UTC'},
      timezoneSettings: {enabled: false, timezone: 'UTC', allowUserOverride: true},
    }),
  },
];

function load(ctx: ServiceContext, spec: SingletonSpec): ResourceRow {
  return listResources(ctx.db, spec.kind, '')[0] ?? insertResource(ctx.db, spec.kind, '', spec.defaults(ctx), ctx.clock.now());
}

export function registerSingleton(app: App, ctx: ServiceContext, spec: SingletonSpec): void {
  const base = {tags: [spec.tag], path: spec.path};
  app.openapi(
    createRoute({...base, method: 'get', operationId: spec.operations.get, summary: `Get the ${spec.summary}`, responses: {200: json(spec.item, spec.summary), ...errorResponses(403)}}),
    (c) => {
      return c.json(load(ctx, spec).body, 200);
    },
  );
  if (!spec.operations.update || !spec.updateBody) return;
  app.openapi(
    createRoute({...base, method: 'put', operationId: spec.operations.update, summary: `Change the ${spec.summary}; omitted fields keep their values`, request: {body: jsonBody(spec.updateBody)}, responses: {200: json(spec.item, spec.summary), ...errorResponses(400, 403)}}),
    (c) => {
      const row = load(ctx, spec);
      const patch = Object.fromEntries(Object.entries((c.req.valid as (t: string) => Record<string, unknown>)('json')).filter(([, v]) => v !== undefined && v !== null));
      const now = ctx.clock.now();
      const after = {...row.body, ...patch};
      const body = {...after, ...spec.onChange?.(row.body, after, now)};
      return c.json(saveResource(ctx.db, {...row, body}, now).body, 200);
    },
  );
}
