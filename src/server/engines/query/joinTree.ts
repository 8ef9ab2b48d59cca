// Picks the join tree a query runs over and finds which cubes' rows it multiplies (fan-out), so their measures
// can be computed over distinct primary keys instead of over duplicated rows.
import type {CompiledCube, CompiledJoin, CompiledModel, CompiledView} from '../compiler/types.js';
import {quote} from '../compiler/references.js';
import {QueryError} from './types.js';

export interface TreeNode {
  cube: CompiledCube;
  parent?: string;
  join?: CompiledJoin;
}

export interface JoinTree {
  /** Parents before children; the first node is the root. */
  nodes: TreeNode[];
  /** Cubes whose rows appear more than once in the joined rows. */
  multiplied: Set<string>;
}

/** `needed` in the order the query mentions cubes: the first one that reaches all the others becomes the root. */
export function buildJoinTree(model: CompiledModel, needed: string[], view?: CompiledView): JoinTree {
  const parents = view ? viewParents(view, needed) : cubeParents(model, needed);
  const order: string[] = [];
  const visit = (name: string): void => {
    if (order.includes(name)) return;
    const parent = parents.get(name);
    if (parent) visit(parent);
    order.push(name);
  };
  for (const name of parents.keys()) visit(name);
  const nodes = order.map((name): TreeNode => {
    const cube = model.cubes.get(name)!;
    const parent = parents.get(name);
    return parent ? {cube, parent, join: model.cubes.get(parent)!.joins.get(name)!} : {cube};
  });
  return {nodes, multiplied: multipliedCubes(nodes)};
}

function cubeParents(model: CompiledModel, needed: string[]): Map<string, string | undefined> {
  for (const root of needed) {
    const reached = new Map<string, string | undefined>([[root, undefined]]);
    const queue = [root];
    while (queue.length > 0) {
      const from = queue.shift()!;
      for (const to of model.cubes.get(from)!.joins.keys()) {
        if (reached.has(to)) continue;
        reached.set(to, from);
        queue.push(to);
      }
    }
    if (!needed.every((n) => reached.has(n))) continue;
    const parents = new Map<string, string | undefined>();
    for (let name of needed) {
      while (!parents.has(name)) {
        const parent = reached.get(name);
        parents.set(name, parent);
        if (parent === undefined) break;
        name = parent;
      }
    }
    return parents;
  }
  throw new QueryError(
    `cannot join ${needed.map((n) => `"${n}"`).join(', ')}: none of these cubes reaches all the others through its declared joins`,
  );
}

function viewParents(view: CompiledView, needed: string[]): Map<string, string | undefined> {
  const parents = new Map<string, string | undefined>([[view.root, undefined]]);
  for (const name of needed) {
    const path = view.joinPaths.find((p) => p.includes(name));
    if (!path) throw new QueryError(`cube "${name}" is not on any join path of view "${view.name}"`);
    for (let i = 1; i <= path.indexOf(name); i++) parents.set(path[i]!, path[i - 1]!);
  }
  return parents;
}

function multipliedCubes(nodes: TreeNode[]): Set<string> {
  const subtree = (name: string): Set<string> => {
    const found = new Set([name]);
    for (const node of nodes) if (node.parent && found.has(node.parent)) found.add(node.cube.name);
    return found;
  };
  const multiplied = new Set<string>();
  for (const node of nodes) {
    if (!node.join || node.join.relationship === 'one_to_one') continue;
    const below = subtree(node.cube.name);
    // one_to_many: each parent-side row meets many child rows; many_to_one: each child row meets many parent rows.
    for (const other of nodes) {
      const inBelow = below.has(other.cube.name);
      if (node.join.relationship === 'one_to_many' ? !inBelow : inBelow) multiplied.add(other.cube.name);
    }
  }
  return multiplied;
}

export function fromClause(tree: JoinTree): string {
  return tree.nodes
    .map((node) => node.join
      ? `LEFT JOIN ${node.cube.source} AS ${quote(node.cube.name)} ON ${node.join.sql}`
      : `${node.cube.source} AS ${quote(node.cube.name)}`)
    .join('\n  ');
}
