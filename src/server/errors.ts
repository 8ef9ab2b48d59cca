// Routes fail by throwing: the app's error handler turns an HttpFailure into `{"error": message}` with its
// status, so handlers only ever return their success shape.
import type {ContentfulStatusCode} from 'hono/utils/http-status';

export class HttpFailure extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
    this.name = 'HttpFailure';
  }
}

export const badRequest = (message: string) => new HttpFailure(400, message);
export const unauthorized = (message: string) => new HttpFailure(401, message);
export const forbidden = (message: string) => new HttpFailure(403, message);
export const notFound = (message: string) => new HttpFailure(404, message);
export const conflict = (message: string) => new HttpFailure(409, message);
