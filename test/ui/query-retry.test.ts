// The console's one retry layer (react-query, ui/queryClient.ts) retries what retrying can mend — a failure below
// HTTP, a 5xx, 408, 429 (api/errors.ts isTransient) — and nothing else: a refused key, a forbidden or missing
// object, a malformed credential or answer shows at once instead of after two more requests and ~3 s of backoff.
import {describe, expect, it} from 'vitest';
import {ApiError, MalformedCredentialError, TransportError, UnexpectedBodyError} from '../../src/api/errors.js';
import {testQueryClient} from '../helpers/renderTui.js';

/** How many times a query that always fails with `err` is asked before it reports the failure. */
async function attempts(err: Error): Promise<number> {
  const client = testQueryClient();
  let asked = 0;
  await expect(client.fetchQuery({queryKey: ['q', err.message], queryFn: () => (asked++, Promise.reject(err))})).rejects.toBe(err);
  return asked;
}

describe('the console retries only transient failures', () => {
  it.each([
    ['a refused key (401)', new ApiError(401, 'GET', '/api/v1/deployments', 'invalid API key')],
    ['a forbidden read (403)', new ApiError(403, 'GET', '/api/v1/deployments/2', 'no')],
    ['a missing object (404)', new ApiError(404, 'GET', '/api/v1/deployments/9', '')],
    ['a refused input (400)', new ApiError(400, 'GET', '/api/v1/deployments', 'limit')],
    ['a malformed key', new MalformedCredentialError(undefined, 'character 4 of 9 is a space')],
    ['an answer that is not the API', new UnexpectedBodyError('expected JSON, got text/html')],
  ])('%s: asked once', async (_what, err) => {
    expect(await attempts(err)).toBe(1);
  });

  it.each([
    ['a 503', new ApiError(503, 'GET', '/api/v1/deployments', 'busy')],
    ['a 429', new ApiError(429, 'GET', '/api/v1/deployments', 'slow down')],
    ['a refused connection', new TransportError('http://127.0.0.1:1/api/v1/deployments', 'ECONNREFUSED')],
  ])('%s: asked three times', async (_what, err) => {
    expect(await attempts(err)).toBe(3);
  });
});
