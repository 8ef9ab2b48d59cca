// The compiled data model: what the query engine needs, with every `{reference}` in member SQL already resolved
// to SQL over quoted cube aliases. A cube appears at most once in a query's join tree, so its alias is its name.

export type MeasureType = 'count' | 'sum' | 'avg' | 'min' | 'max' | 'count_distinct' | 'number';
export type DimensionType = 'string' | 'number' | 'time' | 'boolean';
export type Relationship = 'one_to_one' | 'one_to_many' | 'many_to_one';

export const MEASURE_TYPES: readonly MeasureType[] = ['count', 'sum', 'avg', 'min', 'max', 'count_distinct', 'number'];
export const DIMENSION_TYPES: readonly DimensionType[] = ['string', 'number', 'time', 'boolean'];

/** Cube's older relationship names map onto the three current ones. */
export const RELATIONSHIP_ALIASES: Readonly<Record<string, Relationship>> = {
  one_to_one: 'one_to_one',
  one_to_many: 'one_to_many',
  many_to_one: 'many_to_one',
  has_one: 'one_to_one',
  has_many: 'one_to_many',
  belongs_to: 'many_to_one',
};

export interface CompileError {
  /** Project-relative path of the file the error was found in, e.g. `model/cubes/orders.yml`. */
  file: string;
  message: string;
  line?: number;
}

export interface CompiledDimension {
  name: string;
  type: DimensionType;
  /** Resolved SQL over quoted cube aliases. */
  sql: string;
  /** Cubes the expression reads (its own cube and any referenced through `{other.member}`). */
  cubes: string[];
  primaryKey: boolean;
  title: string;
}

export interface CompiledMeasure {
  name: string;
  type: MeasureType;
  /** The aggregate expression, e.g. `SUM("orders"."amount")`; for `number`, the expression over other measures. */
  sql: string;
  title: string;
}

export interface CompiledSegment {
  name: string;
  sql: string;
  cubes: string[];
}

export interface CompiledJoin {
  /** The target cube. */
  name: string;
  relationship: Relationship;
  /** Resolved ON condition over the two aliases. */
  sql: string;
}

export interface CompiledCube {
  name: string;
  /** A FROM item without alias: a quoted table name or a parenthesised subquery. */
  source: string;
  dimensions: Map<string, CompiledDimension>;
  measures: Map<string, CompiledMeasure>;
  segments: Map<string, CompiledSegment>;
  joins: Map<string, CompiledJoin>;
  primaryKey?: CompiledDimension;
  file: string;
  /** `meta.tenants`: visible only to these tenants (compiler/tenants.ts); undefined = everyone. */
  tenants?: string[];
}

export interface ViewMember {
  /** Name inside the view (after prefix/alias). */
  name: string;
  cube: string;
  member: string;
  kind: 'measure' | 'dimension' | 'segment';
}

export interface CompiledView {
  name: string;
  /** The cube every join path starts from. */
  root: string;
  /** Each join path as the list of cubes from the root, e.g. ['orders', 'users']. */
  joinPaths: string[][];
  members: Map<string, ViewMember>;
  file: string;
  tenants?: string[];
}

export interface CompiledModel {
  cubes: Map<string, CompiledCube>;
  views: Map<string, CompiledView>;
}

export interface CompileResult {
  valid: boolean;
  errors: CompileError[];
  cubesCount: number;
  viewsCount: number;
  model: CompiledModel;
}

export interface ModelFile {
  path: string;
  content: string;
}
