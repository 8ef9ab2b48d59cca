// Command-mode commands for the object groups' operations beyond CRUD, from ONE table: each row names the group
// command it belongs to (embed, groups, users, …), its arguments, the HTTP operation and how to print the answer.
// List answers print a table (--json: the raw answer), the others print JSON, 204 answers a success line.
import type {Command, CommandUnknownOpts} from '@commander-js/extra-typings';
import {kebab} from '../api/objects.js';
import {objectKind} from '../contract/catalogue.js';
import {deploymentArg} from './objectOps.js';
import {attach, type Arg, type OperationCommand, type Opts} from './operationCommand.js';
import {EXIT_USAGE, UserError} from './output.js';
import {numericId, positiveInt} from './session.js';

const enc = encodeURIComponent;
const DEPLOYMENT: Arg = {name: 'deployment', description: 'deployment id', parse: deploymentArg};
const TENANT: Arg = {name: 'tenant', description: 'embed tenant name'};
const WORKBOOK: Arg = {name: 'workbook', description: 'workbook id', parse: numericId('workbook id')};
const GROUP: Arg = {name: 'group', description: 'group id', parse: numericId('group id')};
const PUBLIC_ID: Arg = {name: 'public-id', description: 'dashboard public id'};
const COMMENT: Arg = {name: 'comment', description: 'comment id', parse: numericId('comment id')};
const REPORT: Arg = {name: 'report', description: 'report id', parse: numericId('report id')};
const PAGING = [
  {flags: '--first <n>', description: 'page size (default 20)', query: 'first', parse: positiveInt('--first')},
  {flags: '--after <cursor>', description: 'continue after this pageInfo.endCursor', query: 'after'},
];
const USER_COLUMNS: Array<[string, string]> = [['ID', 'id'], ['EXTERNAL ID', 'externalId'], ['USERNAME', 'username'], ['EMAIL', 'email']];
const action = (v: string) => {
  if (v !== 'read' && v !== 'none') throw new UserError(`--action must be read or none (got \`${v}\`)`, EXIT_USAGE);
  return v;
};

/**
 * The list of a catalogue kind that has no command group of its own, as a command of another group (`svc embed
 * users <tenant>`): its path, its filters (a flag each, `--<param>`) and their help are the catalogue entry's; the
 * arguments fill the path's parameters in order.
 */
function catalogueList(parent: string, name: string, kind: string, description: string, args: Arg[], columns: Array<[string, string]>): OperationCommand {
  const entry = objectKind(kind);
  const filters = Object.entries(entry.filters ?? {}).map(([param, f]) => ({
    flags: `--${kebab(param)} <${f.match === 'int' ? 'id' : 'value'}>`,
    description: f.description,
    query: param,
    ...(f.match === 'int' && {parse: numericId(`--${param}`)}),
  }));
  return {
    parent,
    name,
    description,
    args,
    options: [...PAGING, ...filters],
    call: (values) => ({method: 'GET', path: values.reduce((path, v) => path.replace(/\{[^}]+\}/, enc(v)), entry.path)}),
    columns,
  };
}

export const OPERATION_COMMANDS: OperationCommand[] = [
  {
    parent: 'embed',
    name: 'tenants',
    description: 'list embed tenants with their number of embed users',
    args: [],
    options: [...PAGING, {flags: '--search <text>', description: 'only tenants whose name contains this text', query: 'search'}],
    call: () => ({method: 'GET', path: '/api/v1/embed-tenants'}),
    columns: [['ID', 'id'], ['NAME', 'name'], ['USERS', 'userCount'], ['CREATED', 'createdAt']],
  },
  {
    parent: 'embed',
    name: 'delete-tenant',
    description: 'delete an embed tenant with its embed users, groups and dashboard access grants',
    args: [TENANT],
    call: ([tenant]) => ({method: 'DELETE', path: `/api/v1/embed-tenants/${enc(tenant!)}`}),
    done: ([tenant]) => `Deleted embed tenant ${tenant}`,
  },
  catalogueList('embed', 'users', 'embed-user', 'list the embed users of a tenant', [TENANT], USER_COLUMNS),
  {
    parent: 'embed',
    name: 'provision-user',
    description: 'create or update an embed user by externalId: -d \'{"externalId":"u-1","email":"u@x.co","groups":["analysts"]}\'',
    args: [TENANT],
    data: 'required',
    call: ([tenant], opts) => ({method: 'POST', path: `/api/v1/embed-tenants/${enc(tenant!)}/user`, json: opts.body as Opts}),
  },
  {
    parent: 'embed',
    name: 'provision-users',
    description: 'create or update many embed users: -d \'{"users":[{"externalId":"u-1"},{"externalId":"u-2"}]}\'',
    args: [TENANT],
    data: 'required',
    call: ([tenant], opts) => ({method: 'POST', path: `/api/v1/embed-tenants/${enc(tenant!)}/users`, json: opts.body as Opts}),
  },
  {
    parent: 'embed',
    name: 'access',
    description: "who may see a workbook's dashboard when embedded",
    args: [DEPLOYMENT, WORKBOOK],
    call: ([d, w]) => ({method: 'GET', path: `/api/v1/deployments/${enc(d!)}/workbooks/${enc(w!)}/embed-access`}),
  },
  {
    parent: 'embed',
    name: 'set-access',
    description: "change a workbook's embed access, e.g. --allow --tenant acme (grant), --tenant acme --action none (withdraw)",
    args: [DEPLOYMENT, WORKBOOK],
    options: [
      {flags: '--allow', description: 'turn embedding on', field: 'allowEmbed', parse: () => true},
      {flags: '--forbid', description: 'turn embedding off', field: 'allowEmbed', parse: () => false},
      {flags: '--tenant <name>', description: 'the embed tenant the action is for', field: 'embedTenantName'},
      {flags: '--all-embed-users', description: 'the action is for all embed users', field: 'allEmbedUsers', parse: () => true},
      {flags: '--no-all-embed-users', description: 'withdraw the all-embed-users grant', field: 'allEmbedUsers', parse: () => false},
      {flags: '--action <action>', description: 'read (grant, the default) or none (withdraw)', field: 'action', parse: action},
    ],
    call: ([d, w], opts) => ({method: 'PUT', path: `/api/v1/deployments/${enc(d!)}/workbooks/${enc(w!)}/embed-access`, json: opts.fields as Opts}),
  },
  {
    parent: 'embed',
    name: 'tenant-workbooks',
    description: "list the workbooks an embed tenant's users can read",
    args: [DEPLOYMENT, TENANT],
    options: [...PAGING, {flags: '--access-source <source>', description: 'only those granted this way: tenant, allEmbedUsers or folder', query: 'accessSource'}],
    call: ([d, tenant]) => ({method: 'GET', path: `/api/v1/deployments/${enc(d!)}/embed-tenants/${enc(tenant!)}/workbooks`}),
    columns: [['ID', 'id'], ['NAME', 'name'], ['FOLDER', 'folderId'], ['UPDATED', 'updatedAt']],
  },
  {
    parent: 'embed',
    name: 'session',
    description: 'open an embed session for an embed user: -d \'{"deploymentId":1,"externalId":"u-1","securityContext":{"tenant":"acme"}}\'',
    args: [],
    data: 'required',
    call: (_args, opts) => ({method: 'POST', path: '/api/v1/embed/generate-session', json: opts.body as Opts}),
  },
  {
    parent: 'embed',
    name: 'session-token',
    description: 'exchange an embed session id for a data API token',
    args: [{name: 'session', description: 'session id (from embed session)'}],
    call: ([session]) => ({method: 'POST', path: '/api/v1/embed/session/token', json: {sessionId: session}}),
  },
  {
    parent: 'embed',
    name: 'revoke-session',
    description: 'revoke an embed session',
    args: [{name: 'session', description: 'session id'}],
    call: ([session]) => ({method: 'POST', path: '/api/v1/embed/session/revoke', json: {sessionId: session}}),
  },
  {
    parent: 'embed',
    name: 'comments',
    description: 'list the comment threads of a published dashboard',
    args: [PUBLIC_ID],
    options: [
      ...PAGING,
      {flags: '--include-resolved', description: 'also resolved threads', query: 'includeResolved', parse: () => 'true'},
      {flags: '--resolved-only', description: 'only resolved threads', query: 'resolvedOnly', parse: () => 'true'},
    ],
    call: ([id]) => ({method: 'GET', path: `/api/v1/embed/dashboard/${enc(id!)}/comments`}),
  },
  {
    parent: 'embed',
    name: 'comment',
    description: 'comment on a published dashboard: -d \'{"body":"…"}\' (a reply: add "parentId")',
    args: [PUBLIC_ID],
    data: 'required',
    call: ([id], opts) => ({method: 'POST', path: `/api/v1/embed/dashboard/${enc(id!)}/comments`, json: opts.body as Opts}),
  },
  {
    parent: 'embed',
    name: 'edit-comment',
    description: 'edit your comment: -d \'{"body":"…"}\'',
    args: [PUBLIC_ID, COMMENT],
    data: 'required',
    call: ([id, c], opts) => ({method: 'PATCH', path: `/api/v1/embed/dashboard/${enc(id!)}/comments/${enc(c!)}`, json: opts.body as Opts}),
  },
  {
    parent: 'embed',
    name: 'remove-comment',
    description: 'remove your comment',
    args: [PUBLIC_ID, COMMENT],
    call: ([id, c]) => ({method: 'DELETE', path: `/api/v1/embed/dashboard/${enc(id!)}/comments/${enc(c!)}`}),
    done: ([, c]) => `Removed comment ${c}`,
  },
  {
    parent: 'embed',
    name: 'resolve-comment',
    description: 'resolve a comment thread (--reopen: open it again)',
    args: [PUBLIC_ID, COMMENT],
    options: [{flags: '--reopen', description: 'open the thread again', field: 'resolved', parse: () => false}],
    fieldsOptional: true,
    call: ([id, c], opts) => ({method: 'POST', path: `/api/v1/embed/dashboard/${enc(id!)}/comments/${enc(c!)}/resolve`, json: {resolved: true, ...(opts.fields as Opts)}}),
  },
  {
    parent: 'embed',
    name: 'mentionable',
    description: 'list the embed users who can be mentioned in comments on a dashboard',
    args: [PUBLIC_ID],
    options: [...PAGING, {flags: '--search <text>', description: 'only users matching this text', query: 'search'}],
    call: ([id]) => ({method: 'GET', path: `/api/v1/embed/dashboard/${enc(id!)}/comments/mentionable-users`}),
    columns: [['ID', 'id'], ['USERNAME', 'username'], ['EMAIL', 'email']],
  },
  {
    parent: 'groups',
    name: 'members',
    description: 'list the embed users in a group',
    args: [TENANT, GROUP],
    options: PAGING,
    call: ([tenant, g]) => ({method: 'GET', path: `/api/v1/embed-tenants/${enc(tenant!)}/groups/${enc(g!)}/users`}),
    columns: USER_COLUMNS,
  },
  {
    parent: 'groups',
    name: 'add-members',
    description: 'add embed users to a group: -d \'{"members":[{"externalId":"u-1"},{"embedUserId":7}]}\'',
    args: [TENANT, GROUP],
    data: 'required',
    call: ([tenant, g], opts) => ({method: 'POST', path: `/api/v1/embed-tenants/${enc(tenant!)}/groups/${enc(g!)}/users`, json: opts.body as Opts}),
  },
  {
    parent: 'groups',
    name: 'remove-members',
    description: 'remove embed users from a group: -d \'{"members":[{"externalId":"u-1"}]}\'',
    args: [TENANT, GROUP],
    data: 'required',
    call: ([tenant, g], opts) => ({method: 'DELETE', path: `/api/v1/embed-tenants/${enc(tenant!)}/groups/${enc(g!)}/users`, json: opts.body as Opts}),
    done: ([tenant, g]) => `Removed the members from group ${g} of ${tenant}`,
  },
  {
    parent: 'reports',
    name: 'connect-workbook',
    description: 'place a report in a spreadsheet: -d \'{"externalWorkbookId":"…","resultLocation":"Sheet1!A1:C10"}\'',
    args: [DEPLOYMENT, REPORT],
    data: 'required',
    call: ([d, r], opts) => ({method: 'PUT', path: `/api/v1/deployments/${enc(d!)}/reports/${enc(r!)}/connect-workbook`, json: opts.body as Opts}),
  },
  {
    parent: 'reports',
    name: 'disconnect-workbook',
    description: 'remove placements of a report (-d selects them, e.g. \'{"placementId":"p-1"}\'; without -d: all)',
    args: [DEPLOYMENT, REPORT],
    data: 'optional',
    call: ([d, r], opts) => ({method: 'DELETE', path: `/api/v1/deployments/${enc(d!)}/reports/${enc(r!)}/connect-workbook`, json: (opts.body as Opts | undefined) ?? {}}),
  },
  {
    parent: 'reports',
    name: 'refresh',
    description: 'record a refresh of the placements -d selects (without -d: all)',
    args: [DEPLOYMENT, REPORT],
    data: 'optional',
    call: ([d, r], opts) => ({method: 'PUT', path: `/api/v1/deployments/${enc(d!)}/reports/${enc(r!)}/refresh`, json: (opts.body as Opts | undefined) ?? {}}),
  },
  {
    parent: 'workbooks',
    name: 'dashboard',
    description: 'save the dashboard draft of a workbook: -d \'{"dashboardDraft":{"title":"…","widgets":[…]}}\'',
    args: [DEPLOYMENT, WORKBOOK],
    data: 'required',
    call: ([d, w], opts) => ({method: 'PUT', path: `/api/v1/deployments/${enc(d!)}/workbooks/${enc(w!)}/dashboard`, json: opts.body as Opts}),
  },
  {
    parent: 'workbooks',
    name: 'ai-widget-thread',
    description: 'point an AI widget of the published dashboard at a chat thread: -d \'{"widgetId":"w1","threadId":"t1"}\'',
    args: [DEPLOYMENT, WORKBOOK],
    data: 'required',
    call: ([d, w], opts) => ({method: 'POST', path: `/api/v1/deployments/${enc(d!)}/workbooks/${enc(w!)}/dashboard/ai-widget-thread`, json: opts.body as Opts}),
  },
  {
    parent: 'workspace',
    name: 'shared',
    description: 'list the shared workspace: workbooks whose dashboard is published',
    args: [DEPLOYMENT],
    options: [
      ...PAGING,
      {flags: '--folder-id <id>', description: 'only in this folder', query: 'folderId', parse: numericId('--folder-id')},
      {flags: '--search <text>', description: 'only names containing this text', query: 'search'},
      {flags: '--order-by <field>', description: 'updated_at (default), created_at or name', query: 'orderByField'},
      {flags: '--asc', description: 'oldest / A first (default: newest / Z first)', query: 'orderByDirection', parse: () => 'ASC'},
    ],
    call: ([d]) => ({method: 'GET', path: `/api/v1/deployments/${enc(d!)}/shared-workspace`}),
    columns: [['ID', 'id'], ['NAME', 'name'], ['FOLDER', 'folderId'], ['UPDATED', 'updatedAt']],
  },
  {
    parent: 'users',
    name: 'settings',
    description: 'change your own settings (fields in --data; null clears one), e.g. -d \'{"theme":"dark","timezone":"UTC"}\'',
    args: [],
    data: 'required',
    call: (_args, opts) => ({method: 'PATCH', path: '/api/v1/users/me/settings', json: opts.body as Opts}),
  },
];

/** Adds the table's commands to the group commands already built (objects.ts and objectSingletons.ts). */
export function registerOperationCommands(program: Command): void {
  for (const op of OPERATION_COMMANDS) {
    const parent = (program.commands as unknown as CommandUnknownOpts[]).find((c) => c.name() === op.parent);
    if (!parent) throw new Error(`command group ${op.parent} is missing for ${op.name}`);
    attach(parent, op);
  }
}
