// Data model fetchers (/build/api/v1/deployments/{id}/…): branches, dev mode, source files, commits and validation.
// Tolerant readers: lists come as `items`, `data` or a bare array; single objects with or without a `data` wrapper.
// An empty or omitted branch name is left out of the request, so the service targets the caller's dev-mode session.
import type {Api} from './client.js';
import type {PageInfo} from '../lib/lists.js';
import {asRecord, bool, idString, listRows, num, pageInfoOf, readRows, str, unwrap, type Json} from './read.js';

export interface DataModelBranch {
  id: string;
  name: string;
  parentBranch?: string;
  lastHash?: string;
  stagingEnabled: boolean;
}

export interface DevBranch {
  active: boolean;
  branchName?: string;
  parentBranch?: string;
}

export interface FileNode {
  /** Absolute, as the API sends it: `/model/cubes/orders.yml`. */
  path: string;
  type: 'file' | 'directory';
  content?: string;
  children: FileNode[];
}

export interface ValidationError {
  fileName?: string;
  message: string;
  line?: number;
}

export interface ValidationReport {
  deploymentId: string;
  branchName: string;
  mode: string;
  valid: boolean;
  errors: ValidationError[];
  cubesCount?: number;
  raw: unknown;
}

export interface MergeResult {
  merged: boolean;
  branchDeleted: boolean;
  raw: unknown;
}

const base = (deploymentId: string) => `/build/api/v1/deployments/${encodeURIComponent(deploymentId)}`;
/** A branch name worth sending: blank means "the session's branch", which the service reads from an absent field. */
const named = (branchName: string | undefined) => (branchName !== undefined && branchName.trim() !== '' ? branchName : undefined);
const branchField = (branchName: string | undefined) => (named(branchName) === undefined ? {} : {branchName: named(branchName)});

function readBranch(row: Json): DataModelBranch | undefined {
  const name = str(row.name);
  if (name === undefined) return undefined;
  const out: DataModelBranch = {id: idString(row.id) ?? name, name, stagingEnabled: bool(row.isStagingEnvironmentEnabled) ?? false};
  const parent = str(row.parentBranch);
  if (parent) out.parentBranch = parent;
  const hash = str(row.lastHash);
  if (hash) out.lastHash = hash;
  return out;
}

function readDevBranch(body: unknown): DevBranch {
  const record = unwrap(body);
  const out: DevBranch = {active: bool(record.active) ?? false};
  const name = str(record.branchName);
  if (name) out.branchName = name;
  const parent = str(record.parentBranch);
  if (parent) out.parentBranch = parent;
  return out;
}

function readNode(value: unknown): FileNode | undefined {
  const row = asRecord(value);
  const path = str(row?.path);
  if (!row || path === undefined) return undefined;
  const children = Array.isArray(row.children) ? readRows(row.children, readNode) : [];
  const type = row.type === 'directory' || (row.type !== 'file' && children.length > 0) ? 'directory' : 'file';
  const node: FileNode = {path, type, children};
  const content = str(row.content);
  if (content !== undefined) node.content = content;
  return node;
}

export async function listBranches(api: Api, deploymentId: string, signal?: AbortSignal): Promise<DataModelBranch[]> {
  return (await listBranchesPage(api, deploymentId, {}, signal)).branches;
}

/** One page of branches with the answer as returned (`--json` prints it: integer ids, pageInfo). */
export async function listBranchesPage(
  api: Api,
  deploymentId: string,
  page: {first?: number; after?: string},
  signal?: AbortSignal,
): Promise<{branches: DataModelBranch[]; rows: unknown[]; pageInfo: PageInfo; raw: unknown}> {
  const raw = await api.get(`${base(deploymentId)}/branches`, {searchParams: {first: page.first, after: page.after}, signal});
  const rows = listRows(raw);
  return {branches: readRows(rows, readBranch), rows, pageInfo: pageInfoOf(raw), raw};
}

/** A shared branch (from `from`, else the deploy branch); `enterDevMode` points the caller's session at it without forking (the description's `activate`). */
export async function createBranch(api: Api, deploymentId: string, params: {name: string; from?: string; enterDevMode?: boolean}, signal?: AbortSignal): Promise<DevBranch> {
  const json = {name: params.name, ...(params.enterDevMode === true ? {activate: true} : {}), ...(named(params.from) === undefined ? {} : {from: params.from})};
  return readDevBranch(await api.post(`${base(deploymentId)}/branches`, {json, signal}));
}

/** The branch travels as a query parameter: names contain `/`. */
export async function deleteBranch(api: Api, deploymentId: string, branchName: string, opts: {removeOnUpstream?: boolean} = {}, signal?: AbortSignal): Promise<void> {
  await api.delete(`${base(deploymentId)}/branches`, {
    searchParams: {branchName, removeOnUpstream: opts.removeOnUpstream ? 'true' : undefined},
    signal,
  });
}

/** By name or by the integer id `branches --json` prints (`branchId`). */
export async function setStagingEnvironment(
  api: Api,
  deploymentId: string,
  params: {branchName?: string; branchId?: number; enabled: boolean},
  signal?: AbortSignal,
): Promise<DataModelBranch | undefined> {
  const json = {...(params.branchName === undefined ? {} : {branchName: params.branchName}), ...(params.branchId === undefined ? {} : {branchId: params.branchId}), enabled: params.enabled};
  const body = await api.put(`${base(deploymentId)}/branches/staging-environment`, {json, signal});
  return readBranch(unwrap(body));
}

/** Forks a personal `dev-…` branch from `branchName` (the deploy branch when omitted) and opens the session on it. */
export async function startDevMode(api: Api, deploymentId: string, branchName?: string, signal?: AbortSignal): Promise<DevBranch> {
  return readDevBranch(await api.post(`${base(deploymentId)}/dev-mode`, {json: branchField(branchName), signal}));
}

export async function stopDevMode(api: Api, deploymentId: string, signal?: AbortSignal): Promise<void> {
  await api.delete(`${base(deploymentId)}/dev-mode`, {signal});
}

/** The branch's file tree (top-level nodes, children nested) and the answer as sent. */
export async function listFiles(
  api: Api,
  deploymentId: string,
  params: {branchName?: string; withContent?: boolean; first?: number; after?: string} = {},
  signal?: AbortSignal,
): Promise<{nodes: FileNode[]; raw: unknown}> {
  const raw = await api.get(`${base(deploymentId)}/data-model/files`, {
    searchParams: {withContent: params.withContent ? 'true' : undefined, branchName: named(params.branchName), first: params.first, after: params.after},
    signal,
  });
  return {nodes: readRows(listRows(raw), readNode), raw};
}

/** Depth-first, parents before children. */
export function flattenTree(nodes: readonly FileNode[]): FileNode[] {
  return nodes.flatMap((node) => [node, ...flattenTree(node.children)]);
}

export async function putFiles(api: Api, deploymentId: string, files: Array<{path: string; content: string}>, opts: {branchName?: string} = {}, signal?: AbortSignal): Promise<void> {
  await api.put(`${base(deploymentId)}/data-model/files`, {json: {files, ...branchField(opts.branchName)}, signal});
}

export async function deleteFiles(api: Api, deploymentId: string, params: {paths: string[]; branchName?: string}, signal?: AbortSignal): Promise<void> {
  await api.delete(`${base(deploymentId)}/data-model/files`, {json: {files: params.paths.map((path) => ({path})), ...branchField(params.branchName)}, signal});
}

export async function renameFiles(api: Api, deploymentId: string, params: {renames: Array<{from: string; to: string}>; branchName?: string}, signal?: AbortSignal): Promise<void> {
  const files = params.renames.map((r) => ({path: r.from, newPath: r.to}));
  await api.post(`${base(deploymentId)}/data-model/files/rename`, {json: {files, ...branchField(params.branchName)}, signal});
}

/** Project-relative path → SHA-1 of the content; the map may also arrive under a `files` key. */
export async function fileHashes(api: Api, deploymentId: string, branchName?: string, signal?: AbortSignal): Promise<Map<string, string>> {
  const raw = asRecord(await api.get(`${base(deploymentId)}/data-model/file-hashes`, {searchParams: {branchName: named(branchName)}, signal})) ?? {};
  const map = asRecord(raw.files) ?? raw;
  const out = new Map<string, string>();
  for (const [path, value] of Object.entries(map)) {
    const hash = str(asRecord(value)?.hash) ?? str(value);
    if (hash !== undefined) out.set(path.replace(/^\/+/, ''), hash.toLowerCase());
  }
  return out;
}

export async function commit(api: Api, deploymentId: string, params: {message?: string; branchName?: string} = {}, signal?: AbortSignal): Promise<void> {
  await api.post(`${base(deploymentId)}/commit`, {json: {...(params.message === undefined ? {} : {message: params.message}), ...branchField(params.branchName)}, signal});
}

/** Sends a body only when a branch is named; the service then pulls the session's branch. */
export async function pull(api: Api, deploymentId: string, branchName?: string, signal?: AbortSignal): Promise<{buildTriggered: boolean}> {
  const name = named(branchName);
  const raw = await api.post(`${base(deploymentId)}/pull`, {...(name === undefined ? {} : {json: {branchName: name}}), signal});
  return {buildTriggered: bool(unwrap(raw).buildTriggered) ?? false};
}

function readMerge(raw: unknown): MergeResult {
  const body = unwrap(raw);
  return {merged: bool(body.merged) ?? false, branchDeleted: bool(body.branchDeleted) ?? false, raw};
}

export async function merge(
  api: Api,
  deploymentId: string,
  params: {branchName?: string; squashCommits?: boolean; switchToParentBranch?: boolean; deleteBranch?: boolean} = {},
  signal?: AbortSignal,
): Promise<MergeResult> {
  const json = {squashCommits: params.squashCommits ?? false, switchToParentBranch: params.switchToParentBranch ?? false, deleteBranch: params.deleteBranch ?? false, ...branchField(params.branchName)};
  return readMerge(await api.post(`${base(deploymentId)}/merge`, {json, signal}));
}

/** The merged branch is removed unless `keepBranch` (or `removeBranchAfterMerge: false`) says otherwise. */
/** The merge message sent when none is given. */
export function defaultMergeMessage(branchName?: string): string {
  return branchName !== undefined && branchName.trim() !== '' ? `Merge ${branchName.trim()} into the default branch` : 'Merge the dev-mode branch into the default branch';
}

export async function mergeToDefault(
  api: Api,
  deploymentId: string,
  params: {branchName?: string; message?: string; keepBranch?: boolean; removeBranchAfterMerge?: boolean} = {},
  signal?: AbortSignal,
): Promise<MergeResult> {
  // The platform requires `message`; without one from the caller a default says what happened.
  const message = params.message !== undefined && params.message.trim() !== '' ? params.message : defaultMergeMessage(params.branchName);
  const json = {removeBranchAfterMerge: params.keepBranch !== true && params.removeBranchAfterMerge !== false, message, ...branchField(params.branchName)};
  return readMerge(await api.post(`${base(deploymentId)}/merge-to-default`, {json, signal}));
}

/** Compiles the branch's model: `branchName`, else `devMode` (the session's branch), else the deploy branch. */
export async function validateModel(api: Api, deploymentId: string, params: {branchName?: string; devMode?: boolean} = {}, signal?: AbortSignal): Promise<ValidationReport> {
  const raw = await api.get(`${base(deploymentId)}/data-model/validate`, {
    searchParams: {branchName: named(params.branchName), devMode: params.devMode ? 'true' : undefined},
    signal,
  });
  const body = unwrap(raw);
  const errors = readRows(Array.isArray(body.errors) ? body.errors : [], (row): ValidationError | undefined => {
    const message = str(row.message);
    if (message === undefined) return undefined;
    const out: ValidationError = {message};
    const file = str(row.fileName);
    if (file) out.fileName = file;
    const line = num(row.line);
    if (line !== undefined) out.line = line;
    return out;
  });
  const report: ValidationReport = {
    deploymentId: idString(body.deploymentId) ?? deploymentId,
    branchName: str(body.branchName) ?? named(params.branchName) ?? '',
    mode: str(body.mode) ?? '',
    valid: bool(body.valid) ?? errors.length === 0,
    errors,
    raw,
  };
  const cubes = num(body.cubesCount);
  if (cubes !== undefined) report.cubesCount = cubes;
  return report;
}

/** Names the dev-mode screens use for the same shapes. */
export type BranchItem = DataModelBranch;
export type Validation = ValidationReport;
export type ModelFile = FileNode;
