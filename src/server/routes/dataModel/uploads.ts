// Deploy uploads (as the real client sends them): start a transaction on the target branch, upload changed files one multipart
// request at a time, then finish with the manifest of every local file — finish prunes files missing from it
// (unless told not to), saves one revision and triggers exactly one build.
import {randomBytes} from 'node:crypto';
import {createRoute, z} from '@hono/zod-openapi';
import {DeploymentIdParam} from '../../../contract/common.js';
import {FinishUploadBody, FinishUploadResponse, StartUploadRequest, StartUploadResponse, UploadQuery} from '../../../contract/dataModel.js';
import type {RouteGroup} from '../../appTypes.js';
import {badRequest} from '../../errors.js';
import {resourceOf} from '../../policyResources.js';
import {deleteUploadTransaction, insertUploadTransaction, putUploadFile, saveTree, uploadedFiles} from '../../store/branches.js';
import {triggerBuild} from './shared.js';
import {filesOf} from '../../store/branchTrees.js';
import {MAX_REQUEST_BYTES, checkSize, checkTree, normalisePath} from './filePaths.js';
import {sha1, treeHash} from '../../store/trees.js';
import {errorResponses, json, jsonBody, loadDeployment} from '../http.js';

const tags = ['Data Model Uploads'];
const BASE = '/build/api/v1/deployments/{deploymentId}/data-model/upload';
const UploadFileForm = z.object({transaction: z.string(), fileName: z.string(), file: z.any()});

export const register: RouteGroup = (app, ctx) => {
  app.use('/build/api/v1/deployments/:deploymentId/data-model/upload/*', async (c, next) => {
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > MAX_REQUEST_BYTES) return c.json({error: `request body is ${length} bytes; the limit is ${MAX_REQUEST_BYTES} bytes`}, 413);
    await next();
  });

  app.openapi(
    createRoute({method: 'post', path: `${BASE}/start`, operationId: 'startUpload', summary: 'Start a data-model upload transaction', tags,
      description: 'Target: `branchName` (query or body), else the caller’s dev-mode branch, else the deploy branch.',
      request: {params: DeploymentIdParam, query: UploadQuery, body: jsonBody(StartUploadRequest, false)},
      responses: {200: json(StartUploadResponse, 'the transaction'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      // The branch (named in the body or query, else the caller's dev-mode branch, else the deploy branch) is the
      // one the policy decided on: a dev branch only by its owner, a shared one with SchemaUpdate.
      const deployment = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const {branch} = resourceOf(c, 'branch');
      const id = randomBytes(16).toString('hex');
      insertUploadTransaction(ctx.db, {id, deployment_id: deployment.id, branch_id: branch.id, created_at: ctx.clock.now()});
      return c.json({transaction: {id}, deploymentName: deployment.name}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'post', path: `${BASE}/file`, operationId: 'uploadFile', summary: 'Upload a single file into an open transaction', tags,
      request: {params: DeploymentIdParam, query: UploadQuery, body: {required: true, content: {'multipart/form-data': {schema: UploadFileForm}}}},
      responses: {200: json(z.object({success: z.boolean()}), 'stored in the transaction'), ...errorResponses(400, 403, 404, 413)}}),
    async (c) => {
      const form = c.req.valid('form');
      const tx = resourceOf(c, 'upload');
      const path = normalisePath(form.fileName);
      const file: unknown = form.file;
      const content = file instanceof Blob ? await file.text() : typeof file === 'string' ? file : undefined;
      if (content === undefined) throw badRequest('file: attach the file content');
      checkSize(path, content);
      putUploadFile(ctx.db, tx.transactionId, path, content);
      return c.json({success: true}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'post', path: `${BASE}/finish`, operationId: 'finishUpload', summary: 'Finish the upload transaction (prune removed files) and trigger a build', tags,
      request: {params: DeploymentIdParam, query: UploadQuery, body: jsonBody(FinishUploadBody)},
      responses: {200: json(FinishUploadResponse, 'the new revision'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const deployment = loadDeployment(ctx, c.req.valid('param').deploymentId);
      const body = c.req.valid('json');
      const {branch, transactionId} = resourceOf(c, 'upload');
      const current = filesOf(ctx.db, branch);
      const uploaded = uploadedFiles(ctx.db, transactionId);
      const next = body.autoRemoveFiles === false ? new Map(current) : new Map<string, string>();
      for (const [rawPath, {hash}] of Object.entries(body.files)) {
        const path = normalisePath(rawPath);
        const content = uploaded.get(path) ?? current.get(path);
        if (content === undefined || sha1(content) !== hash.toLowerCase()) {
          throw badRequest(`${path}: the manifest hash ${hash} matches neither an uploaded file nor the branch's copy; upload it in this transaction`);
        }
        next.set(path, content);
      }
      checkTree(next.keys());
      const hash = treeHash(next);
      ctx.db.transaction(() => {
        saveTree(ctx.db, branch.id, next, hash, body.commitMessage?.trim() || 'deploy', ctx.clock.now());
        deleteUploadTransaction(ctx.db, transactionId);
      })();
      // One build per deploy, also when nothing changed, as the platform does.
      triggerBuild(ctx, deployment, branch.name, next, hash, 'deploy');
      return c.json({lastHash: hash}, 200);
    },
  );
};
