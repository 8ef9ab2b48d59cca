// SCIM representations of stored users and groups, list paging (1-based startIndex), and body → fields.
import {
  SCIM_ACCOUNT_SCHEMA,
  SCIM_DEFAULT_COUNT,
  SCIM_ENTERPRISE_SCHEMA,
  SCIM_GROUP_SCHEMA,
  SCIM_LIST_SCHEMA,
  SCIM_MAX_COUNT,
  SCIM_USER_SCHEMA,
  type ScimGroup,
  type ScimGroupInput,
  type ScimUser,
  type ScimUserInput,
} from '../../../contract/scim.js';
import {isoTime, type ServiceContext} from '../../context.js';
import {ScimFailure} from '../../scimEnvelope.js';
import {groupsOfUser, type ScimUserFields, type ScimUserRecord} from '../../store/scim.js';
import {compileFilter, FilterError, type AttrTable, type SqlFilter} from '../../store/scimFilter.js';
import {unknownUserIds, type ScimGroupFields, type ScimGroupRecord} from '../../store/scimGroups.js';
import type {Db} from '../../store/db.js';
import {asBoolean, invalidValue} from './patchPath.js';
import {readEmail} from './patch.js';
import {enterpriseOf, readEnterprise} from './enterprise.js';

export const SCIM_BASE = '/api/scim/v2';

export const location = (ctx: ServiceContext, type: 'Users' | 'Groups', id: string) => `${ctx.baseUrl}${SCIM_BASE}/${type}/${id}`;

export function toScimUser(ctx: ServiceContext, u: ScimUserRecord): ScimUser {
  const name: NonNullable<ScimUser['name']> = {};
  if (u.givenName !== null) name.givenName = u.givenName;
  if (u.familyName !== null) name.familyName = u.familyName;
  // What the provider wrote stands; only a user without one gets it made of the given and family names.
  const formatted = u.formatted ?? [u.givenName, u.familyName].filter(Boolean).join(' ');
  if (formatted !== '') name.formatted = formatted;
  const enterprise = u.extensions[SCIM_ENTERPRISE_SCHEMA];
  const hasEnterprise = enterprise !== undefined && Object.keys(enterprise).length > 0;
  return {
    schemas: [SCIM_USER_SCHEMA, ...(hasEnterprise ? [SCIM_ENTERPRISE_SCHEMA] : []), SCIM_ACCOUNT_SCHEMA],
    id: u.id,
    ...(u.externalId !== null ? {externalId: u.externalId} : {}),
    userName: u.userName,
    ...(Object.keys(name).length > 0 ? {name} : {}),
    ...(u.displayName !== null ? {displayName: u.displayName} : {}),
    emails: u.emails,
    active: u.active,
    groups: groupsOfUser(ctx.db, u.id).map((g) => ({value: g.id, display: g.displayName, $ref: location(ctx, 'Groups', g.id)})),
    ...(hasEnterprise ? {[SCIM_ENTERPRISE_SCHEMA]: enterprise} : {}),
    [SCIM_ACCOUNT_SCHEMA]: {userId: u.accountId},
    meta: {resourceType: 'User', created: isoTime(u.createdAt), lastModified: isoTime(u.updatedAt), location: location(ctx, 'Users', u.id)},
  };
}

export function toScimGroup(ctx: ServiceContext, g: ScimGroupRecord): ScimGroup {
  const group: ScimGroup = {
    schemas: [SCIM_GROUP_SCHEMA],
    id: g.id,
    displayName: g.displayName,
    meta: {resourceType: 'Group', created: isoTime(g.createdAt), lastModified: isoTime(g.updatedAt), location: location(ctx, 'Groups', g.id)},
  };
  if (g.externalId !== null) group.externalId = g.externalId;
  group.members = g.members.map((m) => ({value: m.id, display: m.userName, $ref: location(ctx, 'Users', m.id)}));
  return group;
}

/** RFC 7644 §3.4.2.4: startIndex < 1 counts as 1, count < 0 as 0; count is capped at the advertised maximum. */
export function scimPage(q: {startIndex?: number; count?: number}): {startIndex: number; offset: number; limit: number} {
  const startIndex = Math.max(1, q.startIndex ?? 1);
  const limit = Math.min(SCIM_MAX_COUNT, Math.max(0, q.count ?? SCIM_DEFAULT_COUNT));
  return {startIndex, offset: startIndex - 1, limit};
}

export function listResponse<T>(resources: T[], total: number, startIndex: number) {
  return {schemas: [SCIM_LIST_SCHEMA], totalResults: total, itemsPerPage: resources.length, startIndex, Resources: resources};
}

export function scimFilter(filter: string | undefined, attrs: AttrTable): SqlFilter {
  try {
    return compileFilter(filter, attrs);
  } catch (err) {
    if (err instanceof FilterError) throw new ScimFailure(400, `invalid filter: ${err.message}`, 'invalidFilter');
    throw err;
  }
}

export function userFieldsFrom(input: ScimUserInput): ScimUserFields {
  const emails = (input.emails ?? []).map(readEmail);
  if (emails.filter((e) => e.primary).length > 1) throw invalidValue('at most one email may be primary');
  return {
    userName: input.userName,
    externalId: input.externalId ?? null,
    givenName: input.name?.givenName ?? null,
    familyName: input.name?.familyName ?? null,
    formatted: input.name?.formatted ?? null,
    displayName: input.displayName ?? null,
    emails,
    active: input.active === undefined ? true : asBoolean(input.active, 'active'),
    extensions: enterpriseOf(readEnterprise(input[SCIM_ENTERPRISE_SCHEMA])),
  };
}

export function groupFieldsFrom(input: ScimGroupInput): ScimGroupFields {
  return {
    displayName: input.displayName,
    externalId: input.externalId ?? null,
    memberIds: [...new Set((input.members ?? []).map((m) => m.value))],
  };
}

/** Members must be existing users: a group never points at nobody. */
export function checkMembers(db: Db, fields: ScimGroupFields): void {
  const unknown = unknownUserIds(db, fields.memberIds);
  if (unknown.length > 0) throw invalidValue(`members: no user with id ${unknown.join(', ')}`);
}
