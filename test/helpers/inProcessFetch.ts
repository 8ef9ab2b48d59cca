// A client's way into a test service in the same process without a socket. Each service listening in this process
// (startTestService) is in one registry, by its origin, until it closes: `routeInProcess`, the fetch of a screen
// test's client (startTestService's `fetch`) and of a CLI run's commands (cliInProcess.ts swaps it in for
// `globalThis.fetch`), hands a request for a registered origin to that service's app (`RunningService.app`) as the
// HTTP server would have handed it over, and sends every other request (another address, or a service that closed)
// over the network as fetch does. A test's console or command then spends no CPU on loopback HTTP (fetch, the
// socket, the Node adapter), while the service still listens for what a test sends over a socket.
//
// What the app sees is what came over loopback: the client's method, headers and body, the Host it would have
// sent, a Content-Length where Node's fetch sends one (chunked where it streams), the client's abort signal, and a socket at 127.0.0.1 for the
// client's address (audit, rate limits). What the client gets: the app's answer, the status text the server would
// have sent, and a body that fails with the abort's reason when the client aborts while reading it. What stays
// real HTTP's alone (redirects on the wire, size limits of a stream, a server's timeouts, a socket cut mid-answer)
// is tested against listening servers (docs/ARCHITECTURE.md §8).
import {STATUS_CODES} from 'node:http';

/** A service's address and its app (`RunningService`'s `url` and `app`). */
export interface InProcessTarget {
  readonly url: string;
  readonly app: {fetch(request: Request, env: object): Response | Promise<Response>};
}

/** Methods for which Node's fetch says `Content-Length: 0` of an empty body (undici: a method that expects one). */
const EXPECTS_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** The way into the app of each service listening in this process, by its origin: the one place that decides. */
const listening = new Map<string, typeof globalThis.fetch>();

/** Makes `svc` reachable in-process through `routeInProcess` until the returned function is called (when it closes). */
export function listenInProcess(svc: InProcessTarget): () => void {
  const {origin, hostname} = new URL(svc.url);
  const enter = intoApp(svc.app, hostname.replace(/^\[|\]$/g, ''));
  listening.set(origin, enter);
  return () => {
    if (listening.get(origin) === enter) listening.delete(origin);
  };
}

/**
 * A fetch that sends a request for a service listening in this process to its app, and every other one to
 * `network` (by default fetch as it is when the request is sent).
 */
export function routeInProcess(network: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init)): typeof globalThis.fetch {
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    return (listening.get(new URL(url).origin) ?? network)(input, init);
  };
}

/** A fetch that hands every request to `app` as the Node adapter would, from a client at `host`. */
function intoApp(app: InProcessTarget['app'], host: string): typeof globalThis.fetch {
  // getConnInfo (@hono/node-server/conninfo) reads the client's address from the request's socket.
  const bindings = {incoming: {socket: {remoteAddress: host, remotePort: 0, remoteFamily: host.includes(':') ? 'IPv6' : 'IPv4'}}};
  return async (input, init) => {
    const sent = new Request(input, init);
    const {signal} = sent;
    signal.throwIfAborted();
    const headers = new Headers(sent.headers);
    if (!headers.has('host')) headers.set('host', new URL(sent.url).host);
    const length = lengthOf(sent);
    const body = sent.body === null ? undefined : new Uint8Array(await sent.arrayBuffer());
    if (body !== undefined && length === null) headers.set('transfer-encoding', 'chunked');
    else if (body !== undefined && (body.byteLength > 0 || EXPECTS_BODY.has(sent.method))) headers.set('content-length', String(body.byteLength));
    const request = new Request(sent.url, {method: sent.method, headers, body, signal});
    const answer = await untilAborted(Promise.resolve(app.fetch(request, bindings)), signal);
    return new Response(answer.body?.pipeThrough(new TransformStream(), {signal}) ?? null, {
      status: answer.status,
      statusText: answer.statusText || STATUS_CODES[answer.status],
      headers: answer.headers,
    });
  };
}

/**
 * The length of `request`'s body as Node's fetch knows it: known for text, bytes and a form (sent with a
 * Content-Length), null for a stream (sent chunked: ky streams an upload to report its progress). undici keeps it in
 * the request's state, which the Request API does not show; a fetch that keeps no such state fails here, loudly.
 */
function lengthOf(request: Request): number | null {
  const state = Object.getOwnPropertySymbols(request).find((s) => s.description === 'state');
  const body = state === undefined ? undefined : (request as unknown as Record<symbol, {body?: {length?: number | null} | null} | undefined>)[state]?.body;
  if (body === undefined) throw new Error('inProcessFetch: this Request keeps no body state (undici changed?): see lengthOf');
  return body?.length ?? null;
}

/** `answer`, or a rejection with the abort's reason as soon as `signal` aborts (fetch rejects so). */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, {once: true});
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
