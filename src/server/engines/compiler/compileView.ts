// Views: each join path must follow declared joins from one root cube; included members must exist.
import type {CompileError, CompiledModel, CompiledView, ViewMember} from './types.js';
import type {RawView, RawViewCube} from './raw.js';

export function compileView(raw: RawView, model: CompiledModel, errors: CompileError[]): CompiledView | undefined {
  const where = `view "${raw.name}"`;
  const fail = (line: number | undefined, message: string): void => {
    errors.push(line === undefined ? {file: raw.file, message: `${where}: ${message}`} : {file: raw.file, message: `${where}: ${message}`, line});
  };
  const before = errors.length;
  const members = new Map<string, ViewMember>();
  const joinPaths: string[][] = [];
  let root: string | undefined;
  for (const entry of raw.cubes) {
    const path = entry.joinPath.split('.');
    if (!followsJoins(path, model, entry, fail)) continue;
    root ??= path[0];
    if (path[0] !== root) {
      fail(entry.line, `join_path "${entry.joinPath}" must start at "${root}", like the view's first join path`);
      continue;
    }
    joinPaths.push(path);
    addMembers(entry, path.at(-1)!, model, members, fail);
  }
  if (errors.length > before || root === undefined) return undefined;
  return {name: raw.name, root, joinPaths, members, file: raw.file, ...(raw.tenants && {tenants: raw.tenants})};
}

function followsJoins(path: string[], model: CompiledModel, entry: RawViewCube, fail: (line: number | undefined, m: string) => void): boolean {
  const first = model.cubes.get(path[0]!);
  if (!first) {
    fail(entry.line, `join_path "${entry.joinPath}" starts at "${path[0]}", which is not a cube`);
    return false;
  }
  for (let i = 1; i < path.length; i++) {
    const from = model.cubes.get(path[i - 1]!);
    if (!from?.joins.has(path[i]!)) {
      fail(entry.line, `join_path "${entry.joinPath}": cube "${path[i - 1]}" declares no join to "${path[i]}"`);
      return false;
    }
  }
  return true;
}

function addMembers(
  entry: RawViewCube,
  cubeName: string,
  model: CompiledModel,
  members: Map<string, ViewMember>,
  fail: (line: number | undefined, m: string) => void,
): void {
  const cube = model.cubes.get(cubeName)!;
  const kindOf = (name: string): ViewMember['kind'] | undefined =>
    cube.measures.has(name) ? 'measure' : cube.dimensions.has(name) ? 'dimension' : cube.segments.has(name) ? 'segment' : undefined;
  for (const name of entry.excludes) {
    if (!kindOf(name)) fail(entry.line, `excludes "${name}", which is not a member of cube "${cubeName}"`);
  }
  const wanted = entry.includes === '*'
    ? [...cube.measures.keys(), ...cube.dimensions.keys(), ...cube.segments.keys()].map((name) => ({name, alias: undefined}))
    : entry.includes;
  for (const include of wanted) {
    if (entry.excludes.includes(include.name)) continue;
    const kind = kindOf(include.name);
    if (!kind) {
      fail(entry.line, `includes "${include.name}", which is not a member of cube "${cubeName}"`);
      continue;
    }
    const name = include.alias ?? (entry.prefix ? `${cubeName}_${include.name}` : include.name);
    const existing = members.get(name);
    if (existing) {
      fail(entry.line, `member "${name}" is included twice (from "${existing.cube}" and "${cubeName}"); use prefix: true or an alias`);
      continue;
    }
    members.set(name, {name, cube: cubeName, member: include.name, kind});
  }
}
