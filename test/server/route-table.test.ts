// Every app of the process shares one trie of its routes (src/server/routeTable.ts); the handlers stay each app's
// own. The router on its own: each router answers with its handlers, whatever another router with the same routes
// added; a different list of routes gets a trie of its own. Two apps in one process (sharing the trie and the
// object catalogue's route definitions): each answers from its own store, keys and deployment hooks.
import {describe, expect, it} from 'vitest';
import {SharedTrieRouter} from '../../src/server/routeTable.js';
import {testApp} from '../helpers/startService.js';

const matched = <T>(router: SharedTrieRouter<T>, method: string, path: string) =>
  router.match(method, path)[0].map(([handler, params]) => ({handler, params: {...params}}));

describe('the shared route table', () => {
  it('gives each router its own handlers for the same routes', () => {
    const first = new SharedTrieRouter<string>();
    const second = new SharedTrieRouter<string>();
    for (const [router, name] of [[first, 'first'], [second, 'second']] as const) {
      router.add('ALL', '*', `${name}: every path`);
      router.add('GET', '/items/:id', `${name}: one item`);
      router.add('POST', '/items', `${name}: create`);
    }
    expect(matched(first, 'GET', '/items/7')).toEqual([
      {handler: 'first: every path', params: {}},
      {handler: 'first: one item', params: {id: '7'}},
    ]);
    expect(matched(second, 'GET', '/items/8')).toEqual([
      {handler: 'second: every path', params: {}},
      {handler: 'second: one item', params: {id: '8'}},
    ]);
    expect(matched(first, 'POST', '/items').map((m) => m.handler)).toEqual(['first: every path', 'first: create']);
  });

  it('matches a router by its own routes when they differ from another one\'s, and a route added after a match', () => {
    const plain = new SharedTrieRouter<string>();
    const more = new SharedTrieRouter<string>();
    for (const router of [plain, more]) router.add('GET', '/items/:id', 'one item');
    more.add('GET', '/items/:id/history', 'history');
    expect(matched(more, 'GET', '/items/1/history').map((m) => m.handler)).toEqual(['history']);
    expect(matched(plain, 'GET', '/items/1/history')).toEqual([]);
    plain.add('DELETE', '/items/:id', 'delete');
    expect(matched(plain, 'DELETE', '/items/2')).toEqual([{handler: 'delete', params: {id: '2'}}]);
    expect(matched(more, 'DELETE', '/items/2')).toEqual([]);
  });
});

describe('two apps in one process', () => {
  it('answer from their own store, keys and deployment hooks', async () => {
    const a = testApp('demo');
    const b = testApp('demo');
    try {
      const created = await a.call('/build/api/v1/deployments', {method: 'POST', json: {name: 'only-in-a', region: 'gcp-europe-west3'}});
      expect(created.status).toBe(200);
      const id = created.body.id as number;
      // A's create hook scaffolded A's environment; B has no such deployment.
      expect((await a.call(`/api/v1/deployments/${id}/environments`)).body.data.environments.map((e: {type: string}) => e.type)).toEqual(['production']);
      expect((await a.call(`/api/v1/deployments/${id}`)).body).toMatchObject({id, name: 'only-in-a'});
      expect((await b.call(`/api/v1/deployments/${id}`)).status).toBe(404);
      // The object catalogue's routes are defined once per process (crud.ts); each app's handlers use its own store.
      const folder = await a.call('/api/v1/deployments/1/folders', {method: 'POST', json: {name: 'only-in-a'}});
      expect(folder.status).toBe(200);
      const folders = async (app: typeof a) => (await app.call('/api/v1/deployments/1/folders')).body.items.map((f: {name: string}) => f.name);
      expect(await folders(a)).toContain('only-in-a');
      expect(await folders(b)).not.toContain('only-in-a');
      // Each app's admin key is its own.
      expect((await b.call('/api/v1/deployments', {key: a.adminKey})).status).toBe(401);
      expect((await a.call('/api/v1/deployments', {key: b.adminKey})).status).toBe(401);
    } finally {
      a.close();
      b.close();
    }
  });
});
