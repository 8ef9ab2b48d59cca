// Requests nobody is waiting for (the state of each row a list shows: its build, last sync and settings) go
// through a background lane: at most BACKGROUND_LIMIT of them in flight, the rest waiting in the order they were
// asked for. A request the user made (a key, a screen opened) goes through the client itself and never waits behind
// them: the service sees at most that many before it, not the dozens a screenful of rows asks for at once (84 rows'
// requests sent together held a key's answer for a second and more on a loaded machine, and the in-process service
// of `svc ui --local` answered the first of them only after it had read them all).
import type {Api, RequestOptions} from './client.js';

/** Background requests in flight at once, per client (its derived clients included). */
export const BACKGROUND_LIMIT = 4;

/** The lane's turns: how many requests are in flight, and the starts of those waiting, first asked first. */
interface Turns {
  active: number;
  readonly waiting: Array<() => void>;
}

const lanes = new WeakMap<Api, Api>();

/** The background lane of `api` (one per client, so every list of the session shares its turns). */
export function backgroundLane(api: Api): Api {
  let lane = lanes.get(api);
  if (!lane) {
    lane = laneOver(api, {active: 0, waiting: []}, BACKGROUND_LIMIT);
    lanes.set(api, lane);
  }
  return lane;
}

/**
 * `api` with every request waiting for a turn of `turns` (at most `limit` in flight). A request whose signal aborts
 * while it waits leaves the line at once, rejected with the signal's reason, and is never sent.
 */
export function laneOver(api: Api, turns: Turns, limit: number): Api {
  const release = () => {
    turns.active--;
    turns.waiting.shift()?.();
  };
  const turn = (signal: AbortSignal | undefined): Promise<void> => {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (turns.active < limit) {
      turns.active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener('abort', leave);
        turns.active++;
        resolve();
      };
      const leave = () => {
        turns.waiting.splice(turns.waiting.indexOf(start), 1);
        reject(signal!.reason);
      };
      turns.waiting.push(start);
      signal?.addEventListener('abort', leave, {once: true});
    });
  };
  const inTurn = async <T>(signal: AbortSignal | undefined, send: () => Promise<T>): Promise<T> => {
    await turn(signal);
    try {
      return await send();
    } finally {
      release();
    }
  };
  // Each method goes to the same method of `api` (a client may treat them apart), in its turn.
  const queued = (send: (path: string, opts?: RequestOptions) => Promise<unknown>) => (path: string, opts?: RequestOptions) => inTurn(opts?.signal, () => send(path, opts));
  return {
    baseUrl: api.baseUrl,
    get: queued((path, opts) => api.get(path, opts)),
    post: queued((path, opts) => api.post(path, opts)),
    put: queued((path, opts) => api.put(path, opts)),
    patch: queued((path, opts) => api.patch(path, opts)),
    delete: queued((path, opts) => api.delete(path, opts)),
    request: (method, path, opts) => inTurn(opts?.signal, () => api.request(method, path, opts)),
    // A stream's turn ends when its answer's headers arrive: the lane bounds requests waiting for the service.
    raw: (method, path, opts) => inTurn(opts?.signal, () => api.raw(method, path, opts)),
    derive: (client) => laneOver(api.derive(client), turns, limit),
  };
}
