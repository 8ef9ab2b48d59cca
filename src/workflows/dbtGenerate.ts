// `svc dbt generate`: cube files from an uploaded dbt manifest, without touching any branch. The service converts
// the manifest in a sync with `output: files`; this reads every page of what it generated and then either writes
// the files under a directory or, with check, compares them with what the directory holds (a CI gate: "the
// committed model is what the manifest generates"). Files are only compared, never deleted.
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import {dirname, isAbsolute, relative, resolve} from 'node:path';
import type {Api} from '../api/client.js';
import {listDbtGeneratedFiles, startDbtSync, type DbtSyncStatus, type GeneratedFile} from '../api/dbt.js';
import {allPages} from '../lib/lists.js';
import {waitForSync, type SyncWaitOptions} from './dbtWait.js';

const PAGE = 100;
/** A runaway cursor must not loop forever. */
const MAX_PAGES = 1_000;

export type FileState = 'written' | 'unchanged' | 'changed' | 'missing';

export async function readGeneratedFiles(api: Api, deploymentId: string, syncJobId: string, signal?: AbortSignal): Promise<GeneratedFile[]> {
  const {items, complete} = await allPages(async (after) => {
    const got = await listDbtGeneratedFiles(api, deploymentId, syncJobId, {first: PAGE, ...(after ? {after} : {})}, signal);
    return {items: got.files, pageInfo: got.pageInfo};
  }, MAX_PAGES);
  if (!complete) throw new Error(`the generated files of dbt sync ${syncJobId} did not end after ${MAX_PAGES} pages`);
  return items;
}

/** Where a generated path lands under `dir`; refuses a path that would leave it. */
export function targetPath(dir: string, path: string): string {
  const target = resolve(dir, path);
  const inside = relative(resolve(dir), target);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) throw new Error(`the service generated a file outside the output directory: ${path}`);
  return target;
}

async function current(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Writes each file under `dir` (only those that differ), or with `check` compares and writes nothing. */
export async function applyGeneratedFiles(files: readonly GeneratedFile[], dir: string, check: boolean): Promise<Array<{path: string; state: FileState}>> {
  const out: Array<{path: string; state: FileState}> = [];
  for (const f of files) {
    const target = targetPath(dir, f.path);
    const before = await current(target);
    if (before === f.content) out.push({path: f.path, state: 'unchanged'});
    else if (check) out.push({path: f.path, state: before === undefined ? 'missing' : 'changed'});
    else {
      await mkdir(dirname(target), {recursive: true});
      await writeFile(target, f.content);
      out.push({path: f.path, state: 'written'});
    }
  }
  return out;
}

export interface GenerateRun {
  syncJobId: string;
  /** The sync's final status; files only when it COMPLETED. */
  final: DbtSyncStatus;
  files: GeneratedFile[];
}

/**
 * The one generate flow (`svc dbt generate`, the dbt run screen's `m`): starts a manifest sync with output files,
 * follows it with the wait engine and reads what it generated. A FAILED sync is returned, not thrown.
 */
export async function generateFromManifest(
  api: Api,
  deploymentId: string,
  manifest: Record<string, unknown>,
  opts: SyncWaitOptions & {onStarted?: (syncJobId: string) => void},
): Promise<GenerateRun> {
  const started = await startDbtSync(api, deploymentId, {source: 'manifest', manifest, output: 'files'}, opts.signal);
  opts.onStarted?.(started.syncJobId);
  const final = await waitForSync(api, deploymentId, started.syncJobId, opts);
  const files = final.status === 'COMPLETED' ? await readGeneratedFiles(api, deploymentId, started.syncJobId, opts.signal) : [];
  return {syncJobId: started.syncJobId, final, files};
}

/** A manifest file (dbt's target/manifest.json) read and parsed: a JSON object, or an error that says why not. */
export async function readManifestFile(path: string): Promise<Record<string, unknown>> {
  if (path.trim() === '') throw new Error('manifest: an empty value names no file; give target/manifest.json');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new Error(`manifest: cannot read ${path}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`manifest: ${path} is not JSON (dbt writes target/manifest.json when it compiles)`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`manifest: ${path} holds no JSON object`);
  return value as Record<string, unknown>;
}
