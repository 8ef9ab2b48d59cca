// Queries nobody waits for: the state of each row a list shows. Their requests go through the client's background
// lane (api/lane.ts: a few at a time, never ahead of a request the user made), and the header's spinner and
// "updated … ago" leave them out: a screen's row states refreshing one by one would otherwise keep the spinner
// turning, and every turn redraws the whole screen.
import type {Api} from '../api/client.js';
import {backgroundLane} from '../api/lane.js';

const BACKGROUND_META = {background: true} as const;

/** `query(lane)` on `api`'s background lane, marked as a background query. */
export function backgroundQuery<T extends object>(api: Api, query: (lane: Api) => T): T & {meta: typeof BACKGROUND_META} {
  return {...query(backgroundLane(api)), meta: BACKGROUND_META};
}

/** Whether `query` was made by backgroundQuery. */
export function isBackgroundQuery(query: {meta?: Record<string, unknown> | undefined}): boolean {
  return query.meta?.background === true;
}
