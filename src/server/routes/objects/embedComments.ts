// Comments on a published dashboard: threads (a root comment and its replies), editing and removing one's own
// comments, resolving a thread, and the embed users one may mention (those of the tenants the dashboard's
// workbook is shared with). Removed comments stay in their thread with `removedAt` and an empty body.
import {createRoute, z} from '@hono/zod-openapi';
import type {Context} from 'hono';
import {CursorQuery, SuccessBody} from '../../../contract/common.js';
import {CreateCommentInput, ResolveCommentInput, UpdateCommentInput} from '../../../contract/embedOps.js';
import {ObjectList} from '../../../contract/objects.js';
import type {RouteGroup} from '../../appTypes.js';
import {principalOf, type AppEnv} from '../../auth.js';
import {isoTime} from '../../context.js';
import {badRequest, notFound} from '../../errors.js';
import {commentScope, resourceOf} from '../../policyResources.js';
import {AnyJsonObject, errorResponses, json, jsonBody, valid} from '../http.js';
import {findResource, insertResource, listAllResources, listResources, saveResource, type ResourceRow} from '../../store/resources.js';
import {cursorPage} from '../cursor.js';
import {SearchQuery} from './crud.js';

type Json = Record<string, unknown>;
const PublicId = z.object({publicId: z.string().regex(/^[0-9A-Za-z]{12}$/, 'publicId must be 12 letters or digits')});
const CommentParams = PublicId.extend({commentId: z.string().regex(/^\d{1,12}$/, 'comment id must be numeric')});
const flag = z.enum(['true', 'false']).optional();
const ThreadsQuery = CursorQuery.extend({includeResolved: flag, resolvedOnly: flag});
const tags = ['Embed'];

// The dashboard and the comment a request names are found, and decided on (its deployment, a comment's author), by
// the policy (permissions.ts `dashboard`, `own-comment`); the handlers work on what it decided on.
export const registerEmbedComments: RouteGroup = (app, ctx) => {
  const comment = (c: Context<AppEnv>, row: ResourceRow): Json => ({
    id: row.id,
    dashboardId: String(row.scope.slice('dashboard:'.length)),
    body: row.body.removedAt ? '' : row.body.body,
    userId: row.body.userId ?? null,
    isOwn: row.body.userId === principalOf(c).userId,
    createdAt: isoTime(row.createdAt),
    editedAt: typeof row.body.editedAt === 'number' ? isoTime(row.body.editedAt) : null,
    removedAt: typeof row.body.removedAt === 'number' ? isoTime(row.body.removedAt) : null,
  });
  const thread = (c: Context<AppEnv>, root: ResourceRow): Json => ({
    root: comment(c, root),
    replies: listResources(ctx.db, 'embed-comment', root.scope).filter((r) => r.body.parentId === root.id).map((r) => comment(c, r)),
    resolvedAt: typeof root.body.resolvedAt === 'number' ? isoTime(root.body.resolvedAt) : null,
    resolvedBy: root.body.resolvedBy ?? null,
  });
  /** The author's comment the policy decided on, unless it was removed already. */
  const own = (c: Context<AppEnv>): ResourceRow => {
    const row = resourceOf(c, 'own-comment').comment;
    if (row.body.removedAt) throw notFound(`comment ${row.id} was removed`);
    return row;
  };
  const base = '/api/v1/embed/dashboard/{publicId}/comments';

  app.openapi(
    createRoute({method: 'get', path: base, operationId: 'listDashboardComments', tags, summary: 'Comment threads of a published dashboard (unresolved ones unless includeResolved/resolvedOnly)', request: {params: PublicId, query: ThreadsQuery}, responses: {200: json(ObjectList, 'a page of threads'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const p = valid(c, 'param');
      const q = valid(c, 'query');
      const roots = listResources(ctx.db, 'embed-comment', commentScope(p.publicId))
        .filter((r) => r.body.parentId == null)
        .filter((r) => (q.resolvedOnly === 'true' ? r.body.resolvedAt != null : q.includeResolved === 'true' || r.body.resolvedAt == null));
      return c.json(cursorPage(roots.map((r) => thread(c, r)), q as {first?: string; after?: string}), 200);
    },
  );

  app.openapi(
    createRoute({method: 'post', path: base, operationId: 'createDashboardComment', tags, summary: 'Comment on a published dashboard, or reply to a thread (parentId)', request: {params: PublicId, body: jsonBody(CreateCommentInput)}, responses: {200: json(AnyJsonObject, 'the comment'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const p = valid(c, 'param');
      const b = valid(c, 'json');
      if (b.parentId != null) {
        const parent = findResource(ctx.db, 'embed-comment', commentScope(p.publicId), Number(b.parentId));
        if (!parent || parent.body.parentId != null) throw badRequest(`parentId: no thread ${String(b.parentId)} on this dashboard`);
      }
      const row = insertResource(ctx.db, 'embed-comment', commentScope(p.publicId), {body: b.body, parentId: b.parentId ?? null, userId: principalOf(c).userId}, ctx.clock.now());
      return c.json(comment(c, row), 200);
    },
  );

  app.openapi(
    createRoute({method: 'patch', path: `${base}/{commentId}`, operationId: 'updateDashboardComment', tags, summary: "Edit one's own comment", request: {params: CommentParams, body: jsonBody(UpdateCommentInput)}, responses: {200: json(AnyJsonObject, 'the comment'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const row = own(c);
      const now = ctx.clock.now();
      return c.json(comment(c, saveResource(ctx.db, {...row, body: {...row.body, body: valid(c, 'json').body, editedAt: now}}, now)), 200);
    },
  );

  app.openapi(
    createRoute({method: 'delete', path: `${base}/{commentId}`, operationId: 'removeDashboardComment', tags, summary: "Remove one's own comment (it stays in its thread, emptied)", request: {params: CommentParams}, responses: {200: json(SuccessBody, 'removed'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const row = own(c);
      const now = ctx.clock.now();
      saveResource(ctx.db, {...row, body: {...row.body, removedAt: now}}, now);
      return c.json({success: true}, 200);
    },
  );

  app.openapi(
    createRoute({method: 'post', path: `${base}/{commentId}/resolve`, operationId: 'setDashboardCommentResolved', tags, summary: 'Resolve a thread, or open it again', request: {params: CommentParams, body: jsonBody(ResolveCommentInput)}, responses: {200: json(AnyJsonObject, 'the thread'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const row = resourceOf(c, 'dashboard').comment!;
      if (row.body.parentId != null) throw badRequest('only a thread (its first comment) is resolved, not a reply');
      const resolved = valid(c, 'json').resolved === true;
      const now = ctx.clock.now();
      const saved = saveResource(ctx.db, {...row, body: {...row.body, resolvedAt: resolved ? now : null, resolvedBy: resolved ? principalOf(c).userId : null}}, now);
      return c.json(thread(c, saved), 200);
    },
  );

  app.openapi(
    createRoute({method: 'get', path: `${base}/mentionable-users`, operationId: 'listMentionableEmbedUsers', tags, summary: "Embed users who can see the dashboard (its workbook's embed access), to mention in comments", request: {params: PublicId, query: SearchQuery}, responses: {200: json(ObjectList, 'a page of users'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const q = valid(c, 'query');
      const dashboard = resourceOf(c, 'dashboard').dashboard;
      const workbook = findResource(ctx.db, 'workbook', dashboard.scope, Number(dashboard.body.workbookId));
      const access = workbook?.body.embedAccess as {allowEmbed?: boolean; allEmbedUsers?: {enabled: boolean; action: string}; tenants?: Array<{embedTenantName: string; action: string}>} | undefined;
      const everyone = access?.allowEmbed === true && access.allEmbedUsers?.enabled === true && access.allEmbedUsers.action === 'read';
      const tenants = new Set(access?.allowEmbed ? (access.tenants ?? []).filter((t) => t.action === 'read').map((t) => t.embedTenantName) : []);
      const search = typeof q.search === 'string' ? q.search.toLowerCase() : undefined;
      const users = listAllResources(ctx.db, 'embed-user')
        .filter((u) => everyone || tenants.has(u.scope))
        .map((u) => ({id: u.id, username: String(u.body.username), email: u.body.email ?? null, firstName: u.body.firstName ?? null}))
        .filter((u) => search === undefined || `${u.username} ${u.email ?? ''} ${u.firstName ?? ''}`.toLowerCase().includes(search));
      return c.json(cursorPage(users, q as {first?: string; after?: string}), 200);
    },
  );
};
