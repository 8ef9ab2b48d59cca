// Filter conditions and time handling. Every value travels as a bound parameter; only member SQL from the
// compiled model and fixed keywords are written into the statement.
import type {DimensionType} from '../compiler/types.js';
import {QueryError, type FilterOperator, type FilterValue, type Granularity} from './types.js';

export class Params {
  readonly values: Record<string, string | number | null> = {};
  private next = 0;

  add(value: string | number | null): string {
    const key = `p${this.next++}`;
    this.values[key] = value;
    return `@${key}`;
  }
}

/** Normalises any SQLite-readable time value to `YYYY-MM-DDTHH:MM:SS.SSS`, the form results and ranges use. */
export const timeSql = (sql: string): string => `strftime('%Y-%m-%dT%H:%M:%f', ${sql})`;

export function truncateSql(sql: string, granularity: Granularity): string {
  const t = timeSql(sql);
  switch (granularity) {
    case 'hour': return `strftime('%Y-%m-%dT%H:00:00.000', ${t})`;
    case 'day': return `strftime('%Y-%m-%dT00:00:00.000', ${t})`;
    // ISO weeks start on Monday: step to the week's Sunday, then back six days.
    case 'week': return `strftime('%Y-%m-%dT00:00:00.000', ${t}, 'weekday 0', '-6 days')`;
    case 'month': return `strftime('%Y-%m-01T00:00:00.000', ${t})`;
    case 'quarter':
      return `(strftime('%Y-', ${t}) || printf('%02d', ((CAST(strftime('%m', ${t}) AS INTEGER) - 1) / 3) * 3 + 1) || '-01T00:00:00.000')`;
    case 'year': return `strftime('%Y-01-01T00:00:00.000', ${t})`;
  }
}

const DATE = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(?:Z|[+-]00:?00)?)?$/;

/** A date or timestamp from a query as `YYYY-MM-DDTHH:MM:SS.SSS`; a bare date means its first or last instant. */
export function normaliseTime(value: FilterValue, end: 'start' | 'end', what: string): string {
  const match = typeof value === 'string' ? DATE.exec(value.trim()) : null;
  if (!match || Number.isNaN(Date.parse(match[1]!))) {
    throw new QueryError(`${what}: "${String(value)}" is not a date (use YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS)`);
  }
  const [, day, hh, mm, ss, ms] = match;
  if (hh === undefined) return `${day}T${end === 'start' ? '00:00:00.000' : '23:59:59.999'}`;
  return `${day}T${hh}:${mm}:${ss ?? '00'}.${(ms ?? '').padEnd(3, '0')}`;
}

export function dateRangeOf(range: unknown, what: string): [string, string] {
  if (!Array.isArray(range) || range.length !== 2) {
    throw new QueryError(`${what}: dateRange must be [from, to]; relative ranges such as "last week" are not supported by the local service`);
  }
  const from = normaliseTime(range[0] as FilterValue, 'start', what);
  const to = normaliseTime(range[1] as FilterValue, 'end', what);
  if (from > to) throw new QueryError(`${what}: dateRange starts after it ends`);
  return [from, to];
}

type ValueType = DimensionType | 'measure';

function coerce(value: FilterValue, type: ValueType, what: string): string | number {
  if (type === 'number' || type === 'measure') {
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    if (!Number.isFinite(n)) throw new QueryError(`${what}: "${String(value)}" is not a number`);
    return n;
  }
  if (type === 'boolean') {
    if (value === true || value === 'true' || value === 1 || value === '1') return 1;
    if (value === false || value === 'false' || value === 0 || value === '0') return 0;
    throw new QueryError(`${what}: "${String(value)}" is not true or false`);
  }
  if (type === 'time') return normaliseTime(value, 'start', what);
  return String(value);
}

const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const NUMERIC_ONLY: readonly FilterOperator[] = ['equals', 'notEquals', 'gt', 'gte', 'lt', 'lte', 'set', 'notSet'];
const DATE_OPERATORS: readonly FilterOperator[] = ['inDateRange', 'notInDateRange', 'beforeDate', 'afterDate'];
const COMPARE: Partial<Record<FilterOperator, string>> = {gt: '>', gte: '>=', lt: '<', lte: '<='};

/** One filter as a SQL condition over `sql` (already normalised with timeSql for time members). */
export function filterSql(sql: string, type: ValueType, operator: FilterOperator, values: FilterValue[] | undefined, what: string, params: Params): string {
  const list = values ?? [];
  if (type === 'measure' && !NUMERIC_ONLY.includes(operator)) throw new QueryError(`${what}: operator "${operator}" does not apply to measures`);
  if (DATE_OPERATORS.includes(operator) && type !== 'time') throw new QueryError(`${what}: operator "${operator}" needs a time dimension`);
  const needValues = (count?: number): void => {
    if (list.length === 0 || (count !== undefined && list.length !== count)) {
      throw new QueryError(`${what}: operator "${operator}" needs ${count === undefined ? 'at least one value' : count === 1 ? 'exactly one value' : `${count} values`}`);
    }
  };
  const bind = (v: FilterValue): string => params.add(coerce(v, type, what));
  switch (operator) {
    case 'set': return `${sql} IS NOT NULL`;
    case 'notSet': return `${sql} IS NULL`;
    case 'equals':
      needValues();
      return `${sql} IN (${list.map(bind).join(', ')})`;
    case 'notEquals':
      needValues();
      return `(${sql} NOT IN (${list.map(bind).join(', ')}) OR ${sql} IS NULL)`;
    case 'contains': case 'notContains': case 'startsWith': case 'endsWith': {
      needValues();
      const pattern = (v: FilterValue): string => {
        const text = likeEscape(String(v));
        return params.add(operator === 'startsWith' ? `${text}%` : operator === 'endsWith' ? `%${text}` : `%${text}%`);
      };
      const any = `(${list.map((v) => `${sql} LIKE ${pattern(v)} ESCAPE '\\'`).join(' OR ')})`;
      return operator === 'notContains' ? `(NOT ${any} OR ${sql} IS NULL)` : any;
    }
    case 'gt': case 'gte': case 'lt': case 'lte':
      needValues(1);
      return `${sql} ${COMPARE[operator]} ${bind(list[0]!)}`;
    case 'beforeDate': case 'afterDate':
      needValues(1);
      return `${sql} ${operator === 'beforeDate' ? '<' : '>'} ${params.add(normaliseTime(list[0]!, operator === 'beforeDate' ? 'start' : 'end', what))}`;
    case 'inDateRange': case 'notInDateRange': {
      needValues(2);
      const [from, to] = dateRangeOf(list, what);
      return operator === 'inDateRange'
        ? `(${sql} >= ${params.add(from)} AND ${sql} <= ${params.add(to)})`
        : `(${sql} < ${params.add(from)} OR ${sql} > ${params.add(to)})`;
    }
    default:
      throw new QueryError(`${what}: unknown filter operator "${String(operator)}"`);
  }
}
