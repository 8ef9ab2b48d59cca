// Routes fail by throwing: the app's error handler turns an HttpFailure into `{"error": message}` with its
// status, so handlers only ever return their success shape.
import type {ContentfulStatusCode} from 'hono/utils/http-status';

export class HttpFailure extends Error {
  readonly status: ContentfulStatusCode;
  constructor(status: ContentfulStatusCode, message: string) {
    // An answer, not a fault: nothing reads where it was thrown, and capturing the stack was 4.5% of the route
    // fuzzer's CPU (a profile of it). A fault (any other Error) keeps its stack for the log.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = limit;
    }
    this.status = status;
    this.name = 'HttpFailure';
  }
}

export const badRequest = (message: string) => new HttpFailure(400, message);
export const unauthorized = (message: string) => new HttpFailure(401, message);
export const forbidden = (message: string) => new HttpFailure(403, message);
export const notFound = (message: string) => new HttpFailure(404, message);
export const conflict = (message: string) => new HttpFailure(409, message);
