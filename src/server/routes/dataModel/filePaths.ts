// Data model file paths and trees: validation of paths a client sends, the tree the files endpoint answers,
// and the size limits. (Content and tree hashes: store/trees.ts.)
import type {SourceTreeNode, TreeNode} from '../../../contract/dataModel.js';
import {HttpFailure, badRequest, conflict} from '../../errors.js';
import {nameTextProblem, printableName} from '../../../contract/names.js';

export const MAX_FILE_BYTES = 1024 * 1024;
export const MAX_REQUEST_BYTES = 8 * 1024 * 1024;

/**
 * A client path (`model/cubes/a.yml` or `/model/cubes/a.yml`) as the stored project-relative path, in Unicode
 * NFC (so an NFD spelling from macOS names the same file). Rejects anything that could leave the project or
 * confuse a file system or a reader: `..`, `.` segments, empty segments, backslashes, and what the name rule of
 * contract/names.ts refuses (control, format and invisible characters; look-alike letters mixed in one segment).
 */
export function normalisePath(path: string): string {
  const rel = path.replace(/^\/+/, '').normalize('NFC');
  const fail = (why: string) => badRequest(`invalid file path "${printableName(path)}": ${why}`);
  if (rel === '') throw fail('it names no file');
  if (rel.length > 512) throw fail('longer than 512 characters');
  const text = nameTextProblem(rel);
  if (text !== undefined) throw fail(`it ${text}`);
  if (rel.includes('\\')) throw fail('use / to separate directories');
  if (/^[A-Za-z]:/.test(rel)) throw fail('absolute paths are not allowed');
  const segments = rel.split('/');
  if (segments.some((s) => s === '..')) throw fail('".." is not allowed');
  if (segments.some((s) => s === '' || s === '.')) throw fail('empty or "." segments are not allowed');
  return rel;
}

/** Refuses a tree in which a file and a directory share a name (`a.yml` and `a.yml/b.yml`): 409. */
export function checkTree(paths: Iterable<string>): void {
  const all = new Set(paths);
  for (const path of all) {
    const segments = path.split('/');
    for (let i = 1; i < segments.length; i++) {
      const dir = segments.slice(0, i).join('/');
      if (all.has(dir)) throw conflict(`${dir} cannot be both a file and a directory (it would hold ${path})`);
    }
  }
}

export function checkSize(path: string, content: string): void {
  const bytes = Buffer.byteLength(content, 'utf8');
  if (bytes > MAX_FILE_BYTES) {
    throw new HttpFailure(413, `file ${path} is ${bytes} bytes; the limit is ${MAX_FILE_BYTES} bytes (1 MiB) per file`);
  }
}

/**
 * The nested tree of a branch's files; directories first, then files, each by name. Directories are found by
 * path in a map, so building is linear in the number of path segments (a search of each directory's children
 * was quadratic: RELIABILITY.md, the tree listing probe).
 */
export function buildTree(files: Array<{path: string; content: string}>, withContent: boolean): SourceTreeNode[] {
  const root: TreeNode = {path: '', type: 'directory', children: []};
  const dirs = new Map<string, TreeNode>([['', root]]);
  for (const file of files) {
    const segments = file.path.split('/');
    let dir = root;
    for (const segment of segments.slice(0, -1)) {
      const path = `${dir.path}/${segment}`;
      let next = dirs.get(path);
      if (!next) {
        next = {path, type: 'directory', children: []};
        dirs.set(path, next);
        dir.children.push(next);
      }
      dir = next;
    }
    const node: TreeNode = {path: `/${file.path}`, type: 'file', children: []};
    if (withContent) node.content = file.content;
    dir.children.push(node);
  }
  sortTree(root);
  return root.children;
}

function sortTree(node: TreeNode): void {
  node.children.sort((a, b) => (a.type === b.type ? a.path.localeCompare(b.path) : a.type === 'directory' ? -1 : 1));
  node.children.forEach(sortTree);
}
