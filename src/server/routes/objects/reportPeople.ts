// Who owns a report and who refreshed it last, as every report answer carries them (list, get and the placement
// operations share this one builder).
import type {ServiceContext} from '../../context.js';
import type {ResourceRow} from '../../store/resources.js';
import {findAdmin, findUser} from '../../store/users.js';

type Json = Record<string, unknown>;

function person(ctx: ServiceContext, userId: number): Json {
  const u = findUser(ctx.db, userId);
  return {id: userId, email: u?.email ?? '', firstName: u?.first_name ?? null, picture: null};
}

/** `userId`/`user` (the owner; the admin for reports made before owners were kept) and `refreshedBy`/`refreshedByUser`. */
export function reportPeople(ctx: ServiceContext, row: ResourceRow): Json {
  const userId = typeof row.body.userId === 'number' ? row.body.userId : (findAdmin(ctx.db)?.id ?? 0);
  const refreshedBy = typeof row.body.refreshedBy === 'number' ? row.body.refreshedBy : null;
  return {userId, user: person(ctx, userId), refreshedBy, refreshedByUser: person(ctx, refreshedBy ?? userId)};
}
