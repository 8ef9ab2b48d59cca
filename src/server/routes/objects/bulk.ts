// Workspace bulk operations: delete or move several folders, workbooks and reports at once. Each object succeeds
// or fails on its own (a folder that still holds objects, an unknown id), reported with the status and message
// a single request would have answered.
import {createRoute} from '@hono/zod-openapi';
import {DeploymentIdParam} from '../../../contract/common.js';
import {BulkDeleteWorkspaceObjectsInput, BulkMoveWorkspaceObjectsInput} from '../../../contract/objectOps.js';
import type {RouteGroup} from '../../appTypes.js';
import type {ServiceContext} from '../../context.js';
import {HttpFailure, badRequest, notFound} from '../../errors.js';
import {AnyJsonObject, errorResponses, json, jsonBody, valid} from '../http.js';
import {deleteResource, findResource, saveResource} from '../../store/resources.js';
import {present, refuseIfReferenced, scopeOf, workspaceItem} from './crud.js';
import {RESOURCES} from './table.js';

export type Ref = {id: number; type: 'FOLDER' | 'WORKBOOK' | 'REPORT'};
const KIND = {FOLDER: 'folder', WORKBOOK: 'workbook', REPORT: 'report'} as const;
const specOf = (kind: string) => RESOURCES.find((s) => s.kind === kind)!;

function failure(ref: Ref, err: unknown) {
  if (!(err instanceof HttpFailure)) throw err;
  return {id: ref.id, type: ref.type, error: {status: err.status, message: err.message}};
}

/** Moves one object into `target` (null: the top level); a folder never into itself or below itself. Answers it as a workspace item. */
export function moveObject(ctx: ServiceContext, scope: string, ref: Ref, target: number | null): Record<string, unknown> {
  const kind = KIND[ref.type];
  const row = findResource(ctx.db, kind, scope, ref.id);
  if (!row) throw notFound(`${kind} ${ref.id} not found`);
  if (target !== null && !findResource(ctx.db, 'folder', scope, target)) throw badRequest(`folderId: no folder ${target} here`);
  if (kind === 'folder') {
    for (let at: number | null = target; at !== null; ) {
      if (at === row.id) throw badRequest('folderId: a folder cannot move into itself or one of its subfolders');
      const up = findResource(ctx.db, 'folder', scope, at);
      at = up?.body.parentId == null ? null : Number(up.body.parentId);
    }
  }
  const field = kind === 'folder' ? 'parentId' : 'folderId';
  return workspaceItem(present(ctx, specOf(kind), saveResource(ctx.db, {...row, body: {...row.body, [field]: target}}, ctx.clock.now())));
}

export const registerBulk: RouteGroup = (app, ctx) => {
  const tags = ['Workspace'];
  const base = '/api/v1/deployments/{deploymentId}/workspace';

  app.openapi(
    createRoute({method: 'post', path: `${base}/bulk-delete`, operationId: 'bulkDeleteWorkspaceObjects', tags, summary: 'Delete several workspace objects', request: {params: DeploymentIdParam, body: jsonBody(BulkDeleteWorkspaceObjectsInput)}, responses: {200: json(AnyJsonObject, 'deleted and failed objects'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const scope = scopeOf(ctx, {scope: 'deployment'}, valid(c, 'param'));
      const deleted: Ref[] = [];
      const failed: unknown[] = [];
      ctx.db.transaction(() => {
        for (const ref of valid(c, 'json').items as Ref[]) {
          try {
            const kind = KIND[ref.type];
            if (!findResource(ctx.db, kind, scope, ref.id)) throw notFound(`${kind} ${ref.id} not found`);
            refuseIfReferenced(ctx, specOf(kind), scope, ref.id);
            deleteResource(ctx.db, kind, scope, ref.id);
            deleted.push({id: ref.id, type: ref.type});
          } catch (err) {
            failed.push(failure(ref, err));
          }
        }
      })();
      return c.json({deleted, failed}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'post', path: `${base}/bulk-move`, operationId: 'bulkMoveWorkspaceObjects', tags, summary: 'Move several workspace objects into a folder (null: the top level)', request: {params: DeploymentIdParam, body: jsonBody(BulkMoveWorkspaceObjectsInput)}, responses: {200: json(AnyJsonObject, 'moved and failed objects'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const scope = scopeOf(ctx, {scope: 'deployment'}, valid(c, 'param'));
      const body = valid(c, 'json') as {items: Ref[]; folderId?: number | null};
      const target = body.folderId ?? null;
      if (target !== null && !findResource(ctx.db, 'folder', scope, target)) throw badRequest(`folderId: no folder ${target} here`);
      const moved: unknown[] = [];
      const failed: unknown[] = [];
      ctx.db.transaction(() => {
        for (const ref of body.items) {
          try {
            moved.push(moveObject(ctx, scope, ref, target));
          } catch (err) {
            failed.push(failure(ref, err));
          }
        }
      })();
      return c.json({moved, failed}, 200);
    },
  );
};
