// A branch's files as a folder tree: folders first, then files, each by name; a folder's children show only
// while it is expanded. Built from the flat path list the files query answers (pure, no React).
import type {DevFile} from '../../src/queries/dataModel.js';

export interface TreeRow {
  /** The folder or file path, project-relative (`model/cubes`, `model/cubes/orders.yml`). */
  readonly id: string;
  readonly name: string;
  readonly kind: 'folder' | 'file';
  readonly depth: number;
  /** Folders: expanded or not. */
  readonly open: boolean;
  /** Files: characters of content; folders: files below it. */
  readonly size: number;
}

interface Folder {
  readonly folders: Map<string, Folder>;
  readonly files: Map<string, DevFile>;
}

const folder = (): Folder => ({folders: new Map(), files: new Map()});
const byName = (a: string, b: string) => a.localeCompare(b);
const count = (f: Folder): number => f.files.size + [...f.folders.values()].reduce((n, c) => n + count(c), 0);

/** Rows on screen: every folder's children when `expanded` has its path, or every folder when `all`. */
export function treeRows(files: readonly DevFile[], expanded: ReadonlySet<string>, all = false): TreeRow[] {
  const root = folder();
  for (const file of files) {
    const parts = file.path.split('/');
    let dir = root;
    for (const part of parts.slice(0, -1)) {
      let next = dir.folders.get(part);
      if (!next) dir.folders.set(part, (next = folder()));
      dir = next;
    }
    dir.files.set(parts.at(-1)!, file);
  }
  const out: TreeRow[] = [];
  const walk = (dir: Folder, prefix: string, depth: number) => {
    for (const name of [...dir.folders.keys()].sort(byName)) {
      const id = `${prefix}${name}`;
      const child = dir.folders.get(name)!;
      const open = all || expanded.has(id);
      out.push({id, name, kind: 'folder', depth, open, size: count(child)});
      if (open) walk(child, `${id}/`, depth + 1);
    }
    for (const name of [...dir.files.keys()].sort(byName)) {
      out.push({id: `${prefix}${name}`, name, kind: 'file', depth, open: false, size: dir.files.get(name)!.content?.length ?? 0});
    }
  };
  walk(root, '', 0);
  return out;
}

/** The folders to open so `path` shows (every folder above it). */
export function foldersAbove(path: string): string[] {
  const parts = path.split('/').slice(0, -1);
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}

/** The folder a row sits in ('' at the top). */
export function parentOf(path: string): string {
  return path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
}
