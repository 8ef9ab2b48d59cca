// Requests nobody is waiting for (the state of each row a list shows: its build, last sync and settings) go
// through a background lane: at most BACKGROUND_LIMIT of them in flight, the rest waiting in the order they were
// asked for. A request the user made (a key, a screen opened) goes through the client itself and never waits behind
// them: the service sees at most that many before it, not the dozens a screenful of rows asks for at once (84 rows'
// requests sent together held a key's answer for a second and more on a loaded machine, and the in-process service
// of `svc ui --local` answered the first of them only after it had read them all). Their answers are handed over
// together: when the lane has nothing more to send, else BACKGROUND_BATCH_MS after the first came back, so a
// screenful of rows fills in a few frames, not one frame per answer (each frame lays out the whole screen).
import type {Api, RequestOptions} from './client.js';

/** Background requests in flight at once, per client (its derived clients included). */
export const BACKGROUND_LIMIT = 4;

/** Longest an answer of the background lane waits for the answers after it. */
export const BACKGROUND_BATCH_MS = 250;

/**
 * A lane's turns: at most `limit` requests in flight, the starts of those waiting (first asked first), and the
 * answers waiting to be handed over together (for at most `batchMs`; 0 hands each over as it comes).
 */
export interface Turns {
  readonly limit: number;
  readonly batchMs: number;
  active: number;
  readonly waiting: Array<() => void>;
  readonly answered: Array<() => void>;
  timer?: ReturnType<typeof setTimeout>;
}

export const newTurns = (limit: number, batchMs: number): Turns => ({limit, batchMs, active: 0, waiting: [], answered: []});

const lanes = new WeakMap<Api, Api>();

/** The background lane of `api` (one per client, so every list of the session shares its turns). */
export function backgroundLane(api: Api): Api {
  let lane = lanes.get(api);
  if (!lane) {
    lane = laneOver(api, newTurns(BACKGROUND_LIMIT, BACKGROUND_BATCH_MS));
    lanes.set(api, lane);
  }
  return lane;
}

/**
 * `api` with every request waiting for a turn of `turns`. A request whose signal aborts while it waits leaves the
 * line at once, rejected with the signal's reason, and is never sent.
 */
export function laneOver(api: Api, turns: Turns): Api {
  const release = () => {
    turns.active--;
    turns.waiting.shift()?.();
  };
  const turn = (signal: AbortSignal | undefined): Promise<void> => {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (turns.active < turns.limit) {
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
  const handOver = () => {
    clearTimeout(turns.timer);
    turns.timer = undefined;
    for (const deliver of turns.answered.splice(0)) deliver();
  };
  /** Resolves when this answer is handed over: with the others once the lane is idle, or after batchMs. */
  const handedOver = () =>
    new Promise<void>((resolve) => {
      turns.answered.push(resolve);
      if (turns.batchMs === 0 || (turns.active === 0 && turns.waiting.length === 0)) handOver();
      else if (turns.timer === undefined) {
        turns.timer = setTimeout(handOver, turns.batchMs);
        turns.timer.unref?.();
      }
    });
  const inTurn = async <T>(signal: AbortSignal | undefined, send: () => Promise<T>): Promise<T> => {
    await turn(signal);
    // The turn ends with the answer, so the next request goes out while this one waits to be handed over.
    const answer = await send().then(
      (value) => ({value}),
      (error: unknown) => ({error}),
    ).finally(release);
    await handedOver();
    if ('error' in answer) throw answer.error;
    return answer.value;
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
    derive: (client) => laneOver(api.derive(client), turns),
  };
}
