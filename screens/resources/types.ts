// THE table of the generic resource view: one entry per object type of the account. An entry names the type,
// its `:` names (the command-mode group names), its columns and fetchers, what can be created (a template and the
// contract schema that checks it), edited (the update schema: its fields are what the editor offers) and
// deleted. The object catalogue's kinds (src/contract/catalogue.ts) come from their catalogue entries; the types
// written here are the others (API keys, SCIM, integrations, OIDC configs, tenant settings). The screen
// (ResourceScreen.tsx) and the registry read nothing else.
import type {z} from 'zod';
import type {Api} from '../../src/api/client.js';
import {createApiKey, deleteApiKey, type Me} from '../../src/api/account.js';
import {createIntegration, createOidcConfig, deleteIntegration, deleteOidcConfig, getIntegration, getOidcConfig, updateIntegration, updateOidcConfig} from '../../src/api/integrations.js';
import {createObject, deleteObject, getObject, listObjects, OBJECT_GROUPS, updateObject, type ObjectGroup} from '../../src/api/objects.js';
import {OBJECT_KINDS, type ConsoleCell, type ObjectKind} from '../../src/contract/catalogue.js';
import {getTenantSettings, updateTenantSettings} from '../../src/api/objectOps.js';
import {appendAll} from '../../src/lib/lists.js';
import {asRecord, idString, listRows, unwrap, type Json} from '../../src/api/read.js';
import {createScim, deleteScim, getScim, groupRow, listScim, replaceScim, userRow, type ScimResourceType} from '../../src/api/scim.js';

/** A contract schema loaded on first use (schemas.ts): the table is read at start-up, zod only when text is checked. */
export type LazySchema = () => Promise<z.ZodType>;
type Schemas = typeof import('./schemas.js');
const lazySchema = (pick: (s: Schemas) => z.ZodType): LazySchema => async () => pick(await import('./schemas.js'));

/** A table cell: a field name (dotted for nested fields) or a function of the row. */
export type Cell = string | ((row: Json) => string);

export interface ResourceType {
  /** Screen id suffix and keymap-independent name: 'api-keys'. */
  readonly id: string;
  /** Title line: 'API keys'. */
  readonly title: string;
  /** Singular, for messages and dialogs: 'API key'. */
  readonly noun: string;
  /** `:` names: the first is the palette name, the rest aliases (the command-mode group and its aliases). */
  readonly names: readonly string[];
  /** The list needs the deployment of the navigation stack, or an embed tenant the screen asks for. */
  readonly scope?: 'deployment' | 'embed tenant';
  readonly columns: ReadonlyArray<readonly [header: string, cell: Cell]>;
  /** Id of a row (what get/update/delete take). @default the `id` field */
  readonly rowId?: (row: Json) => string;
  /** All rows (bounded). Absent: the API has no list for this type (the screen says so). */
  readonly list?: (api: Api, scope: string | undefined, signal?: AbortSignal) => Promise<Json[]>;
  /** The full object for describe and edit. @default the list row */
  readonly get?: (api: Api, scope: string | undefined, id: string, signal?: AbortSignal) => Promise<Json>;
  readonly create?: {
    readonly template: Json;
    readonly schema: LazySchema;
    readonly send: (api: Api, scope: string | undefined, body: Json) => Promise<Json>;
    /** The field of the answer that holds a secret shown once (an API key's value). */
    readonly secretField?: string;
  };
  readonly update?: {
    /** Its top-level fields are the ones the editor offers. */
    readonly schema: LazySchema;
    readonly send: (api: Api, scope: string | undefined, id: string, body: Json) => Promise<Json>;
  };
  readonly delete?: (api: Api, scope: string | undefined, id: string) => Promise<void>;
  /** What the delete question says first about this object, if anything (the console's own credential). */
  readonly deleteWarning?: (id: string, me: Me | undefined) => string | undefined;
  /** The credential the API wants: 'scim' = a SCIM token (the screen asks for one), not the console's key. */
  readonly credential?: 'scim';
  /** Fields never shown (secrets the service might echo). */
  readonly hidden?: readonly string[];
}

/** Pages through a cursor list; bounded so a runaway cursor cannot loop forever. */
const MAX_PAGES = 200;
const PAGE_SIZE = 100;
async function allObjects(api: Api, group: ObjectGroup, scope: string | undefined, signal?: AbortSignal): Promise<Json[]> {
  const rows: Json[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await listObjects(api, group, scope, {first: PAGE_SIZE, after}, signal);
    appendAll(rows, result.items);
    if (!result.hasNextPage || !result.endCursor || result.endCursor === after) break;
    after = result.endCursor;
  }
  return rows;
}

const countCell = (field: string) => (row: Json) => {
  const value = row[field];
  return String(Array.isArray(value) ? value.length : 0);
};
const consoleCell = (cell: ConsoleCell): Cell => (typeof cell === 'string' ? cell : countCell(cell.count));

/** The view of a catalogue kind: its command group's names, paths and columns, the catalogue's schemas and template. */
function fromKind(kind: ObjectKind, view: NonNullable<ObjectKind['console']>, g: ObjectGroup): ResourceType {
  const ops = new Set(g.operations);
  const {create, update} = kind.schemas;
  return {
    id: view.id,
    title: view.title,
    noun: g.noun,
    names: [g.command, ...(g.aliases ?? [])],
    ...(g.scope && {scope: g.scope}),
    columns: (view.columns ?? g.columns).map(([h, cell]) => [h, consoleCell(cell)] as const),
    ...(ops.has('list') && {list: (api, scope, signal) => allObjects(api, g, scope, signal)}),
    ...(ops.has('get') && {get: (api, scope, id, signal) => getObject(api, g, scope, id, signal)}),
    ...(ops.has('create') &&
      create && {create: {template: view.template, schema: lazySchema((s) => s.objectSchema(create)), send: (api, scope, body) => createObject(api, g, scope, body)}}),
    ...(ops.has('update') && update && {update: {schema: lazySchema((s) => s.objectSchema(update)), send: (api, scope, id, body) => updateObject(api, g, scope, id, body)}}),
    ...(ops.has('delete') && {delete: (api, scope, id) => deleteObject(api, g, scope, id)}),
    ...(kind.hidden && {hidden: kind.hidden}),
  };
}

/** The console's own types with the catalogue's kinds placed among them, each after the type its entry names. */
function withCatalogue(own: readonly ResourceType[]): ResourceType[] {
  const out = [...own];
  let pending = OBJECT_KINDS.flatMap((kind) => {
    const g = kind.command && OBJECT_GROUPS.find((x) => x.command === kind.command!.name);
    return kind.console && g ? [{after: kind.console.after, type: fromKind(kind, kind.console, g)}] : [];
  });
  // A kind may follow another kind: a pass places those whose neighbour is placed, bounded by the number of kinds.
  for (let pass = 0; pending.length > 0 && pass <= OBJECT_KINDS.length; pass++) {
    pending = pending.filter(({after, type}) => {
      const at = after === undefined ? out.length : out.findIndex((t) => t.id === after) + 1;
      if (at === 0) return true;
      out.splice(at, 0, type);
      return false;
    });
  }
  return [...out, ...pending.map((p) => p.type)];
}

const scimType = (type: ScimResourceType, extra: Pick<ResourceType, 'id' | 'title' | 'noun' | 'names' | 'columns'> & {template: Json; schema: LazySchema}): ResourceType => ({
  id: extra.id,
  title: extra.title,
  noun: extra.noun,
  names: extra.names,
  columns: extra.columns,
  list: async (api, _s, signal) => (await listScim(api, type, {count: 1000}, signal)).resources,
  get: async (api, _s, id, signal) => asRecord(await getScim(api, type, id, signal)) ?? {},
  create: {template: extra.template, schema: extra.schema, send: async (api, _s, body) => asRecord(await createScim(api, type, body)) ?? {}},
  update: {schema: extra.schema, send: async (api, _s, id, body) => asRecord(await replaceScim(api, type, id, body)) ?? {}},
  delete: (api, _s, id) => deleteScim(api, type, id),
  credential: 'scim',
  hidden: ['password'],
});

const cells = (read: (row: Json) => string[], i: number) => (row: Json) => read(row)[i] ?? '';

export const RESOURCE_TYPES: readonly ResourceType[] = withCatalogue([
  {
    id: 'api-keys',
    title: 'API keys',
    noun: 'API key',
    names: ['api-keys', 'api-key', 'keys'],
    columns: [['ID', 'id'], ['NAME', 'name'], ['PREFIX', 'prefix'], ['KIND', 'kind'], ['DEPLOYMENTS', 'deploymentIds'], ['CREATED', 'createdAt']],
    list: async (api, _s, signal) => listRows(await api.get('/api/v1/api-keys', {signal}), 'apiKeys').map((r) => asRecord(r) ?? {}),
    create: {
      template: {name: 'my-key', scim: false},
      schema: lazySchema((s) => s.CreateApiKeyBody),
      send: async (api, _s, body) => unwrap((await createApiKey(api, body as never)).raw),
      secretField: 'key',
    },
    delete: (api, _s, id) => deleteApiKey(api, id),
    deleteWarning: (id, me) =>
      me?.credential.apiKeyId === id ? 'This is the key this console is signed in with: the console will stop working.' : undefined,
    hidden: ['key', 'apiKey', 'token'],
  },
  scimType('Users', {id: 'scim-users', title: 'SCIM users', noun: 'SCIM user', names: ['scim', 'scim-users'], columns: [['ID', cells(userRow, 0)], ['USERNAME', cells(userRow, 1)], ['NAME', cells(userRow, 2)], ['EMAIL', cells(userRow, 3)], ['ACTIVE', cells(userRow, 4)]], template: {userName: 'new.user@example.com', name: {givenName: 'New', familyName: 'User'}, active: true}, schema: lazySchema((s) => s.ScimUserInput)}),
  scimType('Groups', {id: 'scim-groups', title: 'SCIM groups', noun: 'SCIM group', names: ['scim-groups'], columns: [['ID', cells(groupRow, 0)], ['NAME', cells(groupRow, 1)], ['MEMBERS', cells(groupRow, 2)]], template: {displayName: 'new-group', members: []}, schema: lazySchema((s) => s.ScimGroupInput)}),
  {
    id: 'integrations',
    title: 'OAuth integrations',
    noun: 'OAuth integration',
    names: ['integrations', 'integration', 'oauth'],
    columns: [['ID', 'id'], ['NAME', 'name'], ['TYPE', 'type'], ['CLIENT ID', 'clientId'], ['SCOPES', (r) => (Array.isArray(r.scopes) ? r.scopes.join(' ') : '')]],
    list: async (api, _s, signal) => listRows(await api.get('/api/v1/oauth-integrations', {signal})).map((r) => asRecord(r) ?? {}),
    get: async (api, _s, id, signal) => ({...(await getIntegration(api, id, signal))}) as Json,
    create: {
      template: {name: 'github', type: 'github', authUrl: 'https://github.com/login/oauth/authorize', tokenUrl: 'https://github.com/login/oauth/access_token', clientId: 'client-id', clientSecret: 'client-secret', redirectUri: 'https://example.com/callback', scopes: ['repo']},
      schema: lazySchema((s) => s.CreateOAuthIntegrationInput),
      send: async (api, _s, body) => ({...(await createIntegration(api, body))}) as Json,
    },
    update: {schema: lazySchema((s) => s.UpdateOAuthIntegrationInput), send: async (api, _s, id, body) => ({...(await updateIntegration(api, id, body))}) as Json},
    delete: async (api, _s, id) => void (await deleteIntegration(api, id)),
    hidden: ['clientSecret'],
  },
  {
    id: 'oidc',
    title: 'OIDC token configs',
    noun: 'OIDC token config',
    names: ['oidc', 'oidc-configs'],
    columns: [['ID', 'id'], ['NAME', 'name'], ['AUDIENCE', 'audience'], ['ENABLED', 'isEnabled'], ['ENV VAR', 'targetEnvVar']],
    list: async (api, _s, signal) => listRows(await api.get('/api/v1/oidc-token-configs', {signal})).map((r) => asRecord(r) ?? {}),
    get: async (api, _s, id, signal) => ({...(await getOidcConfig(api, id, signal))}) as Json,
    create: {template: {audienceType: 'default', name: 'warehouse', isEnabled: true}, schema: lazySchema((s) => s.CreateOidcTokenConfigInput), send: async (api, _s, body) => ({...(await createOidcConfig(api, body))}) as Json},
    update: {schema: lazySchema((s) => s.UpdateOidcTokenConfigInput), send: async (api, _s, id, body) => ({...(await updateOidcConfig(api, id, body))}) as Json},
    delete: async (api, _s, id) => void (await deleteOidcConfig(api, id)),
  },
  {
    id: 'tenant',
    title: 'Tenant settings',
    noun: 'tenant settings',
    names: ['tenant', 'tenant-settings'],
    columns: [['AUDIT LOG', 'auditLogEnabled'], ['SUPPORT', 'hasSupportAccess'], ['MAINTENANCE', 'maintenanceWindowDay'], ['AT', 'maintenanceWindowTime'], ['OIDC', 'oidcEnabled']],
    rowId: () => 'settings',
    list: async (api, _s, signal) => [await getTenantSettings(api, signal)],
    update: {schema: lazySchema((s) => s.objects.TenantSettingsInput), send: async (api, _s, _id, body) => updateTenantSettings(api, body)},
  },
]);

export const resourceType = (id: string): ResourceType | undefined => RESOURCE_TYPES.find((t) => t.id === id);

export const rowIdOf = (type: ResourceType, row: Json): string => type.rowId?.(row) ?? idString(row.id) ?? '';

/** How the editor's header names a row: its noun and id; the noun alone where the type names its rows itself (tenant settings: one row, always `settings`). */
export const rowLabel = (type: ResourceType, row: Json): string => (type.rowId ? type.noun : `${type.noun} ${rowIdOf(type, row)}`);

/** The text of a cell: dotted field paths; arrays joined, null as empty. */
export function cellText(row: Json, cell: Cell): string {
  if (typeof cell === 'function') return cell(row);
  let value: unknown = row;
  for (const part of cell.split('.')) value = asRecord(value)?.[part];
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(',');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
