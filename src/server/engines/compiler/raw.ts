// Structurally valid definitions read from YAML, before references between cubes and views are resolved.
import type {DimensionType, MeasureType, Relationship} from './types.js';

export interface RawMeasure {
  name: string;
  type: MeasureType;
  sql?: string;
  filters: string[];
  title?: string;
  line?: number;
}

export interface RawDimension {
  name: string;
  type: DimensionType;
  sql: string;
  primaryKey: boolean;
  title?: string;
  line?: number;
}

export interface RawSegment {
  name: string;
  sql: string;
  line?: number;
}

export interface RawJoin {
  name: string;
  relationship: Relationship;
  sql: string;
  line?: number;
}

export interface RawCube {
  name: string;
  file: string;
  line?: number;
  sqlTable?: string;
  sql?: string;
  measures: RawMeasure[];
  dimensions: RawDimension[];
  segments: RawSegment[];
  joins: RawJoin[];
  /** `meta.tenants`: visible only to these tenants (see tenants.ts); undefined = everyone. */
  tenants?: string[];
}

export interface RawInclude {
  name: string;
  alias?: string;
}

export interface RawViewCube {
  joinPath: string;
  includes: '*' | RawInclude[];
  excludes: string[];
  prefix: boolean;
  line?: number;
}

export interface RawView {
  name: string;
  file: string;
  line?: number;
  cubes: RawViewCube[];
  tenants?: string[];
}
