// The app routes with a trie from the start (app.ts; one trie shared by the apps of the process, routeTable.ts).
// Hono's default, SmartRouter, tries the
// RegExpRouter on the first request and falls back to the trie when the route table does not fit it; this table
// does not, so the default spent each new app's first request on a RegExpRouter it then threw away. Should the
// table come to fit the RegExpRouter (the faster matcher), the first test says so, and app.ts should be looked at.
import {describe, expect, it} from 'vitest';
import {RegExpRouter} from 'hono/router/reg-exp-router';
import {testAppEach} from '../helpers/startService.js';

describe('the service app\'s router', () => {
  const t = testAppEach('demo');

  it('is the trie, as the route table does not fit the RegExpRouter', () => {
    expect(t.app.router.name).toBe('SharedTrieRouter');
    const routes = t.app.routes;
    expect(routes.length).toBeGreaterThan(500);
    const regExp = new RegExpRouter<unknown>();
    expect(() => {
      for (const r of routes) regExp.add(r.method, r.path, r.handler);
      regExp.match('GET', '/api/v1/deployments');
    }).toThrow(/by-slug/);
  });

  it('routes a parameterised path, a literal beside a parameter, and an unknown path as before', async () => {
    expect((await t.call('/api/v1/deployments')).status).toBe(200);
    expect((await t.call('/api/v1/deployments/1')).status).toBe(200);
    expect((await t.call('/api/v1/deployments/1/workbooks/by-slug/no-such-slug')).status).toBe(404);
    expect((await t.call('/api/v1/no-such-endpoint')).body).toEqual({error: 'no such endpoint: GET /api/v1/no-such-endpoint'});
  });
});
