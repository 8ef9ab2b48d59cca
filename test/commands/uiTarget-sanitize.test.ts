// The console's client makes every string of every answer inert as it is parsed, so no screen can draw a server's
// escape sequence raw, whichever component shows it; command mode keeps the document as the server sent it.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createApi} from '../../src/api/client.js';
import {remoteTarget} from '../../src/commands/uiTarget.js';
import {json, startStub} from '../helpers/httpStub.js';

const HOSTILE = {deployment: {name: 'prod\u001b]0;owned\u0007\u001b[2J', tags: ['a\u009bb', 'c\u202ed'], note: 'line one\nline\ttwo'}, count: 3};
let stub: Awaited<ReturnType<typeof startStub>>;
beforeAll(async () => {
  stub = await startStub({'/api/v1/thing': (_q, res) => json(res, 200, HOSTILE)});
});
afterAll(() => stub.close());

describe('server text on its way to the console', () => {
  it('the console target parses every nested string through the sanitizer, keeping newlines, tabs and numbers', async () => {
    const target = remoteTarget({url: stub.url, token: 'svc_test_token_not_real_0000000000'});
    const doc = (await target.api.get('/api/v1/thing')) as typeof HOSTILE;
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/[\u001b\u0007\u009b\u202e]/);
    expect(doc.deployment.name).toBe('prod\\x1b]0;owned\\x07\\x1b[2J');
    expect(doc.deployment.tags).toEqual(['a\\x9bb', 'c\\u202ed']);
    expect(doc.deployment.note).toBe('line one\nline\ttwo');
    expect(doc.count).toBe(3);
  });

  it('command mode gets the document as sent (its --json stays the API document; output sanitises instead)', async () => {
    const doc = await createApi({baseUrl: stub.url, token: 't'}).get('/api/v1/thing');
    expect(doc).toEqual(HOSTILE);
  });
});
