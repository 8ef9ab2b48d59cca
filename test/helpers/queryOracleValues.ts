// The SQL semantics the query oracle (queryOracle.ts) needs, written out in TypeScript: values and their truth,
// time values and their truncation, aggregates, filter operators and ORDER BY's comparison.

export type Value = string | number | null;
export type DbRow = Record<string, Value>;
/** One joined row: each cube of the join tree to its row, or undefined where the LEFT JOIN found none. */
export type Wide = Record<string, DbRow | undefined>;
/** Member SQL as a function of a joined row; `sides` the two operands of an equality (what a join's ON is). */
export interface Expr {cubes: Set<string>; at: (w: Wide) => Value; sides?: [Expr, Expr]}
export type OracleRow = Record<string, string | number | boolean | null>;

/** What the oracle cannot evaluate: a member's SQL outside its grammar, a measure type, a cube that is no plain table. */
export class Unsupported extends Error {}

/** SQL's truth of a value in WHERE or CASE WHEN: not NULL and not zero (text as the number it starts with). */
export const sqlTruthy = (v: Value): boolean => v !== null && (typeof v === 'number' ? v !== 0 : Number.parseFloat(v) !== 0 && !Number.isNaN(Number.parseFloat(v)));

/** Memoised by its argument: the warehouse holds a few thousand distinct times, read again by every query. */
function memo<T>(compute: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    if (!cache.has(key)) cache.set(key, compute(key));
    return cache.get(key)!;
  };
}

/** A time value as `YYYY-MM-DDTHH:MM:SS.SSS` (UTC, as the warehouse stores it). */
const timeText = memo((v) => {
  const ms = Date.parse(/[Zz]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v.replace(' ', 'T')}Z`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString().slice(0, 23);
});
export const timeOf = (v: Value): string | null => (v === null ? null : timeText(String(v)));

export function valueOf(v: Value, type: string): Value {
  if (type === 'time') return timeOf(v);
  if (type === 'number' && v !== null) return Number(v);
  return v;
}

export const truncate = (t: string | null, granularity: string): string | null => (t === null ? null : truncated(`${granularity} ${t}`));

const truncated = memo((key) => {
  const [granularity, t] = key.split(' ') as [string, string];
  const d = new Date(`${t}Z`);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
  const at = (ms: number) => new Date(ms).toISOString().slice(0, 23);
  switch (granularity) {
    case 'hour': return at(Date.UTC(y, m, day, d.getUTCHours()));
    case 'day': return at(Date.UTC(y, m, day));
    case 'week': return at(Date.UTC(y, m, day - ((d.getUTCDay() + 6) % 7)));
    case 'month': return at(Date.UTC(y, m, 1));
    case 'quarter': return at(Date.UTC(y, m - (m % 3), 1));
    case 'year': return at(Date.UTC(y, 0, 1));
  }
  throw new Unsupported(`granularity ${granularity}`);
});

export function aggregate(parts: {value?: Expr; filters: Expr[]}, type: string, rows: Iterable<Wide>): number | null {
  const values: Array<string | number> = [];
  for (const w of rows) {
    if (!parts.filters.every((f) => sqlTruthy(f.at(w)))) continue;
    const v = parts.value ? parts.value.at(w) : 1;
    if (v !== null) values.push(v);
  }
  switch (type) {
    case 'count': return values.length;
    case 'count_distinct': return new Set(values).size;
    case 'sum': return values.length === 0 ? null : values.reduce<number>((s, v) => s + Number(v), 0);
    case 'avg': return values.length === 0 ? null : values.reduce<number>((s, v) => s + Number(v), 0) / values.length;
    case 'min': return values.length === 0 ? null : Math.min(...values.map(Number));
    case 'max': return values.length === 0 ? null : Math.max(...values.map(Number));
  }
  throw new Unsupported(`measure type ${type}`);
}

/** A filter on one value, as the platform defines its operators (contains and friends: ASCII case-insensitive). */
export function matcher(operator: string, values: string[], type: string): (v: Value) => boolean {
  const wanted = values.map((s): Value => (type === 'number' ? Number(s) : type === 'boolean' ? (s === 'true' ? 1 : 0) : s));
  const folded = values.map(fold);
  const [first] = wanted as [Value];
  switch (operator) {
    case 'set': return (v) => v !== null;
    case 'notSet': return (v) => v === null;
    case 'equals': return (v) => v !== null && wanted.includes(v);
    case 'notEquals': return (v) => v === null || !wanted.includes(v);
    case 'contains': return (v) => v !== null && folded.some((s) => fold(String(v)).includes(s));
    case 'notContains': return (v) => v === null || !folded.some((s) => fold(String(v)).includes(s));
    case 'startsWith': return (v) => v !== null && folded.some((s) => fold(String(v)).startsWith(s));
    case 'endsWith': return (v) => v !== null && folded.some((s) => fold(String(v)).endsWith(s));
    case 'gt': return (v) => v !== null && v > first!;
    case 'gte': return (v) => v !== null && v >= first!;
    case 'lt': return (v) => v !== null && v < first!;
    case 'lte': return (v) => v !== null && v <= first!;
  }
  throw new Unsupported(`operator ${operator}`);
}

/** SQLite's LIKE folds the case of ASCII letters only. */
const fold = (s: string): string => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

const rank = (v: OracleRow[string]): number => (v === null ? 0 : typeof v === 'string' ? 2 : 1);

/** SQL's ascending order: NULL first, then numbers (booleans as 0/1), then text by code unit. */
export function compareSql(a: OracleRow[string], b: OracleRow[string]): number {
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  const [x, y] = [typeof a === 'boolean' ? Number(a) : a, typeof b === 'boolean' ? Number(b) : b];
  return x! < y! ? -1 : x! > y! ? 1 : 0;
}
