// What the service works from for one kind of object: its catalogue entry (contract/catalogue.ts), its schemas, and
// the behaviour table.ts gives the few kinds that need code. The generic routes (crud.ts), the JSON store
// (store/resources.ts) and the OpenAPI document all work from it; nothing is written per kind but these.
import type {z} from '@hono/zod-openapi';
import type {ObjectKind} from '../../../contract/catalogue.js';
import type {ServiceContext} from '../../context.js';
import type {Db} from '../../store/db.js';
import type {ResourceRow} from '../../store/resources.js';

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

/** What only code can say about a kind: none of it is needed for a kind the catalogue alone describes. */
export interface ResourceBehaviour {
  /** Fields the list and get answers add from other tables (e.g. a report's owner). */
  enrich?: (ctx: ServiceContext, row: ResourceRow) => Record<string, unknown>;
  /** Defaults and service-assigned fields of a new object (merged under the validated body). */
  initial?: (input: Record<string, unknown>, c: CreateContext) => Record<string, unknown>;
  /** A store of the kind's own (users live in the users table); absent: the JSON resource store. */
  store?: ResourceStore;
  /** Derived fields, recomputed after every create and update. */
  derive?: (body: Record<string, unknown>) => Record<string, unknown>;
}

export interface ResourceSpec extends ObjectKind, ResourceBehaviour {
  item: z.ZodType;
  createBody?: z.ZodType;
  updateBody?: z.ZodType;
}
