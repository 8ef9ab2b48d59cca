// What a row of the resource table says about one kind of object. The generic routes (crud.ts), the JSON store
// (store/resources.ts) and the OpenAPI document all work from it; nothing is written per kind but this row.
import type {z} from '@hono/zod-openapi';
import type {ServiceContext} from '../../context.js';
import type {Db} from '../../store/db.js';
import type {ResourceRow} from '../../store/resources.js';

/** Where the objects live: in a deployment (`{deploymentId}` in the path), an embed tenant, or the account. */
export type ResourceScope = 'deployment' | 'embedTenant' | 'account';

export interface Filter {
  /** The field of the object the query parameter is compared with. */
  field: string;
  /** `int`: equal as numbers; `exact`: equal as strings; `contains`: case-insensitive substring. */
  match: 'int' | 'exact' | 'contains';
}

export interface CreateContext {
  ctx: ServiceContext;
  scope: string;
  /** Objects of the same kind already in the scope. */
  siblings: Array<Record<string, unknown>>;
}

/** Where a kind's objects are kept: the generic JSON store unless the kind has a table of its own. */
export interface ResourceStore {
  list(db: Db, kind: string, scope: string): ResourceRow[];
  find(db: Db, kind: string, scope: string, id: number): ResourceRow | undefined;
  insert(db: Db, kind: string, scope: string, body: Record<string, unknown>, now: number): ResourceRow;
  save(db: Db, row: ResourceRow, now: number): ResourceRow;
  remove(db: Db, kind: string, scope: string, id: number): boolean;
}

export interface ResourceSpec {
  kind: string;
  tag: string;
  /** Collection path, with `{deploymentId}` or `{embedTenantName}` for scoped kinds. */
  path: string;
  scope: ResourceScope;
  /** Name of the id path parameter of single-object routes. */
  idParam: string;
  /** operationIds of the operations the platform API description defines for this kind; absent ones are not served. */
  operations: {list?: string; get?: string; create?: string; update?: string; delete?: string};
  updateMethod?: 'put' | 'patch';
  summary: string;
  item: z.ZodType;
  createBody?: z.ZodType;
  updateBody?: z.ZodType;
  filters?: Record<string, Filter>;
  /** The list answer also carries `data` (a copy of items) and `count` (the total), as the yaml shows. */
  listExtras?: boolean;
  /** Fields unique within the scope (null values are not compared). */
  unique?: string[];
  /** Fields that must name an existing object of a kind in the same scope. */
  refs?: Record<string, string>;
  /** Fields a `null` in an update clears; for the others `null` means "leave as is". */
  clearable?: string[];
  /** Fields stored but never answered. */
  hidden?: string[];
  /** Fields the list and get answers add from other tables (e.g. a report's owner). */
  enrich?: (ctx: ServiceContext, row: ResourceRow) => Record<string, unknown>;
  /** PUT `<path>/by-<segment>/{<field>}` creates the object with that field's value or updates the one holding it. */
  upsertBy?: {field: string; segment: string; operationId: string; pattern: RegExp};
  /** Defaults and service-assigned fields of a new object (merged under the validated body). */
  initial?: (input: Record<string, unknown>, c: CreateContext) => Record<string, unknown>;
  /** A store of the kind's own (users live in the users table); absent: the JSON resource store. */
  store?: ResourceStore;
  /** Derived fields, recomputed after every create and update. */
  derive?: (body: Record<string, unknown>) => Record<string, unknown>;
}
