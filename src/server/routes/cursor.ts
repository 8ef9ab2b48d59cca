// Cursor paging (`first`/`after` with pageInfo) for lists the service holds in full: the cursor is the position
// after which the next page starts, opaque to clients.
import type {PageInfo} from '../../contract/index.js';
import {badRequest} from '../errors.js';

export const DEFAULT_PAGE_SIZE = 20;

export function encodePosition(position: number): string {
  return Buffer.from(`p${position}`).toString('base64url');
}

export function decodePosition(cursor: string): number {
  const m = /^p(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw badRequest('after: not a cursor this service issued (use pageInfo.endCursor)');
  return Number(m[1]);
}

/** One page of `rows` for `first`/`after` query strings (already validated by the contract). */
export function cursorPage<T>(rows: readonly T[], q: {first?: string; after?: string}, pageSize = DEFAULT_PAGE_SIZE): {items: T[]; pageInfo: PageInfo} {
  const start = q.after ? decodePosition(q.after) : 0;
  const size = q.first ? Number(q.first) : pageSize;
  const items = rows.slice(start, start + size);
  const end = start + items.length;
  return {
    items,
    pageInfo: {hasNextPage: end < rows.length, hasPreviousPage: start > 0, startCursor: encodePosition(start), endCursor: encodePosition(end)},
  };
}
