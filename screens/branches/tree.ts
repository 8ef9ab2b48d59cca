// Branches as a tree: each branch under its parent, children in name order, drawn with ├─ └─ guides.
import type {BranchItem} from '../../src/api/dataModel.js';

export type BranchKind = 'deploy' | 'shared' | 'dev';

export interface BranchRow extends BranchItem {
  /** `│  └─ ` guides before the name. */
  readonly prefix: string;
  readonly kind: BranchKind;
}

export function branchKind(b: Pick<BranchItem, 'name' | 'parentBranch'>, deployBranch: string | undefined): BranchKind {
  if (deployBranch !== undefined ? b.name === deployBranch : b.parentBranch === undefined) return 'deploy';
  return b.name.startsWith('dev-') ? 'dev' : 'shared';
}

/** Depth-first order; a branch whose parent is missing from the list is drawn as a root. */
export function branchTree(branches: readonly BranchItem[], deployBranch: string | undefined): BranchRow[] {
  const names = new Set(branches.map((b) => b.name));
  const children = new Map<string | undefined, BranchItem[]>();
  for (const b of branches) {
    const parent = b.parentBranch !== undefined && names.has(b.parentBranch) && b.parentBranch !== b.name ? b.parentBranch : undefined;
    children.set(parent, [...(children.get(parent) ?? []), b]);
  }
  const byKindThenName = (a: BranchItem, b: BranchItem) =>
    Number(branchKind(b, deployBranch) === 'deploy') - Number(branchKind(a, deployBranch) === 'deploy') || a.name.localeCompare(b.name);
  const out: BranchRow[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | undefined, guides: string) => {
    const list = [...(children.get(parent) ?? [])].sort(byKindThenName);
    list.forEach((b, i) => {
      if (seen.has(b.name)) return;
      seen.add(b.name);
      const last = i === list.length - 1;
      const prefix = parent === undefined ? '' : `${guides}${last ? '└─ ' : '├─ '}`;
      out.push({...b, prefix, kind: branchKind(b, deployBranch)});
      walk(b.name, parent === undefined ? '' : `${guides}${last ? '   ' : '│  '}`);
    });
  };
  walk(undefined, '');
  return out;
}
