// A tour of the CLI against the demo seed: reads and writes across the command groups, in an order where each
// write finds what it needs (deployment 1 is the demo's production deployment). An id that exists only at run time
// (a sync job, a comment, a session, a group…) is taken from the `--json` output of the step that creates it
// (a TourStep's `capture`) and given to later entries as `{NAME}`; `{WORK}` is the tour's work directory, where
// TOUR_FILES are written first, and `{API_KEY}` the admin key.
import {DEMO_MODEL_FILES} from '../../src/server/engines/sample/demoModel.js';
import {smallManifest} from '../helpers/dbtManifest.js';

/** A step that keeps values of its `--json` output, or that ends with an exit other than 0. */
export interface TourStep {
  args: string[];
  /** Placeholder name → dotted path of the step's `--json` output (`items.0.syncJobId`). */
  capture?: Record<string, string>;
  /** The exit code the step must end with; default 0. */
  exit?: number;
}
export type TourEntry = string[] | TourStep;

export const argsOf = (entry: TourEntry): string[] => (Array.isArray(entry) ? entry : entry.args);
/** The exit code an entry must end with. */
export const exitOf = (entry: TourEntry): number => (Array.isArray(entry) ? 0 : (entry.exit ?? 0));
/** A step the service answers 4xx (exit 1) once Prism has checked its request. */
const refused = (...args: string[]): TourStep => ({args, exit: 1});

/** Fills `{NAME}` placeholders in; the names it had no value for are returned beside the arguments. */
export function fillIn(args: string[], values: Record<string, string>): {args: string[]; missing: string[]} {
  const missing: string[] = [];
  const filled = args.map((a) => a.replace(/\{([A-Z_]+)\}/g, (whole, name: string) => values[name] ?? (missing.push(name), whole)));
  return {args: filled, missing};
}

/** The value at a dotted path of a command's JSON output, as a string; undefined when it is not there. */
export function valueAt(stdout: string, path: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(stdout);
  } catch {
    return undefined;
  }
  for (const part of path.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

const ORDERS = 'model/cubes/orders.yml';
/** Files the tour's commands read, under its work directory: a project to deploy (a demo file) and a dbt manifest. */
export const TOUR_FILES: Record<string, string> = {
  [`project/${ORDERS}`]: DEMO_MODEL_FILES.find((f) => f.path === ORDERS)!.content,
  'manifest.json': JSON.stringify(smallManifest()),
};

/**
 * Commands the tour does not run, each with its reason. Every other command of the tree must be in TOUR
 * (tour-coverage.test.ts walks the tree, so a new command fails until it is toured or listed here).
 */
export const NOT_TOURED: Record<string, string> = {
  ui: 'the console: its screens are driven through Prism by prism-console.test.tsx',
  logout: 'removes a saved context; an API-key context sends no request',
  'context list': 'reads the config file; no request',
  'context use': 'writes the config file; no request',
  server: 'starts the local service; no request to a tenant',
  completion: 'prints a shell script; no request',
  update: 'asks the release source (SVC_UPDATE_URL), not the tenant',
  'scim users list': 'SCIM has its own description (not the platform one Prism validates here) and a SCIM token',
  'scim users get': 'SCIM: see scim users list',
  'scim users create': 'SCIM: see scim users list',
  'scim users replace': 'SCIM: see scim users list',
  'scim users patch': 'SCIM: see scim users list',
  'scim users delete': 'SCIM: see scim users list',
  'scim groups list': 'SCIM: see scim users list',
  'scim groups get': 'SCIM: see scim users list',
  'scim groups create': 'SCIM: see scim users list',
  'scim groups replace': 'SCIM: see scim users list',
  'scim groups patch': 'SCIM: see scim users list',
  'scim groups delete': 'SCIM: see scim users list',
};

export const TOUR: TourEntry[] = [
  ['whoami'],
  ['login', '--api-key', '{API_KEY}', '--name', 'tour'],
  ['watch', '-d', '3', '--until-idle'],
  ['regions'],
  ['regions', '--json'],
  ['regions', '--first', '2'],
  ['deployments', 'list'],
  ['deployments', 'list', '--json'],
  ['deployments', 'list', '--first', '2'],
  ['deployments', 'list', '--offset', '1', '--limit', '2'],
  ['deployments', 'get', '1'],
  ['deployments', 'get', '2'],
  ['deployments', 'settings', '1'],
  ['deployments', 'versions', '1'],
  ['deployments', 'versions', '1', '--json'],
  ['deployments', 'create', '--name', 'tour-a', '--region', 'aws-us-east-1'],
  ['deployments', 'update', '2', '--name', 'tour-renamed'],
  ['deployments', 'token', '1'],
  ['deployments', 'build-status', '1'],
  ['environments', 'list', '1'],
  ['environments', 'list', '1', '--json'],
  ['environments', 'list', '1', '--type', 'staging'],
  ['environments', 'list', '1', '--first', '1'],
  ['variables', 'list', '1'],
  ['variables', 'list', '1', '--json'],
  ['variables', 'set', '1', 'TOUR_VAR=1'],
  ['variables', 'set', '1', 'TOUR_VAR=2', 'OTHER_VAR=x'],
  ['data-model', 'list', '1'],
  ['data-model', 'list', '1', '--json'],
  ['data-model', 'branches', '1'],
  ['data-model', 'branches', '1', '--json'],
  ['data-model', 'create-branch', '1', 'tour-branch'],
  ['data-model', 'enable-branch', '1', 'tour-branch'],
  ['data-model', 'disable-branch', '1', 'tour-branch'],
  ['data-model', 'dev-mode', '1', 'tour-branch'],
  ['data-model', 'list', '1'],
  ['data-model', 'exit-dev-mode', '1'],
  ['data-model', 'delete-branch', '1', 'tour-branch'],
  ['validate', '1'],
  ['dbt', 'history', '1'],
  ['dbt', 'history', '1', '--json'],
  ['dbt', 'history', '1', '--status', 'COMPLETED'],
  ['dbt', 'history', '1', '--first', '3'],
  ['github', 'status'],
  ['github', 'installations'],
  {args: ['github', 'installations', '--json'], capture: {INSTALLATION: 'items.0.installationId'}},
  ['api-keys', 'list'],
  ['api-keys', 'list', '--json'],
  {args: ['api-keys', 'create', '--name', 'tour-key', '--json'], capture: {KEY: 'id'}},
  ['folders', 'list', '1'],
  ['workbooks', 'list', '1'],
  ['reports', 'list', '1'],
  ['notifications', 'list', '1'],
  ['policies', 'list'],
  ['attributes', 'list'],
  ['workspace', 'list', '1'],
  ['tenant', 'get'],
  ['integrations', 'list'],
  ['integrations', 'tokens', 'list'],
  ['oidc', 'list'],
  ['logs', '1'],
  ['spec'],
  ['spec', 'deployments', '--json'],
  ['api', 'GET', '/api/v1/regions'],
  ['api', 'GET', '/api/v1/deployments/1'],
  {args: ['users', 'create', '--data', '{"email":"tour@example.com","username":"tour"}', '--json'], capture: {USER: 'id'}},
  ['deployments', 'list', '--limit', '50'],
  ['environments', 'list', '2'],
  ['variables', 'list', '2'],
  ['data-model', 'branches', '2'],
  // The rest of the command tree, in an order where each write finds what it needs.
  ['deployments', 'advance-step', '2', 'ready'],
  ['deployments', 'reset-step', '2'],
  ['environments', 'token', '1', '1', '--security-context', '{}'],
  ['environments', 'tokens', '1', '1'],
  ['environments', 'create-token', '1', '1', '--security-context', '{}'],
  ['data-model', 'get', '1', 'model/cubes/orders.yml'],
  ['data-model', 'file-hashes', '1'],
  ['data-model', 'create-branch', '1', 'tour-files'],
  ['data-model', 'dev-mode', '1', 'tour-files'],
  ['data-model', 'put', '1', 'model/cubes/tour.yml', '--content', 'cubes: []\n'],
  ['data-model', 'rename', '1', 'model/cubes/tour.yml', 'model/cubes/tour2.yml'],
  ['data-model', 'delete', '1', 'model/cubes/tour2.yml'],
  ['data-model', 'commit', '1', '-m', 'tour commit'],
  ['data-model', 'pull', '1'],
  ['data-model', 'merge', '1'],
  ['data-model', 'exit-dev-mode', '1'],
  ['data-model', 'merge-to-default', '1', '--branch', 'tour-files'],
  ['variables', 'unset', '1', 'OTHER_VAR'],
  ['api-keys', 'delete', '{KEY}'],
  ['audit', 'export', '--json'],
  {args: ['dbt', 'sync', '1', '--json'], capture: {SYNC: 'syncJobId'}},
  ['dbt', 'status', '1', '{SYNC}'],
  ['dbt', 'cancel', '1', '{SYNC}'],
  {args: ['dbt', 'history', '1', '--status', 'COMPLETED', '--first', '1', '--json'], capture: {DONE: 'items.0.syncJobId'}},
  ['dbt', 'result', '1', '{DONE}'],
  ['dbt', 'logs', '1', '{DONE}'],
  ['dbt', 'generate', '1', '--manifest', '{WORK}/manifest.json', '--out', '{WORK}/generated', '--poll', '250ms'],
  // The project holds a file the deployment already has, so deploy sends upload/start and finish but uploads
  // nothing: an upload streams its body chunked, and Prism 5.14's proxy answers 400 to every chunked request body.
  ['deploy', '5', '--directory', '{WORK}/project', '-m', 'tour deploy', '--keep-missing'],
  ['github', 'repos', '{INSTALLATION}'],
  ['github', 'branches', 'acme-analytics/analytics-model', '--installation', '{INSTALLATION}'],
  ['github', 'connect', '2', '--repo', 'acme-analytics/analytics-model', '--installation', '{INSTALLATION}'],
  // Well after merge-to-default, whose build the query would otherwise wait for (it answers once the build is warm).
  ['query', '1', '{"measures":["orders.count"]}'],
  {args: ['folders', 'create', '1', '-d', '{"name":"tour-folder"}', '--json'], capture: {FOLDER: 'id'}},
  {args: ['workbooks', 'create', '1', '-d', '{"name":"tour-workbook"}', '--json'], capture: {WORKBOOK: 'id'}},
  {args: ['reports', 'create', '1', '-d', '{"name":"tour-report"}', '--json'], capture: {REPORT: 'id'}},
  ['folders', 'update', '1', '{FOLDER}', '-d', '{"name":"tour-folder-2"}'],
  ['folders', 'ancestors', '1', '{FOLDER}'],
  ['workbooks', 'get', '1', '{WORKBOOK}'],
  ['workbooks', 'update', '1', '{WORKBOOK}', '-d', '{"name":"tour-workbook-2"}'],
  ['workbooks', 'upsert', '1', 'tour-slug', '-d', '{"name":"by-slug"}'],
  ['workbooks', 'duplicate', '1', '{WORKBOOK}'],
  // The draft holds the AI widget ai-widget-thread points at a chat thread once it is published.
  ['workbooks', 'dashboard', '1', '{WORKBOOK}', '-d', '{"dashboardDraft":{"title":"tour","widgets":[{"id":"w1","type":"AI","position":{"x":0,"y":0,"w":6,"h":4}}]}}'],
  {args: ['workbooks', 'publish', '1', '{WORKBOOK}', '--json'], capture: {DASHBOARD: 'publicId', DASHBOARD_ID: 'id'}},
  ['embed', 'get', '{DASHBOARD}'],
  ['embed', 'enable-dashboard', '{DASHBOARD}'],
  {args: ['embed', 'comment', '{DASHBOARD}', '-d', '{"body":"tour comment"}', '--json'], capture: {COMMENT: 'id'}},
  ['embed', 'comments', '{DASHBOARD}'],
  ['embed', 'edit-comment', '{DASHBOARD}', '{COMMENT}', '-d', '{"body":"tour comment, edited"}'],
  ['embed', 'resolve-comment', '{DASHBOARD}', '{COMMENT}'],
  ['embed', 'mentionable', '{DASHBOARD}'],
  ['embed', 'remove-comment', '{DASHBOARD}', '{COMMENT}'],
  ['embed', 'disable-dashboard', '{DASHBOARD}'],
  ['workbooks', 'ai-widget-thread', '1', '{WORKBOOK}', '-d', '{"widgetId":"w1","threadId":"t1"}'],
  ['reports', 'get', '1', '{REPORT}'],
  ['reports', 'update', '1', '{REPORT}', '-d', '{"title":"tour"}'],
  ['reports', 'upsert', '1', 'TourReport01', '-d', '{"name":"by-public-id"}'],
  ['reports', 'connect-workbook', '1', '{REPORT}', '-d', '{"externalWorkbookId":"sheet-1","sheetId":"s1","resultLocation":"A1"}'],
  ['reports', 'refresh', '1', '{REPORT}', '-d', '{}'],
  ['reports', 'disconnect-workbook', '1', '{REPORT}', '-d', '{"externalWorkbookId":"sheet-1"}'],
  ['workspace', 'shared', '1'],
  ['workspace', 'move', '1', '--type', 'REPORT', '--id', '{REPORT}', '--folder-id', '{FOLDER}'],
  ['workspace', 'bulk-move', '1', '-d', '{"folderId":null,"items":[{"id":{REPORT},"type":"REPORT"}]}'],
  {args: ['notifications', 'create', '1', '-d', '{"scheduleType":"DAILY","dashboardId":{DASHBOARD_ID}}', '--json'], capture: {NOTIFICATION: 'id'}},
  ['notifications', 'get', '1', '{NOTIFICATION}'],
  ['notifications', 'update', '1', '{NOTIFICATION}', '-d', '{"scheduleType":"WEEKLY"}'],
  ['notifications', 'recipients', '1', '{NOTIFICATION}'],
  ['notifications', 'add-recipients', '1', '{NOTIFICATION}', '-d', '{"recipients":[{"type":"USER","email":"admin@example.com"}]}'],
  ['notifications', 'remove-recipients', '1', '{NOTIFICATION}', '-d', '{"recipients":[{"type":"USER","id":1}]}'],
  ['notifications', 'delete', '1', '{NOTIFICATION}'],
  {args: ['policies', 'create', '-d', '{"name":"tour-role","policies":[]}', '--json'], capture: {ROLE: 'id'}},
  ['policies', 'get', '{ROLE}'],
  ['policies', 'update', '{ROLE}', '-d', '{"name":"tour-role-2"}'],
  ['policies', 'assign', '{ROLE}', '{USER}'],
  ['policies', 'unassign', '{ROLE}', '{USER}'],
  ['policies', 'delete', '{ROLE}'],
  {args: ['attributes', 'create', '-d', '{"name":"tour_region","type":"string"}', '--json'], capture: {ATTRIBUTE: 'id'}},
  ['attributes', 'update', '{ATTRIBUTE}', '-d', '{"displayName":"Region"}'],
  // Before and after a value is set: an unset attribute's value is null (a sanctioned difference).
  ['attributes', 'values', '{USER}'],
  ['attributes', 'set-value', '{USER}', '{ATTRIBUTE}', 'eu'],
  ['attributes', 'values', '{USER}'],
  ['users', 'update', '{USER}', '-d', '{"firstName":"Tour"}'],
  ['users', 'settings', '-d', '{"timezone":"UTC"}'],
  ['users', 'bulk', 'deactivate', '{USER}'],
  ['users', 'delete', '{USER}'],
  ['tenant', 'update', '-d', '{"maintenanceWindowDay":"SUNDAY"}'],
  ['app', 'config'],
  ['meta', '--selectors', '[{"type":"cube","deploymentId":1,"environment":"production"}]'],
  ['agents'],
  ['embed', 'provision-user', 'tour-tenant', '-d', '{"externalId":"u-1"}'],
  ['embed', 'provision-users', 'tour-tenant', '-d', '{"users":[{"externalId":"u-2"}]}'],
  ['embed', 'tenants'],
  ['embed', 'users', 'tour-tenant'],
  {args: ['groups', 'create', 'tour-tenant', '-d', '{"name":"tour-group"}', '--json'], capture: {GROUP: 'id'}},
  ['groups', 'get', 'tour-tenant', '{GROUP}'],
  ['groups', 'update', 'tour-tenant', '{GROUP}', '-d', '{"description":"tour"}'],
  ['groups', 'add-members', 'tour-tenant', '{GROUP}', '-d', '{"members":[{"externalId":"u-1"}]}'],
  ['groups', 'members', 'tour-tenant', '{GROUP}'],
  ['groups', 'remove-members', 'tour-tenant', '{GROUP}', '-d', '{"members":[{"externalId":"u-1"}]}'],
  ['groups', 'list', 'tour-tenant'],
  ['embed', 'access', '1', '{WORKBOOK}'],
  ['embed', 'set-access', '1', '{WORKBOOK}', '--allow', '--tenant', 'tour-tenant'],
  ['embed', 'tenant-workbooks', '1', 'tour-tenant'],
  {args: ['embed', 'session', '-d', '{"deploymentId":1,"externalId":"u-1"}', '--json'], capture: {SESSION: 'sessionId'}},
  ['embed', 'session-token', '{SESSION}'],
  ['embed', 'revoke-session', '{SESSION}'],
  ['groups', 'delete', 'tour-tenant', '{GROUP}'],
  {
    args: ['integrations', 'create', '-d', '{"name":"tour-int","type":"CUSTOM","clientId":"c","clientSecret":"s","authUrl":"https://auth.example.com/a","tokenUrl":"https://auth.example.com/t","redirectUri":"https://app.example.com/cb"}', '--json'],
    capture: {INTEGRATION: 'id'},
  },
  ['integrations', 'get', '{INTEGRATION}'],
  ['integrations', 'update', '{INTEGRATION}', '-d', '{"name":"tour-int-2","type":"CUSTOM","clientId":"c","authUrl":"https://auth.example.com/a","tokenUrl":"https://auth.example.com/t","redirectUri":"https://app.example.com/cb"}'],
  ['integrations', 'tokens', 'initiate', '{INTEGRATION}'],
  ['integrations', 'tokens', 'get', '{INTEGRATION}'],
  ['integrations', 'tokens', 'revoke', '{INTEGRATION}'],
  ['integrations', 'delete', '{INTEGRATION}'],
  {args: ['oidc', 'create', '-d', '{"name":"tour-oidc","audienceType":"default","targetEnvVar":"TOUR_TOKEN"}', '--json'], capture: {OIDC: 'id'}},
  ['oidc', 'get', '{OIDC}'],
  ['oidc', 'update', '{OIDC}', '-d', '{"isEnabled":false}'],
  ['oidc', 'delete', '{OIDC}'],
  {args: ['reports', 'create', '1', '-d', '{"name":"tour-report-2"}', '--json'], capture: {SPARE_REPORT: 'id'}},
  ['workspace', 'bulk-delete', '1', '-d', '{"items":[{"id":{SPARE_REPORT},"type":"REPORT"}]}'],
  ['reports', 'delete', '1', '{REPORT}'],
  ['workbooks', 'delete', '1', '{WORKBOOK}'],
  ['folders', 'delete', '1', '{FOLDER}'],
  ['embed', 'delete-tenant', 'tour-tenant'],
  ['deployments', 'delete', '3'],
  // Dashboard exports and Databricks Metric Views. Ids the tour cannot know (a dashboard, an export job, a preview)
  // and a deployment whose data source is not Databricks answer 4xx, after Prism has checked the request; their
  // success answers are checked against the description's schemas in test/server/{dashboard-exports,metric-views}.
  refused('dashboards', 'export', '1', '1', '--format', 'pdf', '--filter', 'orders.status=completed'),
  refused('dashboards', 'export-status', '1', 'f'.repeat(32)),
  refused('dashboards', 'download', '1', 'f'.repeat(32), '--filename', 'tour'),
  refused('metric-views', 'settings', '1', 'default'),
  refused('metric-views', 'save', '1', 'default', '-d', '{"expectedConfigurationVersion":0,"enabled":true,"targetCatalog":"main","targetSchema":"metrics","selectionMode":"all"}'),
  refused('metric-views', 'preview', '1', 'default', '--views', 'sales'),
  refused('metric-views', 'status', '1', 'f'.repeat(32)),
  refused('metric-views', 'result', '1', 'f'.repeat(32)),
  refused('metric-views', 'cancel', '1', 'f'.repeat(32)),
];
