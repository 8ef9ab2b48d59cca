// Deploy, as the real client does it: walk a directory, SHA-1 every file, compare with the branch's file hashes,
// upload only the changed files, then finish with the manifest of all local files — the service prunes files
// missing from it (unless keepMissing) and triggers one build. Used by `svc deploy`; reports progress through a
// callback and never prints. Without a branch the service picks the target: the caller's dev-mode branch, else
// the deploy branch (spec rule 5), the same one for file-hashes, start and finish.
import {createHash} from 'node:crypto';
import {readdir, readFile, stat} from 'node:fs/promises';
import {join} from 'node:path';

/** Names never deployed: dot files (but .gitignore), dependencies and the generated dashboard app. */
function skipped(name: string): boolean {
  return (name.startsWith('.') && name !== '.gitignore') || name === 'node_modules' || name === 'dashboard-app';
}

/** Deployable files under `directory` as sorted POSIX paths relative to it. */
export async function collectFiles(directory: string): Promise<string[]> {
  const info = await stat(directory).catch(() => undefined);
  if (!info?.isDirectory()) throw new Error(`${directory} is not a directory`);
  const out: string[] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    const entries = await readdir(dir, {withFileTypes: true});
    for (const entry of entries) {
      if (skipped(entry.name)) continue;
      const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isDirectory()) await walk(join(dir, entry.name), rel);
      else if (entry.isFile()) out.push(rel);
    }
  };
  await walk(directory, '');
  if (out.length === 0) throw new Error(`no deployable files found in ${directory}`);
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function sha1Hex(content: Uint8Array): string {
  return createHash('sha1').update(content).digest('hex');
}

/** Lowercase hex SHA-1 of each file, read a few at a time (bounded memory, overlapped I/O). */
export async function hashFiles(directory: string, paths: readonly string[], concurrency = 32): Promise<Map<string, string>> {
  const hashes = new Array<string>(paths.length);
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const i = next++;
      hashes[i] = sha1Hex(await readFile(join(directory, paths[i]!)));
    }
  };
  await Promise.all(Array.from({length: Math.min(concurrency, paths.length)}, worker));
  return new Map(paths.map((p, i) => [p, hashes[i]!]));
}

/** The service calls a deploy needs; the command binds them to its credentials. */
export interface DeployPorts<Tx> {
  fileHashes(branchName: string | undefined): Promise<Map<string, string>>;
  startUpload(branchName: string | undefined): Promise<Tx>;
  uploadFile(tx: Tx, file: {path: string; content: Uint8Array}): Promise<void>;
  finishUpload(tx: Tx, manifest: Record<string, {hash: string}>, opts: {keepMissing: boolean; message?: string; branchName?: string}): Promise<{lastHash?: string; raw: unknown}>;
}

export interface DeployOptions {
  deploymentId: string;
  directory: string;
  /** Blank or absent: the service's choice (rule 5). */
  branchName?: string;
  message?: string;
  keepMissing?: boolean;
  onProgress?: (line: string) => void;
}

export interface DeployResult {
  total: number;
  uploaded: string[];
  lastHash?: string;
  raw: unknown;
}

export async function deploy<Tx>(ports: DeployPorts<Tx>, opts: DeployOptions): Promise<DeployResult> {
  const branch = opts.branchName !== undefined && opts.branchName.trim() !== '' ? opts.branchName : undefined;
  const paths = await collectFiles(opts.directory);
  const [local, remote] = await Promise.all([hashFiles(opts.directory, paths), ports.fileHashes(branch)]);
  const changed = paths.filter((p) => remote.get(p) !== local.get(p));
  const tx = await ports.startUpload(branch);
  opts.onProgress?.(`Uploading ${changed.length} changed file(s) of ${paths.length} to deployment ${opts.deploymentId}…`);
  for (const path of changed) {
    opts.onProgress?.(`  ${path}`);
    await ports.uploadFile(tx, {path, content: await readFile(join(opts.directory, path))});
  }
  const manifest = Object.fromEntries(paths.map((p) => [p, {hash: local.get(p)!}]));
  const finish = await ports.finishUpload(tx, manifest, {keepMissing: opts.keepMissing === true, ...(opts.message === undefined ? {} : {message: opts.message}), ...(branch ? {branchName: branch} : {})});
  return {total: paths.length, uploaded: changed, raw: finish.raw, ...(finish.lastHash === undefined ? {} : {lastHash: finish.lastHash})};
}
