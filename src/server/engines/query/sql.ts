// SQL generation. Measures of cubes the join tree multiplies are aggregated over their distinct primary keys
// (one group per such cube); the other measures share one plain GROUP BY; groups are joined on the dimensions.
import type {CompiledCube} from '../compiler/types.js';
import {quote} from '../compiler/references.js';
import {fromClause, type JoinTree} from './joinTree.js';
import {QueryError} from './types.js';

export interface SelectedColumn {
  alias: string;
  sql: string;
}

export interface MeasureColumn extends SelectedColumn {
  cube: CompiledCube;
}

export interface SqlPlan {
  tree: JoinTree;
  dimensions: SelectedColumn[];
  measures: MeasureColumn[];
  /** Conditions on rows (dimensions, segments, date ranges). */
  where: string[];
  /** Conditions on the aggregated result, over column aliases. */
  having: string[];
  /** ORDER BY items over column aliases. */
  order: string[];
  limitParam: string;
  offsetParam: string;
}

const ordinals = (n: number): string => (n === 0 ? '' : `\nGROUP BY ${Array.from({length: n}, (_, i) => i + 1).join(', ')}`);
const columns = (cols: SelectedColumn[]): string[] => cols.map((c) => `${c.sql} AS ${quote(c.alias)}`);

export function buildSql(plan: SqlPlan): string {
  const from = fromClause(plan.tree);
  const where = plan.where.length > 0 ? `\nWHERE ${plan.where.join('\n  AND ')}` : '';
  const dims = plan.dimensions;
  const plain = plan.measures.filter((m) => !plan.tree.multiplied.has(m.cube.name));
  const byCube = new Map<string, MeasureColumn[]>();
  for (const m of plan.measures) {
    if (plain.includes(m)) continue;
    byCube.set(m.cube.name, [...(byCube.get(m.cube.name) ?? []), m]);
  }
  const groups: Array<{sql: string; measures: MeasureColumn[]}> = [];
  if (plain.length > 0 || byCube.size === 0) {
    groups.push({sql: `SELECT ${[...columns(dims), ...columns(plain)].join(', ')}\nFROM ${from}${where}${ordinals(dims.length)}`, measures: plain});
  }
  for (const measures of byCube.values()) groups.push({sql: distinctGroup(measures[0]!.cube, dims, measures, from, where), measures});
  const body = groups.length === 1 ? groups[0]!.sql : combine(groups, dims);
  const having = plan.having.length > 0 ? `\nWHERE ${plan.having.join(' AND ')}` : '';
  const order = plan.order.length > 0 ? `\nORDER BY ${plan.order.join(', ')}` : '';
  return `SELECT * FROM (\n${body}\n) AS q${having}${order}\nLIMIT ${plan.limitParam} OFFSET ${plan.offsetParam}`;
}

function distinctGroup(cube: CompiledCube, dims: SelectedColumn[], measures: MeasureColumn[], from: string, where: string): string {
  const pk = cube.primaryKey;
  if (!pk || pk.cubes.some((c) => c !== cube.name)) {
    throw new QueryError(
      `cube "${cube.name}" needs a primary key dimension (primary_key: true): this query joins it one-to-many, so its measures are computed over distinct primary keys`,
    );
  }
  // The distinct keys by GROUP BY, not SELECT DISTINCT: SQLite does not flatten a subquery on the right of a LEFT JOIN
  // into a DISTINCT query, so a cube given as `sql` (a subquery) would be copied into a temporary table and searched
  // through an index built for this one statement, every time. Under GROUP BY it reads the cube's own table and indexes.
  const keys = `SELECT ${[...columns(dims), `${pk.sql} AS "__pk"`].join(', ')}\nFROM ${from}${where}${ordinals(dims.length + 1)}`;
  const outer = [...dims.map((d) => `"__k".${quote(d.alias)}`), ...columns(measures)];
  // A LEFT JOIN: a group whose rows have no row of this cube (a user without orders) has only a NULL key, and it
  // keeps its row, where a count is 0 as on the plain path, not a group missing (NULL after combine).
  return `SELECT ${outer.join(', ')}\nFROM (${keys}) AS "__k"\nLEFT JOIN ${cube.source} AS ${quote(cube.name)} ON ${pk.sql} = "__k"."__pk"${ordinals(dims.length)}`;
}

function combine(groups: Array<{sql: string; measures: MeasureColumn[]}>, dims: SelectedColumn[]): string {
  const ctes = groups.map((g, i) => `__g${i} AS (\n${g.sql}\n)`);
  const measures = groups.flatMap((g, i) => g.measures.map((m) => `__g${i}.${quote(m.alias)}`));
  if (dims.length === 0) return `WITH ${ctes.join(',\n')}\nSELECT ${measures.join(', ')} FROM ${groups.map((_, i) => `__g${i}`).join(', ')}`;
  const dimList = dims.map((d) => quote(d.alias)).join(', ');
  const keys = `__keys AS (${groups.map((_, i) => `SELECT ${dimList} FROM __g${i}`).join(' UNION ')})`;
  // IS rather than = so rows whose dimension is NULL still meet their measures.
  const joins = groups.map((_, i) => `LEFT JOIN __g${i} ON ${dims.map((d) => `__g${i}.${quote(d.alias)} IS __keys.${quote(d.alias)}`).join(' AND ')}`);
  return `WITH ${[...ctes, keys].join(',\n')}\nSELECT ${[...dims.map((d) => `__keys.${quote(d.alias)}`), ...measures].join(', ')}\nFROM __keys\n${joins.join('\n')}`;
}
