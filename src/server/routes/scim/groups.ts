// SCIM Groups: list (filter e.g. displayName eq "…", attributes/excludedAttributes e.g. members), get, create, replace,
// patch (members add/remove/replace), delete. Members must be existing SCIM users.
import {createRoute, type z} from '@hono/zod-openapi';
import {ScimGroup, ScimGroupInput, ScimGroupList, ScimIdParam, ScimListQuery, ScimPatchOp, ScimProjectionQuery} from '../../../contract/scim.js';
import type {RouteGroup} from '../../appTypes.js';
import type {ServiceContext} from '../../context.js';
import {ScimFailure} from '../../scimEnvelope.js';
import {
  deleteScimGroup,
  findScimGroup,
  findScimGroupByName,
  insertScimGroup,
  updateScimGroup,
  type ScimGroupFields,
  type ScimGroupRecord,
} from '../../store/scimGroups.js';
import {applyGroupPatch} from './patch.js';
import {patchSteps} from './patchPath.js';
import {queryFromParams, scimList} from './lists.js';
import {projectByQuery} from './projection.js';
import {SCIM_TAGS, scimBody, scimErrors, scimJson} from './shared.js';
import {checkMembers, groupFieldsFrom, location, SCIM_BASE, toScimGroup} from './views.js';

const GROUPS = `${SCIM_BASE}/Groups`;
const ONE = `${GROUPS}/{id}`;

function loadGroup(ctx: ServiceContext, id: string): ScimGroupRecord {
  const group = findScimGroup(ctx.db, id);
  if (!group) throw new ScimFailure(404, `group ${id} not found`);
  return group;
}

function check(ctx: ServiceContext, fields: ScimGroupFields, selfId?: string): void {
  const holder = findScimGroupByName(ctx.db, fields.displayName);
  if (holder && holder.id !== selfId) throw new ScimFailure(409, `displayName "${fields.displayName}" is already taken`, 'uniqueness');
  checkMembers(ctx.db, fields);
}

function save(ctx: ServiceContext, id: string, fields: ScimGroupFields): ScimGroupRecord {
  check(ctx, fields, id);
  updateScimGroup(ctx.db, id, fields, ctx.clock.now());
  return loadGroup(ctx, id);
}

export const registerScimGroups: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({
      method: 'get',
      path: GROUPS,
      operationId: 'listScimGroups',
      summary: 'List SCIM groups (filter e.g. displayName eq "Analysts"; startIndex is 1-based)',
      tags: SCIM_TAGS,
      request: {query: ScimListQuery},
      responses: {200: scimJson(ScimGroupList, 'a ListResponse of groups'), ...scimErrors(400)},
    }),
    (c) => c.json(scimList(ctx, ['Groups'], queryFromParams(c.req.valid('query'))) as z.infer<typeof ScimGroupList>, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: GROUPS,
      operationId: 'createScimGroup',
      summary: 'Provision a group, optionally with members',
      tags: SCIM_TAGS,
      request: {body: scimBody(ScimGroupInput)},
      responses: {201: scimJson(ScimGroup, 'the new group'), ...scimErrors(400, 409)},
    }),
    (c) => {
      const fields = groupFieldsFrom(c.req.valid('json'));
      check(ctx, fields);
      const id = insertScimGroup(ctx.db, fields, ctx.clock.now());
      c.header('location', location(ctx, 'Groups', id));
      return c.json(toScimGroup(ctx, loadGroup(ctx, id)), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: ONE,
      operationId: 'getScimGroup',
      summary: 'Get a SCIM group',
      tags: SCIM_TAGS,
      request: {params: ScimIdParam, query: ScimProjectionQuery},
      responses: {200: scimJson(ScimGroup, 'the group'), ...scimErrors(404)},
    }),
    (c) => {
      const q = c.req.valid('query');
      const group = toScimGroup(ctx, loadGroup(ctx, c.req.valid('param').id));
      return c.json(projectByQuery(group, q), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: ONE,
      operationId: 'replaceScimGroup',
      summary: 'Replace a SCIM group, its whole member list included',
      tags: SCIM_TAGS,
      request: {params: ScimIdParam, body: scimBody(ScimGroupInput)},
      responses: {200: scimJson(ScimGroup, 'the group after the change'), ...scimErrors(400, 404, 409)},
    }),
    (c) => {
      const {id} = c.req.valid('param');
      loadGroup(ctx, id);
      return c.json(toScimGroup(ctx, save(ctx, id, groupFieldsFrom(c.req.valid('json')))), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: ONE,
      operationId: 'patchScimGroup',
      summary: 'Change a SCIM group with a PatchOp (e.g. add or remove members)',
      tags: SCIM_TAGS,
      request: {params: ScimIdParam, body: scimBody(ScimPatchOp)},
      responses: {200: scimJson(ScimGroup, 'the group after the change'), ...scimErrors(400, 404, 409)},
    }),
    (c) => {
      const {id} = c.req.valid('param');
      const fields = applyGroupPatch(loadGroup(ctx, id), patchSteps(c.req.valid('json')));
      return c.json(toScimGroup(ctx, save(ctx, id, fields)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: ONE,
      operationId: 'deleteScimGroup',
      summary: 'Delete a SCIM group (its member users stay)',
      tags: SCIM_TAGS,
      request: {params: ScimIdParam},
      responses: {204: {description: 'deleted'}, ...scimErrors(404)},
    }),
    (c) => {
      const {id} = c.req.valid('param');
      if (!deleteScimGroup(ctx.db, id)) throw new ScimFailure(404, `group ${id} not found`);
      return c.body(null, 204);
    },
  );
};
