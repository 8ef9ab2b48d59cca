// Data model source files of a branch: the tree (optionally with content), content hashes for deploy diffs,
// and writes (put, delete, rename), which land only on personal dev-mode branches and each make a new revision.
import {createRoute} from '@hono/zod-openapi';
import type {Context, MiddlewareHandler} from 'hono';
import {DeploymentIdParam} from '../../../contract/common.js';
import {
  DataModelWriteResponse, FileHashesQuery, FileHashesResponse, FilesQuery, RemoveDataModelFilesInput, RenameDataModelFilesInput,
  SourceTreeResponse, UpdateDataModelFilesInput,
} from '../../../contract/dataModel.js';
import type {RouteGroup} from '../../appTypes.js';
import {type AppEnv} from '../../auth.js';
import {HttpFailure, badRequest, conflict, notFound} from '../../errors.js';
import {branchFiles, type BranchRow} from '../../store/branches.js';
import {commitTree, devBranchOnly, readTarget} from './shared.js';
import {resourceOf} from '../../policyResources.js';
import {filesOf} from '../../store/branchTrees.js';
import {MAX_REQUEST_BYTES, buildTree, checkSize, normalisePath} from './filePaths.js';
import {sha1} from '../../store/trees.js';
import {errorResponses, json, jsonBody, loadDeployment} from '../http.js';

const tags = ['Data Model'];
const FILES = '/build/api/v1/deployments/{deploymentId}/data-model/files';

/** Refuses oversized bodies from their declared length, before anything parses them. */
const requestLimit: MiddlewareHandler = async (c, next) => {
  const length = Number(c.req.header('content-length') ?? 0);
  if (length > MAX_REQUEST_BYTES) throw new HttpFailure(413, `request body is ${length} bytes; the limit is ${MAX_REQUEST_BYTES} bytes`);
  await next();
};

const encodeCursor = (index: number): string => Buffer.from(`node:${index}`).toString('base64url');
function decodeCursor(after: string | undefined): number {
  if (after === undefined || after === '') return 0;
  const match = /^node:(\d+)$/.exec(Buffer.from(after, 'base64url').toString());
  if (!match) throw badRequest('after: not a cursor returned by this endpoint');
  return Number(match[1]) + 1;
}

export const register: RouteGroup = (app, ctx) => {
  app.use('/build/api/v1/deployments/:deploymentId/data-model/files', requestLimit);
  app.use('/build/api/v1/deployments/:deploymentId/data-model/files/*', requestLimit);

  app.openapi(
    createRoute({method: 'get', path: FILES, operationId: 'listFiles', summary: 'List the data-model source files of a branch', tags,
      description: 'Without `branchName`: the caller’s dev-mode branch, else the deploy branch. `first`/`after` page the top-level nodes only.',
      request: {params: DeploymentIdParam, query: FilesQuery},
      responses: {200: json(SourceTreeResponse, 'the file tree'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const deployment = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const q = c.req.valid('query');
      const branch = readTarget(ctx, c, deployment, q.branchName);
      const tree = buildTree(branchFiles(ctx.db, branch.id), q.withContent === 'true');
      const start = decodeCursor(q.after);
      const end = q.first ? start + Number(q.first) : tree.length;
      const page = tree.slice(start, end);
      const pageInfo = {
        hasNextPage: end < tree.length,
        hasPreviousPage: start > 0,
        startCursor: page.length > 0 ? encodeCursor(start) : null,
        endCursor: page.length > 0 ? encodeCursor(start + page.length - 1) : null,
      };
      return c.json({items: page, data: page, pageInfo}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'get', path: '/build/api/v1/deployments/{deploymentId}/data-model/file-hashes', operationId: 'fileHashes',
      summary: 'Content hashes of the data-model files (for upload diffing)', tags: ['Data Model Uploads'],
      request: {params: DeploymentIdParam, query: FileHashesQuery},
      responses: {200: json(FileHashesResponse, 'project-relative path → SHA-1 of the content'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const deployment = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const branch = readTarget(ctx, c, deployment, c.req.valid('query').branchName);
      const hashes: Record<string, {hash: string}> = {};
      for (const file of branchFiles(ctx.db, branch.id)) hashes[file.path] = {hash: sha1(file.content)};
      return c.json(hashes, 200);
    },
  );

  const writeResponses = {200: json(DataModelWriteResponse, 'written'), ...errorResponses(400, 403, 404, 409, 413)};

  /** A write to the target branch's files (the policy's resource): `change` edits its tree in place and returns the commit message. */
  const editTree = (c: Context<AppEnv>, deploymentId: string, change: (files: Map<string, string>, branch: BranchRow) => string): void => {
    const deployment = loadDeployment(ctx, deploymentId);
    const branch = devBranchOnly(deployment, resourceOf(c, 'branch').branch);
    const files = filesOf(ctx.db, branch);
    commitTree(ctx, deployment, branch, files, change(files, branch));
  };

  app.openapi(
    createRoute({method: 'put', path: FILES, operationId: 'updateFiles', summary: 'Create or overwrite data-model source files', tags,
      request: {params: DeploymentIdParam, body: jsonBody(UpdateDataModelFilesInput)}, responses: writeResponses}),
    (c) => {
      const body = c.req.valid('json');
      editTree(c, c.req.valid('param').deploymentId, (files) => {
        const written = body.files.map((f) => ({path: normalisePath(f.path), content: f.content}));
        for (const f of written) checkSize(f.path, f.content);
        for (const f of written) files.set(f.path, f.content);
        return `update ${written.map((f) => f.path).join(', ')}`;
      });
      return c.json({success: true}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'delete', path: FILES, operationId: 'removeFiles', summary: 'Delete data-model source files', tags,
      request: {params: DeploymentIdParam, body: jsonBody(RemoveDataModelFilesInput)}, responses: writeResponses}),
    (c) => {
      const body = c.req.valid('json');
      editTree(c, c.req.valid('param').deploymentId, (files, branch) => {
        const paths = body.files.map((f) => normalisePath(f.path));
        const missing = paths.filter((p) => !files.has(p));
        if (missing.length > 0) throw notFound(`no such file on branch ${branch.name}: ${missing.join(', ')}`);
        for (const p of paths) files.delete(p);
        return `delete ${paths.join(', ')}`;
      });
      return c.json({success: true}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'post', path: `${FILES}/rename`, operationId: 'renameFiles', summary: 'Rename data-model source files', tags,
      request: {params: DeploymentIdParam, body: jsonBody(RenameDataModelFilesInput)}, responses: writeResponses}),
    (c) => {
      const body = c.req.valid('json');
      editTree(c, c.req.valid('param').deploymentId, (files, branch) => {
        const moves = body.files.map((f) => ({from: normalisePath(f.path), to: normalisePath(f.newPath)}));
        for (const {from, to} of moves) {
          const content = files.get(from);
          if (content === undefined) throw notFound(`no such file on branch ${branch.name}: ${from}`);
          if (files.has(to) && to !== from) throw conflict(`cannot rename ${from} to ${to}: ${to} already exists on branch ${branch.name}`);
          files.delete(from);
          files.set(to, content);
        }
        return `rename ${moves.map((m) => `${m.from} -> ${m.to}`).join(', ')}`;
      });
      return c.json({success: true}, 200);
    },
  );
};
