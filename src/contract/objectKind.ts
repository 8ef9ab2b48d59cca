// What an entry of the object catalogue (catalogue.ts) says about a kind of account or workspace object, and the
// platform's naming rule for operationIds. No zod here, as in catalogue.ts: schemas are named, not imported.
import type {Permission} from './account.js';
import type * as embedOps from './embedOps.js';
import type * as objects from './objects.js';

/** The name of a schema exported by contract/objects.ts or contract/embedOps.ts. */
export type ObjectSchemaName = keyof typeof objects | keyof typeof embedOps;

/** Where the objects live: in a deployment (`{deploymentId}` in the path), an embed tenant, or the account. */
export type ObjectScope = 'deployment' | 'embedTenant' | 'account';

export type ObjectOperation = 'list' | 'get' | 'create' | 'update' | 'delete';

/** A list filter, keyed by its query parameter; the command's flag is the parameter in kebab case (`--folder-id`). */
export interface ObjectFilter {
  /** The field of the object the query parameter is compared with. */
  field: string;
  /** `int`: equal as numbers (the flag takes an id); `exact`: equal as strings; `contains`: case-insensitive substring. */
  match: 'int' | 'exact' | 'contains';
  /** The flag's help. */
  description: string;
}

/** A table cell of the console's view: a field, or the number of entries of an array field. */
export type ConsoleCell = string | {count: string};

export interface ObjectKind {
  kind: string;
  /** The OpenAPI tag of its operations. */
  tag: string;
  /** What the operations' summaries call the objects ("List workbooks"). */
  summary: string;
  /** Collection path, with `{deploymentId}` or `{embedTenantName}` for scoped kinds. */
  path: string;
  scope: ObjectScope;
  /** Name of the id path parameter of single-object routes. */
  idParam: string;
  /** operationIds of the operations the platform API description defines for this kind; absent ones are not served. */
  operations: Partial<Record<ObjectOperation, string>>;
  updateMethod?: 'put' | 'patch';
  /** The item and the create/update bodies, by their names in contract/objects.ts (or embedOps.ts). */
  schemas: {item: ObjectSchemaName; create?: ObjectSchemaName; update?: ObjectSchemaName};
  filters?: Record<string, ObjectFilter>;
  /** The list answer also carries `data` (a copy of items) and `count` (the total), as the description shows. */
  listExtras?: boolean;
  /** Fields unique within the scope (null values are not compared). */
  unique?: string[];
  /** PUT `<path>/by-<segment>/{<field>}` creates the object with that field's value or updates the one holding it. */
  upsertBy?: {field: string; segment: string; operationId: string; pattern: RegExp};
  /** Fields that must name an existing object of a kind in the same scope. */
  refs?: Record<string, string>;
  /** Fields a `null` in an update clears; for the others `null` means "leave as is". */
  clearable?: string[];
  /** Fields stored but never answered, and never shown. */
  hidden?: string[];
  /**
   * What a management credential needs: `read` for list and get, `write` for create, update, upsert and delete, at
   * the level of the deployment in the path for deployment objects and at account level for the others.
   */
  permission: {read: Permission; write: Permission};
  /** Its command group (`svc <name> list|get|create|update|delete`); none: no command group of its own. */
  command?: {
    name: string;
    aliases: string[];
    /** Singular noun for messages: "Deleted folder 5". */
    noun: string;
    description: string;
    /** Table columns: header and field. */
    columns: Array<[string, string]>;
    /** What the platform API does not offer for this kind (said in the group's help, so nobody looks for it). */
    notOffered?: string;
  };
  /** Its view in the console (needs `command`: the `:` names are the group's name and aliases). */
  console?: {
    /** Screen id suffix: `res:<id>`. */
    id: string;
    title: string;
    /** The console type the palette lists it after; absent: last. */
    after?: string;
    /** What the editor starts from when creating one. */
    template: Record<string, unknown>;
    /** @default the command's columns */
    columns?: Array<[string, ConsoleCell]>;
  };
}

/** operationIds as the platform API names them: `get<Plural>` lists, `<operation><Singular>` the others. */
export function operationIds(singular: string, operations: readonly ObjectOperation[], plural = `${singular}s`): ObjectKind['operations'] {
  return Object.fromEntries(operations.map((op) => [op, op === 'list' ? `get${plural}` : `${op}${singular}`]));
}
