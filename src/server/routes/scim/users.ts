// SCIM Users: list (filter, 1-based paging, attributes/excludedAttributes), get, create, replace, patch, delete.
import {createRoute, type z} from '@hono/zod-openapi';
import {ScimIdParam, ScimListQuery, ScimPatchOp, ScimProjectionQuery, ScimUser, ScimUserInput, ScimUserList} from '../../../contract/scim.js';
import type {RouteGroup} from '../../appTypes.js';
import type {ServiceContext} from '../../context.js';
import {ScimFailure} from '../../scimEnvelope.js';
import {
  deleteScimUser,
  accountEmail,
  findScimUser,
  findUserByEmail,
  findUserByName,
  insertScimUser,
  linkScimUser,
  updateScimUser,
  type ScimUserFields,
  type ScimUserRecord,
} from '../../store/scim.js';
import {findUser} from '../../store/users.js';
import {applyUserPatch} from './patch.js';
import {patchSteps} from './patchPath.js';
import {queryFromParams, scimList} from './lists.js';
import {projectByQuery} from './projection.js';
import {SCIM_TAGS, scimBody, scimErrors, scimJson} from './shared.js';
import {location, SCIM_BASE, toScimUser, userFieldsFrom} from './views.js';

const USERS = `${SCIM_BASE}/Users`;
const ONE = `${USERS}/{id}`;

function loadUser(ctx: ServiceContext, id: string): ScimUserRecord {
  const user = findScimUser(ctx.db, id);
  if (!user) throw new ScimFailure(404, `user ${id} not found`);
  return user;
}

/** userName and the main email name one account user; another user holding either is a conflict. */
function checkUnique(ctx: ServiceContext, fields: ScimUserFields, selfId?: string): void {
  const holder = findUserByName(ctx.db, fields.userName);
  if (holder && holder.scimId !== selfId) throw new ScimFailure(409, `userName "${fields.userName}" is already taken`, 'uniqueness');
  const email = accountEmail(fields);
  const emailHolder = findUserByEmail(ctx.db, email);
  if (emailHolder && emailHolder.scimId !== selfId) {
    throw new ScimFailure(409, `email "${email}" belongs to another account user`, 'uniqueness');
  }
}

/**
 * An account user made in the console or by /api/v1 that the provider now provisions (same userName or
 * email, not claimed by the provider yet) is linked, not duplicated: one person, one identity. Admins are never
 * handed over this way (SCIM lists them like every user; writes keep the account's last active admin).
 */
function linkable(ctx: ServiceContext, fields: ScimUserFields): number | undefined {
  const byName = findUserByName(ctx.db, fields.userName);
  const byEmail = findUserByEmail(ctx.db, accountEmail(fields));
  const candidate = byName ?? byEmail;
  if (!candidate || candidate.linked === 1) return undefined;
  if (byName && byEmail && byName.id !== byEmail.id) return undefined;
  return findUser(ctx.db, candidate.id)?.is_admin ? undefined : candidate.id;
}

function save(ctx: ServiceContext, id: string, fields: ScimUserFields): ScimUserRecord {
  checkUnique(ctx, fields, id);
  updateScimUser(ctx.db, id, fields, ctx.clock.now());
  return loadUser(ctx, id);
}

export const registerScimUsers: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({
      method: 'get',
      path: USERS,
      operationId: 'listScimUsers',
      summary: 'List SCIM users (filter e.g. userName eq "jane@example.com"; startIndex is 1-based; attributes or excludedAttributes)',
      tags: SCIM_TAGS,
      request: {query: ScimListQuery},
      responses: {200: scimJson(ScimUserList, 'a ListResponse of users'), ...scimErrors(400)},
    }),
    (c) => c.json(scimList(ctx, ['Users'], queryFromParams(c.req.valid('query'))) as z.infer<typeof ScimUserList>, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: USERS,
      operationId: 'createScimUser',
      summary: 'Provision a user',
      tags: SCIM_TAGS,
      request: {body: scimBody(ScimUserInput)},
      responses: {201: scimJson(ScimUser, 'the new user'), ...scimErrors(400, 409)},
    }),
    (c) => {
      const fields = userFieldsFrom(c.req.valid('json'));
      const existing = linkable(ctx, fields);
      let id: string;
      if (existing !== undefined) id = linkScimUser(ctx.db, existing, fields, ctx.clock.now());
      else {
        checkUnique(ctx, fields);
        id = insertScimUser(ctx.db, fields, ctx.clock.now());
      }
      c.header('location', location(ctx, 'Users', id));
      return c.json(toScimUser(ctx, loadUser(ctx, id)), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: ONE,
      operationId: 'getScimUser',
      summary: 'Get a SCIM user',
      tags: SCIM_TAGS,
      request: {params: ScimIdParam, query: ScimProjectionQuery},
      responses: {200: scimJson(ScimUser, 'the user'), ...scimErrors(404)},
    }),
    (c) => {
      const q = c.req.valid('query');
      const user = toScimUser(ctx, loadUser(ctx, c.req.valid('param').id));
      return c.json(projectByQuery(user, q), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: ONE,
      operationId: 'replaceScimUser',
      summary: 'Replace every attribute of a SCIM user',
      tags: SCIM_TAGS,
      request: {params: ScimIdParam, body: scimBody(ScimUserInput)},
      responses: {200: scimJson(ScimUser, 'the user after the change'), ...scimErrors(400, 404, 409)},
    }),
    (c) => {
      const {id} = c.req.valid('param');
      loadUser(ctx, id);
      return c.json(toScimUser(ctx, save(ctx, id, userFieldsFrom(c.req.valid('json')))), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: ONE,
      operationId: 'patchScimUser',
      summary: 'Change a SCIM user with a PatchOp (add, replace, remove; e.g. active=false to deactivate)',
      tags: SCIM_TAGS,
      request: {params: ScimIdParam, body: scimBody(ScimPatchOp)},
      responses: {200: scimJson(ScimUser, 'the user after the change'), ...scimErrors(400, 404, 409)},
    }),
    (c) => {
      const {id} = c.req.valid('param');
      const current = loadUser(ctx, id);
      const fields = applyUserPatch(current, patchSteps(c.req.valid('json')));
      return c.json(toScimUser(ctx, save(ctx, id, fields)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: ONE,
      operationId: 'deleteScimUser',
      summary: 'De-provision a SCIM user: the account user, their keys and sessions go, and they leave their groups',
      tags: SCIM_TAGS,
      request: {params: ScimIdParam},
      responses: {204: {description: 'deleted'}, ...scimErrors(404)},
    }),
    (c) => {
      const {id} = c.req.valid('param');
      if (!deleteScimUser(ctx.db, id)) throw new ScimFailure(404, `user ${id} not found`);
      return c.body(null, 204);
    },
  );
};
