// Content hashes of data-model trees (a path → content map): per file, and per tree as the revision hash.
import {createHash} from 'node:crypto';

export type Tree = Map<string, string>;

export const sha1 = (text: string): string => createHash('sha1').update(text).digest('hex');

/** The revision hash of a tree: SHA-1 over its sorted paths and their content hashes, like a git tree. */
export function treeHash(files: Tree): string {
  const lines = [...files.keys()].sort().map((path) => `${path}\0${sha1(files.get(path)!)}\n`);
  return sha1(lines.join(''));
}

/** Each file's content hash (what deploy diffs against, and the base a merge compares with). */
export function hashesOf(tree: Tree): Record<string, string> {
  return Object.fromEntries([...tree].map(([path, content]) => [path, sha1(content)]));
}
