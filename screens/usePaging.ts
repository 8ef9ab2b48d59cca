// Paging of an infinite list: the next page is fetched as the cursor nears the end of the loaded rows, so
// scrolling never waits at the bottom and nothing is fetched that nobody scrolls to.
import {useCallback, useRef} from 'react';

/** Rows from the end of the loaded ones at which the next page is fetched (at most half a page). */
export const PREFETCH_ROWS = 10;

interface Pages {
  readonly hasNextPage: boolean;
  readonly isFetchingNextPage: boolean;
  readonly fetchNextPage: () => Promise<unknown>;
}

/** A callback for the row under the cursor (DataTable's onSelect) that fetches the next page when it is near the end. */
export function useNextPage<T>(rows: readonly T[], query: Pages, pageSize: number, getId: (row: T) => unknown): (row: T) => void {
  const paging = useRef({rows, query, getId});
  paging.current = {rows, query, getId};
  return useCallback((row: T) => {
    const {rows: loaded, query: q, getId: id} = paging.current;
    const index = loaded.findIndex((r) => id(r) === id(row));
    const threshold = Math.min(PREFETCH_ROWS, Math.ceil(pageSize / 2));
    if (index >= loaded.length - threshold && q.hasNextPage && !q.isFetchingNextPage) void q.fetchNextPage();
  }, [pageSize]);
}
