// Data model file paths and trees: validation of paths a client sends, the tree the files endpoint answers,
// and the size limits. (Content and tree hashes: store/trees.ts.)
import type {SourceTreeNode, TreeNode} from '../../../contract/dataModel.js';
import {HttpFailure, badRequest} from '../../errors.js';

export const MAX_FILE_BYTES = 1024 * 1024;
export const MAX_REQUEST_BYTES = 8 * 1024 * 1024;


/**
 * A client path (`model/cubes/a.yml` or `/model/cubes/a.yml`) as the stored project-relative path. Rejects
 * anything that could leave the project or confuse a file system: `..`, `.` segments, empty segments,
 * backslashes, NUL and other control characters.
 */
export function normalisePath(path: string): string {
  const rel = path.replace(/^\/+/, '');
  const fail = (why: string) => badRequest(`invalid file path "${path.replace(/[\x00-\x1f]/g, '?')}": ${why}`);
  if (rel === '') throw fail('it names no file');
  if (rel.length > 512) throw fail('longer than 512 characters');
  if (/[\x00-\x1f\x7f]/.test(rel)) throw fail('control characters (such as NUL) are not allowed');
  if (rel.includes('\\')) throw fail('use / to separate directories');
  if (/^[A-Za-z]:/.test(rel)) throw fail('absolute paths are not allowed');
  const segments = rel.split('/');
  if (segments.some((s) => s === '..')) throw fail('".." is not allowed');
  if (segments.some((s) => s === '' || s === '.')) throw fail('empty or "." segments are not allowed');
  return rel;
}

export function checkSize(path: string, content: string): void {
  const bytes = Buffer.byteLength(content, 'utf8');
  if (bytes > MAX_FILE_BYTES) {
    throw new HttpFailure(413, `file ${path} is ${bytes} bytes; the limit is ${MAX_FILE_BYTES} bytes (1 MiB) per file`);
  }
}

/** The nested tree of a branch's files; directories first, then files, each by name. */
export function buildTree(files: Array<{path: string; content: string}>, withContent: boolean): SourceTreeNode[] {
  const root: TreeNode = {path: '', type: 'directory', children: []};
  for (const file of files) {
    const segments = file.path.split('/');
    let dir = root;
    segments.slice(0, -1).forEach((segment) => {
      const path = `${dir.path}/${segment}`;
      let next = dir.children.find((n) => n.path === path && n.type === 'directory');
      if (!next) {
        next = {path, type: 'directory', children: []};
        dir.children.push(next);
      }
      dir = next;
    });
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
