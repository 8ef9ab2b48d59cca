// Recipients of a scheduled notification: listed, added (upserted by who they are) and removed. They are kept in
// the notification's stored body under a hidden field, so deleting the notification deletes them too.
import {createRoute, z} from '@hono/zod-openapi';
import {DeploymentIdParam, SuccessBody} from '../../../contract/common.js';
import {CursorQuery} from '../../../contract/common.js';
import {AddNotificationRecipientsInput, RemoveNotificationRecipientsInput} from '../../../contract/objectOps.js';
import {ObjectList} from '../../../contract/objects.js';
import type {RouteGroup} from '../../appTypes.js';
import {notFound} from '../../errors.js';
import {AnyJsonObject, errorResponses, json, jsonBody, valid} from '../http.js';
import {findResource, saveResource, type ResourceRow} from '../../store/resources.js';
import {scopeOf} from './crud.js';
import {cursorPage} from '../cursor.js';

type Recipient = Record<string, unknown> & {type: string};
const FIELDS = ['userId', 'email', 'username', 'embedTenantName', 'embedUserId', 'externalId', 'channelId', 'channelName'] as const;

/** Who a recipient is: the same person or channel added twice is one recipient. */
function keyOf(r: {type: string; userId?: unknown; email?: unknown; embedTenantName?: unknown; externalId?: unknown; channelId?: unknown}): string {
  if (r.type === 'USER') return r.userId != null ? `user:${String(r.userId)}` : `email:${String(r.email).toLowerCase()}`;
  if (r.type === 'EMBED_USER') return `embed:${String(r.embedTenantName)}:${String(r.externalId)}`;
  return `slack:${String(r.channelId)}`;
}

function removalKey(r: {type: string; id: number | string; embedTenantName?: string | null}): string {
  if (r.type === 'USER') return typeof r.id === 'number' || /^\d+$/.test(r.id) ? `user:${r.id}` : `email:${r.id.toLowerCase()}`;
  if (r.type === 'EMBED_USER') return `embed:${String(r.embedTenantName)}:${r.id}`;
  return `slack:${r.id}`;
}

const normalise = (input: Record<string, unknown>): Recipient => ({
  type: String(input.type),
  ...Object.fromEntries(FIELDS.map((f) => [f, input[f] ?? null])),
});

const NotificationParams = DeploymentIdParam.extend({id: z.string().regex(/^\d{1,12}$/, 'notification id must be numeric')});

export const registerRecipients: RouteGroup = (app, ctx) => {
  const path = '/api/v1/deployments/{deploymentId}/notifications/{id}/recipients';
  const tags = ['Notifications'];
  const load = (p: Record<string, unknown>): ResourceRow => {
    const row = findResource(ctx.db, 'notification', scopeOf(ctx, {scope: 'deployment'}, p), Number(p.id));
    if (!row) throw notFound(`notification ${String(p.id)} not found`);
    return row;
  };
  const recipientsOf = (row: ResourceRow) => (Array.isArray(row.body.recipients) ? (row.body.recipients as Recipient[]) : []);

  app.openapi(
    createRoute({method: 'get', path, operationId: 'getRecipients', tags, summary: 'Recipients of a notification', request: {params: NotificationParams, query: CursorQuery}, responses: {200: json(ObjectList, 'a page of recipients'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      return c.json(cursorPage(recipientsOf(load(valid(c, 'param'))), valid(c, 'query') as {first?: string; after?: string}), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path,
      operationId: 'addRecipients',
      tags,
      summary: 'Add recipients; one already there is updated or left unchanged',
      request: {params: NotificationParams, body: jsonBody(AddNotificationRecipientsInput)},
      responses: {200: json(AnyJsonObject, 'created, updated and unchanged recipients'), ...errorResponses(400, 403, 404)},
    }),
    (c) => {
      const row = load(valid(c, 'param'));
      const current = new Map(recipientsOf(row).map((r) => [keyOf(r), r]));
      const out = {createdRecipients: [] as Recipient[], updatedRecipients: [] as Recipient[], unchangedRecipients: [] as Recipient[]};
      for (const input of (valid(c, 'json').recipients as Array<Record<string, unknown>>)) {
        const next = normalise(input);
        const key = keyOf(next);
        const before = current.get(key);
        if (!before) out.createdRecipients.push(next);
        else if (JSON.stringify(before) === JSON.stringify(next)) out.unchangedRecipients.push(next);
        else out.updatedRecipients.push(next);
        current.set(key, next);
      }
      saveResource(ctx.db, {...row, body: {...row.body, recipients: [...current.values()]}}, ctx.clock.now());
      return c.json(out, 200);
    },
  );

  app.openapi(
    createRoute({method: 'delete', path, operationId: 'removeRecipients', tags, summary: 'Remove recipients (unknown ones are ignored)', request: {params: NotificationParams, body: jsonBody(RemoveNotificationRecipientsInput)}, responses: {200: json(SuccessBody, 'removed'), ...errorResponses(400, 403, 404)}}),
    (c) => {
      const row = load(valid(c, 'param'));
      const gone = new Set((valid(c, 'json').recipients as Array<{type: string; id: number | string; embedTenantName?: string | null}>).map(removalKey));
      const kept = recipientsOf(row).filter((r) => !gone.has(keyOf(r)));
      saveResource(ctx.db, {...row, body: {...row.body, recipients: kept}}, ctx.clock.now());
      return c.json({success: true}, 200);
    },
  );
};
