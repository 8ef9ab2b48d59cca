// File-level three-way merge of data model trees: the base is the tree a branch last agreed with its parent on.
import {sha1, type Tree} from '../../store/trees.js';

export interface MergeResult {
  tree: Tree;
  /** Paths both sides changed differently since the base. */
  conflicts: string[];
}

/**
 * Applies what `ours` changed since `base` onto `theirs`. A path both sides changed (to different contents, or
 * one changed and the other deleted) is a conflict: it keeps `theirs`, or takes `ours` when `preferOurs`.
 */
export function mergeTrees(base: Record<string, string>, ours: Tree, theirs: Tree, preferOurs = false): MergeResult {
  const tree: Tree = new Map(theirs);
  const conflicts: string[] = [];
  const paths = new Set([...Object.keys(base), ...ours.keys(), ...theirs.keys()]);
  for (const path of [...paths].sort()) {
    const b = base[path];
    const o = ours.has(path) ? sha1(ours.get(path)!) : undefined;
    const t = theirs.has(path) ? sha1(theirs.get(path)!) : undefined;
    if (o === b || o === t) continue;
    if (t !== b) {
      conflicts.push(path);
      if (!preferOurs) continue;
    }
    if (o === undefined) tree.delete(path);
    else tree.set(path, ours.get(path)!);
  }
  return {tree, conflicts};
}
