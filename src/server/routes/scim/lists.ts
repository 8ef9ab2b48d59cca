// One way to answer a SCIM query, whether it came as GET query parameters (RFC 7644 §3.4.2) or as a
// SearchRequest body (§3.4.3): filter, 1-based paging, then `attributes` / `excludedAttributes` on each resource.
import type {z} from 'zod';
import type {ScimGroup, ScimListQuery, ScimSearchRequest, ScimUser} from '../../../contract/scim.js';
import type {ServiceContext} from '../../context.js';
import {listScimUsers} from '../../store/scim.js';
import {GROUP_FILTER_ATTRS, USER_FILTER_ATTRS} from '../../store/scimFilter.js';
import {listScimGroups} from '../../store/scimGroups.js';
import {nameList, project, type Projection} from './projection.js';
import {listResponse, scimFilter, scimPage, toScimGroup, toScimUser} from './views.js';

export interface ScimQuery extends Projection {
  filter?: string;
  startIndex?: number;
  count?: number;
}

const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

export const queryFromParams = (q: z.infer<typeof ScimListQuery>): ScimQuery =>
  defined({
    filter: q.filter,
    startIndex: q.startIndex === undefined ? undefined : Number(q.startIndex),
    count: q.count === undefined ? undefined : Number(q.count),
    attributes: nameList(q.attributes),
    excludedAttributes: nameList(q.excludedAttributes),
  });

/** sortBy/sortOrder are read and not applied: ServiceProviderConfig says sort is not supported (as with GET). */
export const queryFromSearch = (body: ScimSearchRequest): ScimQuery =>
  defined({
    filter: body.filter,
    startIndex: body.startIndex,
    count: body.count,
    attributes: body.attributes && body.attributes.length > 0 ? body.attributes : undefined,
    excludedAttributes: body.excludedAttributes && body.excludedAttributes.length > 0 ? body.excludedAttributes : undefined,
  });

/** Each kind of resource: how a filter compiles for it, and a page of it as SCIM resources. */
const KINDS = {
  Users: {
    attrs: USER_FILTER_ATTRS,
    page: (ctx: ServiceContext, f: ReturnType<typeof scimFilter>, offset: number, limit: number) => {
      const {rows, total} = listScimUsers(ctx.db, f, offset, limit);
      return {resources: rows.map((u): ScimUser | ScimGroup => toScimUser(ctx, u)), total};
    },
  },
  Groups: {
    attrs: GROUP_FILTER_ATTRS,
    page: (ctx: ServiceContext, f: ReturnType<typeof scimFilter>, offset: number, limit: number) => {
      const {rows, total} = listScimGroups(ctx.db, f, offset, limit);
      return {resources: rows.map((g): ScimUser | ScimGroup => toScimGroup(ctx, g)), total};
    },
  },
} as const;

export type ScimKind = keyof typeof KINDS;

/**
 * A ListResponse over the given kinds, in that order (a search at the root: users, then groups). A filter naming
 * an attribute one kind lacks matches none of that kind; one that fits no kind is invalidFilter.
 */
export function scimList(ctx: ServiceContext, kinds: ScimKind[], q: ScimQuery) {
  const page = scimPage(q);
  const compiled: Array<{kind: ScimKind; filter: ReturnType<typeof scimFilter>}> = [];
  let refusal: unknown;
  for (const kind of kinds) {
    try {
      compiled.push({kind, filter: scimFilter(q.filter, KINDS[kind].attrs)});
    } catch (err) {
      refusal = err;
    }
  }
  if (compiled.length === 0) throw refusal;
  let resources: Array<ScimUser | ScimGroup> = [];
  let total = 0;
  for (const {kind, filter} of compiled) {
    // Where this kind's rows fall in the combined order decides which of them the page takes.
    const offset = Math.max(0, page.offset - total);
    const limit = page.limit - resources.length;
    const part = KINDS[kind].page(ctx, filter, offset, limit);
    resources = resources.concat(part.resources);
    total += part.total;
  }
  return listResponse(
    resources.map((r) => project(r, q)),
    total,
    page.startIndex,
  );
}
