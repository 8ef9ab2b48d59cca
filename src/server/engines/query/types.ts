// The query the data API's /load endpoint accepts, in the platform's JSON shape, and what it answers.
import type {DimensionType, MeasureType} from '../compiler/types.js';

export const FILTER_OPERATORS = [
  'equals', 'notEquals', 'contains', 'notContains', 'startsWith', 'endsWith', 'gt', 'gte', 'lt', 'lte', 'set', 'notSet',
  'inDateRange', 'notInDateRange', 'beforeDate', 'afterDate',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const GRANULARITIES = ['hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export type FilterValue = string | number | boolean;

export interface QueryFilter {
  member?: string;
  /** The platform's older spelling of `member`. */
  dimension?: string;
  operator: FilterOperator;
  values?: FilterValue[];
}

export interface TimeDimension {
  dimension: string;
  granularity?: Granularity;
  dateRange?: [string, string] | string;
}

export type OrderDirection = 'asc' | 'desc';

export interface Query {
  measures?: string[];
  dimensions?: string[];
  segments?: string[];
  filters?: QueryFilter[];
  timeDimensions?: TimeDimension[];
  order?: Record<string, OrderDirection> | Array<[string, OrderDirection]>;
  limit?: number;
  offset?: number;
}

export interface RunQueryOptions {
  /** Most rows one query may return; also the default limit. */
  rowLimit?: number;
}

export const DEFAULT_ROW_LIMIT = 10_000;

export type Row = Record<string, string | number | boolean | null>;

export interface MemberAnnotation {
  title: string;
  shortTitle: string;
  type: MeasureType | DimensionType;
}

export interface QueryResult {
  query: Query;
  data: Row[];
  annotation: {
    measures: Record<string, MemberAnnotation>;
    dimensions: Record<string, MemberAnnotation>;
    segments: Record<string, MemberAnnotation>;
    timeDimensions: Record<string, MemberAnnotation>;
  };
}

/** A query the model cannot answer: the caller's mistake, reported with a message naming what to fix. */
export class QueryError extends Error {
  override readonly name = 'QueryError';
}
