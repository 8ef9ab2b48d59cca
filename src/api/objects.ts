// Account and workspace objects, client side: the object groups, built from the object catalogue
// (contract/catalogue.ts), and ONE set of generic fetchers over them. commands/objects.ts builds every group's
// subcommands from them; operations beyond CRUD are in objectOps.ts.
import {OBJECT_KINDS, type ObjectKind, type ObjectOperation} from '../contract/catalogue.js';
import type {Api} from './client.js';
import {asRecord, listRows, num, readRows, str, unwrap, type Json, readObject} from './read.js';

export interface ObjectGroup {
  /** Command name, e.g. `folders`. */
  command: string;
  aliases?: string[];
  /** Singular noun for messages: "Deleted folder 5". */
  noun: string;
  description: string;
  /** Collection path; `{scope}` stands for the deployment id or embed tenant name. */
  path: string;
  /** What `{scope}` is, when the path has one. */
  scope?: 'deployment' | 'embed tenant';
  operations: ObjectOperation[];
  updateMethod?: 'PUT' | 'PATCH';
  /** `PUT <path>/by-<segment>/<key>`: create or change the object with that key (a workbook slug, a report public id). */
  upsertBy?: {segment: string; key: string};
  /** Table columns: header and field. */
  columns: Array<[string, string]>;
  /** What the platform API does not offer for this group (said in the command's help, so nobody looks for it). */
  notOffered?: string;
  /** List filters: flag name (without --) → query parameter. */
  filters?: Record<string, {param: string; description: string; numeric?: boolean}>;
}

const OPERATIONS: readonly ObjectOperation[] = ['list', 'get', 'create', 'update', 'delete'];
const SCOPE_WORD = {deployment: 'deployment', embedTenant: 'embed tenant'} as const;
/** A query parameter as a command flag: `folderId` → `folder-id`. */
export const kebab = (param: string) => param.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The client's view of a catalogue kind with a command group. */
function groupOf(kind: ObjectKind, command: NonNullable<ObjectKind['command']>): ObjectGroup {
  const filters = Object.entries(kind.filters ?? {});
  return {
    command: command.name,
    aliases: command.aliases,
    noun: command.noun,
    description: command.description,
    path: kind.path.replace(/\{[^}]+\}/, '{scope}'),
    ...(kind.scope !== 'account' && {scope: SCOPE_WORD[kind.scope]}),
    operations: OPERATIONS.filter((op) => kind.operations[op] !== undefined),
    ...(kind.updateMethod && {updateMethod: kind.updateMethod === 'patch' ? 'PATCH' : 'PUT'}),
    ...(kind.upsertBy && {upsertBy: {segment: kind.upsertBy.segment, key: kind.upsertBy.segment}}),
    columns: command.columns,
    ...(command.notOffered && {notOffered: command.notOffered}),
    ...(filters.length > 0 && {
      filters: Object.fromEntries(filters.map(([param, f]) => [kebab(param), {param, description: f.description, ...(f.match === 'int' && {numeric: true})}])),
    }),
  };
}

/** One group per catalogue kind that has a command group, in the catalogue's order. */
export const OBJECT_GROUPS: ObjectGroup[] = OBJECT_KINDS.flatMap((k) => (k.command ? [groupOf(k, k.command)] : []));

function collectionPath(group: ObjectGroup, scope: string | undefined): string {
  if (!group.scope) return group.path;
  if (scope === undefined) throw new Error(`${group.command}: a ${group.scope} is required`);
  return group.path.replace('{scope}', encodeURIComponent(scope));
}

const itemPath = (group: ObjectGroup, scope: string | undefined, id: string) => `${collectionPath(group, scope)}/${encodeURIComponent(id)}`;

export interface ObjectPage {
  items: Json[];
  endCursor?: string;
  hasNextPage: boolean;
  total?: number;
  raw: unknown;
}

export async function listObjects(
  api: Api,
  group: ObjectGroup,
  scope: string | undefined,
  query: Record<string, string | number | undefined>,
  signal?: AbortSignal,
): Promise<ObjectPage> {
  const raw = await api.get(collectionPath(group, scope), {searchParams: query, signal});
  const pageInfo = asRecord(asRecord(raw)?.pageInfo);
  const page: ObjectPage = {items: readRows(listRows(raw), (r) => r), hasNextPage: pageInfo?.hasNextPage === true, raw};
  const cursor = str(pageInfo?.endCursor);
  const total = num(asRecord(raw)?.count);
  if (cursor !== undefined) page.endCursor = cursor;
  if (total !== undefined) page.total = total;
  return page;
}

export async function getObject(api: Api, group: ObjectGroup, scope: string | undefined, id: string, signal?: AbortSignal): Promise<Json> {
  return readObject(await api.get(itemPath(group, scope, id), {signal}));
}

export async function createObject(api: Api, group: ObjectGroup, scope: string | undefined, body: Json, signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.post(collectionPath(group, scope), {json: body, signal}));
}

export async function updateObject(api: Api, group: ObjectGroup, scope: string | undefined, id: string, body: Json, signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.request(group.updateMethod ?? 'PUT', itemPath(group, scope, id), {json: body, signal}));
}

export async function upsertObject(api: Api, group: ObjectGroup, scope: string | undefined, key: string, body: Json, signal?: AbortSignal): Promise<Json> {
  if (!group.upsertBy) throw new Error(`${group.command} cannot be upserted`);
  return unwrap(await api.put(`${collectionPath(group, scope)}/by-${group.upsertBy.segment}/${encodeURIComponent(key)}`, {json: body, signal}));
}

/** Resolves once deleted; a `{success:false}` answer is an error. */
export async function deleteObject(api: Api, group: ObjectGroup, scope: string | undefined, id: string, signal?: AbortSignal): Promise<void> {
  const body = asRecord(await api.delete(itemPath(group, scope, id), {signal}));
  if (body?.success === false) throw new Error(`the service answered that ${group.noun} ${id} was not deleted`);
}
