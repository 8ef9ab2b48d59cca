// Resolves `{CUBE}`, `{member}`, `{cube}` and `{cube.member}` references in member SQL into SQL over quoted
// cube aliases, remembering which cubes each expression reads so the query engine can join them.
import type {RawCube, RawDimension, RawMeasure} from './raw.js';
import {IDENTIFIER} from './yamlNodes.js';

export const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

const REFERENCE = /\$?\{([^{}]*)\}/g;

export class ReferenceError extends Error {}

export interface Resolved {
  sql: string;
  cubes: Set<string>;
}

type Context =
  | {kind: 'dimension'; owner: string}
  | {kind: 'measure'; owner: string; allowMeasures: boolean}
  | {kind: 'join'; owner: string; target: string};

export class Resolver {
  private readonly dimensions = new Map<string, Resolved>();
  private readonly measures = new Map<string, string>();
  private readonly active = new Set<string>();

  constructor(private readonly cubes: Map<string, RawCube>) {}

  dimension(cube: RawCube, dim: RawDimension): Resolved {
    return this.memo(this.dimensions, `${cube.name}.${dim.name}`, () =>
      this.expand(dim.sql, {kind: 'dimension', owner: cube.name}));
  }

  /** The aggregate SQL of a measure. */
  measure(cube: RawCube, m: RawMeasure): string {
    return this.memo(this.measures, `${cube.name}.${m.name}`, () => aggregate(m, (text, allowMeasures) =>
      this.expand(text, {kind: 'measure', owner: cube.name, allowMeasures}).sql, () => this.rowKey(cube)));
  }

  /**
   * What is NULL in a row a LEFT JOIN made up for `cube` and in none of its own rows: its primary key, when that reads
   * the cube alone (a key that does not compile is reported as the dimension's error). Without one nothing is: a real
   * row may be NULL in every column the model names.
   */
  private rowKey(cube: RawCube): string | undefined {
    const pk = cube.dimensions.find((d) => d.primaryKey);
    try {
      const resolved = pk && this.dimension(cube, pk);
      return resolved?.cubes.size === 1 ? resolved.sql : undefined;
    } catch (e) {
      if (e instanceof ReferenceError) return undefined;
      throw e;
    }
  }

  segment(cube: RawCube, sql: string): Resolved {
    return this.expand(sql, {kind: 'dimension', owner: cube.name});
  }

  join(cube: RawCube, target: string, sql: string): Resolved {
    return this.expand(sql, {kind: 'join', owner: cube.name, target});
  }

  private memo<T>(cache: Map<string, T>, key: string, compute: () => T): T {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    if (this.active.has(key)) throw new ReferenceError(`circular reference through ${key}`);
    this.active.add(key);
    try {
      const value = compute();
      cache.set(key, value);
      return value;
    } finally {
      this.active.delete(key);
    }
  }

  private expand(text: string, ctx: Context): Resolved {
    const cubes = new Set<string>([ctx.owner]);
    if (IDENTIFIER.test(text.trim())) return {sql: `${quote(ctx.owner)}.${quote(text.trim())}`, cubes};
    const sql = text.replace(REFERENCE, (_match, inner: string) => this.reference(inner.trim(), ctx, cubes));
    return {sql, cubes};
  }

  private reference(ref: string, ctx: Context, cubes: Set<string>): string {
    const parts = ref.split('.');
    if (parts.length > 2 || parts.some((p) => !IDENTIFIER.test(p))) throw new ReferenceError(`{${ref}} is not a valid reference`);
    const [head = '', member] = parts;
    const owner = this.cubes.get(ctx.owner);
    if (member === undefined) {
      if (head === 'CUBE') return quote(ctx.owner);
      if (owner && hasMember(owner, head)) return this.member(owner, head, ctx, cubes);
      if (this.cubes.has(head)) return this.cubeAlias(head, ctx, cubes);
      throw new ReferenceError(`{${ref}} is not a cube or a member of "${ctx.owner}"`);
    }
    const cubeName = head === 'CUBE' ? ctx.owner : head;
    const cube = this.cubes.get(cubeName);
    if (!cube) throw new ReferenceError(`{${ref}} refers to an unknown cube "${cubeName}"`);
    this.cubeAlias(cubeName, ctx, cubes);
    if (!hasMember(cube, member)) throw new ReferenceError(`{${ref}}: "${member}" is not a member of cube "${cubeName}"`);
    return this.member(cube, member, ctx, cubes);
  }

  private cubeAlias(name: string, ctx: Context, cubes: Set<string>): string {
    if (ctx.kind === 'measure' && name !== ctx.owner) {
      throw new ReferenceError(`a measure may only read its own cube, not "${name}"`);
    }
    if (ctx.kind === 'join' && name !== ctx.owner && name !== ctx.target) {
      throw new ReferenceError(`a join to "${ctx.target}" may only reference "${ctx.owner}" and "${ctx.target}", not "${name}"`);
    }
    cubes.add(name);
    return quote(name);
  }

  private member(cube: RawCube, name: string, ctx: Context, cubes: Set<string>): string {
    const dim = cube.dimensions.find((d) => d.name === name);
    if (dim) {
      const resolved = this.dimension(cube, dim);
      for (const c of resolved.cubes) this.cubeAlias(c, ctx, cubes);
      return `(${resolved.sql})`;
    }
    const measure = cube.measures.find((m) => m.name === name);
    if (measure) {
      if (ctx.kind !== 'measure' || !ctx.allowMeasures) {
        throw new ReferenceError(`{${cube.name}.${name}} is a measure; only measures of type number may reference measures`);
      }
      return `(${this.measure(cube, measure)})`;
    }
    throw new ReferenceError(`{${cube.name}.${name}} is a segment and cannot be used in an expression`);
  }
}

function hasMember(cube: RawCube, name: string): boolean {
  return [cube.dimensions, cube.measures, cube.segments].some((list) => list.some((m) => m.name === name));
}

function aggregate(m: RawMeasure, expand: (text: string, allowMeasures: boolean) => string, rowKey: () => string | undefined): string {
  if (m.type === 'number') {
    if (m.filters.length > 0) throw new ReferenceError('filters are not supported on measures of type number');
    return expand(m.sql ?? '', true);
  }
  const condition = m.filters.map((f) => `(${expand(f, false)})`).join(' AND ');
  const value = m.sql === undefined ? undefined : expand(m.sql, false);
  const guarded = (expr: string): string => (condition ? `CASE WHEN ${condition} THEN ${expr} END` : expr);
  switch (m.type) {
    case 'count': {
      // A count without sql counts its cube's rows: COUNT(*) would also count the row of NULLs a LEFT JOIN makes up
      // where this cube has no match (a user without orders: orders.count 1, not 0). So it counts the primary key.
      // A cube without one keeps COUNT(*): right where it is the query's root, one too many for each row a LEFT JOIN
      // makes up where it is joined (a query that repeats its rows is refused already: sql.ts distinctGroup).
      const key = value ?? rowKey();
      return key === undefined && !condition ? 'COUNT(*)' : `COUNT(${guarded(key ?? '1')})`;
    }
    case 'count_distinct':
      return `COUNT(DISTINCT ${guarded(value ?? '1')})`;
    default:
      return `${m.type.toUpperCase()}(${guarded(value ?? '1')})`;
  }
}
