// Query engine: answers a data API query from the sample warehouse through a branch's compiled model.
import type Database from 'better-sqlite3';
import type {CompiledModel} from '../compiler/types.js';
import {MemberResolver, type ResolvedDimension, type ResolvedMeasure} from './members.js';
import {buildJoinTree} from './joinTree.js';
import {Params, dateRangeOf, filterSql, timeSql, truncateSql} from './filters.js';
import {buildSql, type MeasureColumn, type SelectedColumn} from './sql.js';
import {shapeRows, annotate, type OutputColumn} from './output.js';
import {checkQuery} from './checkQuery.js';
import {DEFAULT_ROW_LIMIT, GRANULARITIES, QueryError, type Query, type QueryResult, type Row, type RunQueryOptions} from './types.js';
import {WarehouseSqlError, WarehouseTimeoutError, type Warehouse} from '../sample/warehouse.js';

export {QueryError, DEFAULT_ROW_LIMIT} from './types.js';
export type {Query, QueryResult, RunQueryOptions} from './types.js';

/** What one query runs (SQL and its parameters) and how its rows become the answer. */
export interface QueryPlan {
  sql: string;
  params: Record<string, string | number | null>;
  query: Query;
  outputs: OutputColumn[];
}

/** Answers `query` on a database in this thread (the engine's tests and tools; the data API uses runQueryIn). */
export function runQuery(model: CompiledModel, db: Database.Database, query: Query, options: RunQueryOptions = {}): QueryResult {
  const plan = planQuery(model, query, options);
  let rows: Row[];
  try {
    rows = db.prepare(plan.sql).all(plan.params) as Row[];
  } catch (e) {
    throw rejectedSql((e as Error).message);
  }
  return answerOf(plan, rows);
}

/**
 * Answers `query` in the warehouse's processes, as the data API does: model SQL never runs on the event loop, and a
 * statement that outlasts the warehouse's time bound is stopped and reported as a QueryError. A statement that
 * found no free process within the bound rejects with the warehouse's WarehouseBusyError (not the query's fault).
 */
export async function runQueryIn(model: CompiledModel, warehouse: Warehouse, query: Query, options: RunQueryOptions = {}): Promise<QueryResult> {
  const plan = planQuery(model, query, options);
  let rows: Row[];
  try {
    rows = await warehouse.all(plan.sql, plan.params);
  } catch (e) {
    if (e instanceof WarehouseSqlError) throw rejectedSql(e.message);
    if (e instanceof WarehouseTimeoutError) {
      throw new QueryError(`the query ran longer than ${e.timeoutMs / 1000} s, the data API's limit, and was stopped: simplify the model's SQL or the query`);
    }
    throw e;
  }
  return answerOf(plan, rows);
}

const rejectedSql = (message: string) => new QueryError(`the warehouse rejected the generated SQL: ${message}`);

const answerOf = (plan: QueryPlan, rows: Row[]): QueryResult =>
  ({query: plan.query, data: shapeRows(rows, plan.outputs), annotation: annotate(plan.outputs)});

/** The SQL that answers `query` through `model`; a query the model cannot answer is a QueryError. */
export function planQuery(model: CompiledModel, query: Query, options: RunQueryOptions = {}): QueryPlan {
  const rowLimit = options.rowLimit ?? DEFAULT_ROW_LIMIT;
  checkQuery(query, rowLimit);
  const members = new MemberResolver(model);
  const params = new Params();
  const needed: string[] = [];
  const need = (cubes: string[]): void => cubes.forEach((c) => needed.includes(c) || needed.push(c));
  const outputs: OutputColumn[] = [];
  const dimensions: SelectedColumn[] = [];
  const measures: MeasureColumn[] = [];
  const where: string[] = [];
  const having: string[] = [];

  const measureAliases = new Map<string, string>();
  const addMeasure = (m: ResolvedMeasure, hidden: boolean): string => {
    const existing = measureAliases.get(m.name);
    if (existing) return existing;
    const alias = `m${measures.length}`;
    measureAliases.set(m.name, alias);
    measures.push({alias, sql: m.measure.sql, cube: m.cube});
    outputs.push({alias, keys: hidden ? [] : [m.name], member: m, kind: 'measure'});
    need(m.cubes);
    return alias;
  };
  for (const name of query.measures ?? []) addMeasure(members.resolve(name, 'measure'), false);
  for (const name of query.dimensions ?? []) {
    const d = members.resolve(name, 'dimension');
    const alias = `d${dimensions.length}`;
    dimensions.push({alias, sql: d.type === 'time' ? timeSql(d.dimension.sql) : d.dimension.sql});
    outputs.push({alias, keys: [d.name], member: d, kind: 'dimension'});
    need(d.cubes);
  }
  for (const td of query.timeDimensions ?? []) {
    const d = members.resolve(td.dimension, 'dimension');
    if (d.type !== 'time') throw new QueryError(`"${d.name}" is a ${d.type} dimension; timeDimensions take time dimensions`);
    need(d.cubes);
    if (td.dateRange !== undefined) {
      const [from, to] = dateRangeOf(td.dateRange, `timeDimension "${d.name}"`);
      where.push(`(${timeSql(d.dimension.sql)} >= ${params.add(from)} AND ${timeSql(d.dimension.sql)} <= ${params.add(to)})`);
    }
    if (td.granularity === undefined) continue;
    if (!GRANULARITIES.includes(td.granularity)) {
      throw new QueryError(`timeDimension "${d.name}": unknown granularity "${String(td.granularity)}" (expected one of ${GRANULARITIES.join(', ')})`);
    }
    const alias = `t${dimensions.length}`;
    dimensions.push({alias, sql: truncateSql(d.dimension.sql, td.granularity)});
    outputs.push({alias, keys: [`${d.name}.${td.granularity}`, d.name], member: d, kind: 'timeDimension', granularity: td.granularity});
  }
  for (const name of query.segments ?? []) {
    const s = members.resolve(name, 'segment');
    where.push(`(${s.segment.sql})`);
    need(s.cubes);
    outputs.push({alias: '', keys: [], member: s, kind: 'segment'});
  }
  for (const f of query.filters ?? []) {
    const name = f.member ?? f.dimension;
    const what = `filter on "${String(name)}"`;
    const resolved = resolveFilterMember(members, name);
    if (resolved.kind === 'measure') {
      having.push(filterSql(`q."${addMeasure(resolved, true)}"`, 'measure', f.operator, f.values, what, params));
    } else {
      const sql = resolved.type === 'time' ? timeSql(resolved.dimension.sql) : resolved.dimension.sql;
      where.push(`(${filterSql(sql, resolved.type, f.operator, f.values, what, params)})`);
      need(resolved.cubes);
    }
  }
  if (dimensions.length === 0 && measures.length === 0) {
    throw new QueryError('the query selects nothing: give at least one measure, dimension or timeDimension with a granularity');
  }
  const tree = buildJoinTree(model, needed, members.view);
  const order = orderBy(query, outputs);
  const sql = buildSql({
    tree, dimensions, measures, where, having, order,
    limitParam: params.add(query.limit ?? rowLimit), offsetParam: params.add(query.offset ?? 0),
  });
  return {sql, params: params.values, query: {...query, limit: query.limit ?? rowLimit}, outputs};
}

function resolveFilterMember(members: MemberResolver, name: unknown): ResolvedMeasure | ResolvedDimension {
  try {
    return members.resolve(name, 'dimension');
  } catch (e) {
    if (e instanceof QueryError && / is a measure;/.test(e.message)) return members.resolve(name, 'measure');
    throw e;
  }
}

/** Explicit order, or the platform's default: first time dimension ascending, else first measure descending. */
function orderBy(query: Query, outputs: OutputColumn[]): string[] {
  const selected = outputs.filter((o) => o.keys.length > 0);
  const items: string[] = [];
  const entries = query.order === undefined
    ? defaultOrder(selected)
    : Array.isArray(query.order) ? query.order : Object.entries(query.order);
  for (const [member, direction] of entries) {
    const column = selected.find((o) => o.keys.includes(member));
    if (!column) throw new QueryError(`order by "${member}": order only by the query's own measures and dimensions`);
    if (direction !== 'asc' && direction !== 'desc') throw new QueryError(`order by "${member}": direction must be asc or desc`);
    items.push(`"${column.alias}" ${direction.toUpperCase()}`);
  }
  // Ties are broken by the dimensions so the same query always returns rows in the same order.
  for (const o of selected) if (o.kind !== 'measure' && !items.some((i) => i.startsWith(`"${o.alias}"`))) items.push(`"${o.alias}" ASC`);
  return items;
}

function defaultOrder(selected: OutputColumn[]): Array<[string, 'asc' | 'desc']> {
  const time = selected.find((o) => o.kind === 'timeDimension');
  if (time) return [[time.keys[0]!, 'asc']];
  const measure = selected.find((o) => o.kind === 'measure');
  if (measure) return [[measure.keys[0]!, 'desc']];
  return [];
}
