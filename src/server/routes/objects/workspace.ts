// More of the yaml's operations on the object groups, beyond CRUD: a folder's ancestors, moving one workspace
// object to another folder, duplicating a workbook, bulk user actions, and assigning roles to users.
import {createRoute, z} from '@hono/zod-openapi';
import {DeploymentIdParam, SuccessBody} from '../../../contract/common.js';
import {BulkUserActionInput, DuplicateWorkbookInput, MoveWorkspaceObjectInput} from '../../../contract/objectOps.js';
import type {RouteGroup} from '../../appTypes.js';
import {HttpFailure, notFound} from '../../errors.js';
import {AnyJsonObject, errorResponses, json, jsonBody, valid} from '../http.js';
import {findUser} from '../../store/users.js';
import {findResource, insertResource, saveResource} from '../../store/resources.js';
import {usersStore} from './users.js';
import {present, scopeOf, WorkbookParams} from './crud.js';
import {moveObject, type Ref} from './bulk.js';
import {RESOURCES} from './table.js';

type Json = Record<string, unknown>;
const specOf = (kind: string) => RESOURCES.find((s) => s.kind === kind)!;
const loose = (schema: z.ZodType): z.ZodType => schema;
// The routes' schemas, made once for every app.
const numeric = (what: string) => z.string().regex(/^\d{1,12}$/, `${what} must be numeric`);
const FolderParams = DeploymentIdParam.extend({folderId: numeric('folder id')});
const Ancestors = loose(z.array(z.record(z.string(), z.unknown())));
const RoleUserParams = z.object({roleId: numeric('role id'), userId: numeric('user id')});

export const registerWorkspace: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/v1/deployments/{deploymentId}/folders/{folderId}/ancestors',
      operationId: 'getFolderAncestors',
      tags: ['Folders'],
      summary: 'The folders above a folder, outermost first',
      request: {params: FolderParams},
      responses: {200: json(Ancestors, 'the ancestors'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const p = valid(c, 'param');
      const scope = scopeOf(ctx, {scope: 'deployment'}, p);
      let row = findResource(ctx.db, 'folder', scope, Number(p.folderId));
      if (!row) throw notFound(`folder ${String(p.folderId)} not found`);
      const chain: Json[] = [];
      // Parents are checked on every write, so the chain ends; the bound guards a hand-edited data file.
      for (let depth = 0; depth < 100 && row.body.parentId != null; depth++) {
        const parent = findResource(ctx.db, 'folder', scope, Number(row.body.parentId));
        if (!parent) break;
        chain.unshift(present(ctx, specOf('folder'), parent));
        row = parent;
      }
      return c.json(chain, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/deployments/{deploymentId}/workspace/move',
      operationId: 'moveWorkspaceObject',
      tags: ['Workspace'],
      summary: 'Move a folder, workbook or report into another folder (null: the top level)',
      request: {params: DeploymentIdParam, body: jsonBody(MoveWorkspaceObjectInput)},
      responses: {200: json(AnyJsonObject, 'the moved object'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const scope = scopeOf(ctx, {scope: 'deployment'}, valid(c, 'param'));
      const body = valid(c, 'json') as Ref & {folderId?: number | null};
      return c.json(moveObject(ctx, scope, body, body.folderId ?? null), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/users/bulk',
      operationId: 'bulkUserAction',
      tags: ['Users Admin'],
      summary: 'Deactivate, activate or delete several users at once',
      request: {body: jsonBody(BulkUserActionInput)},
      responses: {200: json(AnyJsonObject, 'what succeeded and what failed'), ...errorResponses(400, 403)},
    }),
    (c) => {
      const {action, userIds} = valid(c, 'json') as {action: 'DEACTIVATE' | 'ACTIVATE' | 'DELETE'; userIds: number[]};
      const succeeded: number[] = [];
      const failed: Array<{userId: number; error: string}> = [];
      const now = ctx.clock.now();
      ctx.db.transaction(() => {
        for (const id of new Set(userIds)) {
          const row = usersStore.find(ctx.db, 'user', '', id);
          if (!row) {
            failed.push({userId: id, error: `user ${id} not found`});
            continue;
          }
          try {
            if (action === 'DELETE') usersStore.remove(ctx.db, 'user', '', id);
            else usersStore.save(ctx.db, {...row, body: {...row.body, isDeactivated: action === 'DEACTIVATE'}}, now);
            succeeded.push(id);
          } catch (err) {
            if (!(err instanceof HttpFailure)) throw err;
            failed.push({userId: id, error: err.message});
          }
        }
      })();
      return c.json({action, succeeded, failed}, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/v1/deployments/{deploymentId}/workbooks/{workbookId}/duplicate',
      operationId: 'duplicateWorkbook',
      tags: ['Workbooks'],
      summary: 'Copy a workbook (not its sharing or published dashboard) into the same folder',
      request: {params: WorkbookParams, body: jsonBody(DuplicateWorkbookInput, false)},
      responses: {200: json(AnyJsonObject, 'the copy'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const p = valid(c, 'param');
      const scope = scopeOf(ctx, {scope: 'deployment'}, p);
      const source = findResource(ctx.db, 'workbook', scope, Number(p.workbookId));
      if (!source) throw notFound(`workbook ${String(p.workbookId)} not found`);
      const copy = {...source.body, name: `${String(source.body.name)} (copy)`, slug: null};
      return c.json(present(ctx, specOf('workbook'), insertResource(ctx.db, 'workbook', scope, copy, ctx.clock.now())), 200);
    },
  );

  for (const [method, operationId, summary] of [
    ['put', 'assignRoleToUser', 'Give a user a role'],
    ['delete', 'removeRoleFromUser', 'Take a role from a user'],
  ] as const) {
    app.openapi(
      createRoute({method, path: '/api/v1/roles/{roleId}/users/{userId}', operationId, tags: ['Roles'], summary, request: {params: RoleUserParams}, responses: {200: json(SuccessBody, 'done'), ...errorResponses(400, 403, 404)}}),
      (c) => {
        const p = valid(c, 'param');
        const role = findResource(ctx.db, 'role', '', Number(p.roleId));
        if (!role) throw notFound(`role ${String(p.roleId)} not found`);
        const userId = Number(p.userId);
        if (!findUser(ctx.db, userId)) throw notFound(`user ${userId} not found`);
        const current = Array.isArray(role.body.userIds) ? (role.body.userIds as number[]) : [];
        const userIds = method === 'put' ? [...new Set([...current, userId])] : current.filter((id) => id !== userId);
        saveResource(ctx.db, {...role, body: {...role.body, userIds}}, ctx.clock.now());
        return c.json({success: true}, 200);
      },
    );
  }
};
