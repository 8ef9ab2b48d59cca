// Resolves the member names of a query (`cube.member` or `view.member`) against the compiled model.
import type {
  CompiledCube, CompiledDimension, CompiledMeasure, CompiledModel, CompiledSegment, CompiledView, DimensionType, MeasureType,
} from '../compiler/types.js';
import {titleOf} from '../compiler/index.js';
import {QueryError} from './types.js';

export type MemberKind = 'measure' | 'dimension' | 'segment';

interface Common {
  /** The name as the query spelled it; also the key in result rows. */
  name: string;
  cube: CompiledCube;
  /** Cubes the member's SQL reads, which the join tree must contain. */
  cubes: string[];
  title: string;
  shortTitle: string;
}
export type ResolvedMeasure = Common & {kind: 'measure'; type: MeasureType; measure: CompiledMeasure};
export type ResolvedDimension = Common & {kind: 'dimension'; type: DimensionType; dimension: CompiledDimension};
export type ResolvedSegment = Common & {kind: 'segment'; segment: CompiledSegment};
type Resolved = ResolvedMeasure | ResolvedDimension | ResolvedSegment;
type ByKind = {measure: ResolvedMeasure; dimension: ResolvedDimension; segment: ResolvedSegment};

export class MemberResolver {
  /** The view the query reads through, if it names view members. */
  view: CompiledView | undefined;
  private firstCube: string | undefined;

  constructor(private readonly model: CompiledModel) {}

  resolve<K extends MemberKind>(name: unknown, kind: K): ByKind[K] {
    if (typeof name !== 'string') throw new QueryError(`member names must be strings like "orders.count", got ${JSON.stringify(name)}`);
    const parts = name.split('.');
    if (parts.length !== 2 || !parts[0] || !parts[1]) {
      throw new QueryError(`"${name}" is not a member name; use <cube>.<member>, e.g. "orders.count"`);
    }
    const [owner, memberName] = parts as [string, string];
    const view = this.model.views.get(owner);
    let cube: CompiledCube | undefined;
    let member = memberName;
    if (view) {
      const entry = view.members.get(memberName);
      if (!entry) throw new QueryError(`"${name}" is not a member of view "${owner}"`);
      this.useView(view, name);
      cube = this.model.cubes.get(entry.cube)!;
      member = entry.member;
    } else {
      cube = this.model.cubes.get(owner);
      if (!cube) throw new QueryError(`"${name}" is not a member of any cube or view`);
      this.useCube(owner, name);
    }
    const found = lookup(cube, member, name);
    if (found.kind !== kind) {
      throw new QueryError(`"${name}" is a ${found.kind}; list it under ${found.kind}s, not as a ${kind}`);
    }
    return found as ByKind[K];
  }

  private useView(view: CompiledView, name: string): void {
    if (this.firstCube) throw mixed(name, `cube "${this.firstCube}"`);
    if (this.view && this.view !== view) throw mixed(name, `view "${this.view.name}"`);
    this.view = view;
  }

  private useCube(cube: string, name: string): void {
    if (this.view) throw mixed(name, `view "${this.view.name}"`);
    this.firstCube ??= cube;
  }
}

function mixed(name: string, other: string): QueryError {
  return new QueryError(`"${name}" cannot be queried together with members of ${other}; query one view, or cubes only`);
}

function lookup(cube: CompiledCube, member: string, name: string): Resolved {
  const common = (title: string) => ({name, cube, title: `${titleOf(cube.name)} ${title}`, shortTitle: title});
  const measure = cube.measures.get(member);
  if (measure) return {...common(measure.title), kind: 'measure', type: measure.type, measure, cubes: [cube.name]};
  const dimension = cube.dimensions.get(member);
  if (dimension) return {...common(dimension.title), kind: 'dimension', type: dimension.type, dimension, cubes: dimension.cubes};
  const segment = cube.segments.get(member);
  if (segment) return {...common(segment.name), kind: 'segment', segment, cubes: segment.cubes};
  throw new QueryError(`"${name}" is not a member of cube "${cube.name}"`);
}
