// A list pages by offset or by cursor; a paging parameter of the other kind is refused (400 naming the ones the list
// takes) instead of being dropped: `dbt-sync?offset=2` answered page 1, so a client paging by offset looped forever.
import {afterAll, describe, expect, it} from 'vitest';
import {testApp} from '../helpers/startService.js';

const t = testApp();
afterAll(() => t.close());

describe('paging parameters a list does not take', () => {
  it('a cursor list refuses offset and limit, naming first and after', async () => {
    for (const param of ['offset=2', 'limit=5']) {
      const res = await t.call(`/api/v1/deployments/1/dbt-sync?${param}`);
      expect(res.status, param).toBe(400);
      expect(res.body.error).toBe(`${param.split('=')[0]}: this list pages by cursor and takes first and after, not ${param.split('=')[0]}`);
    }
    expect((await t.call('/build/api/v1/deployments/1/branches?offset=1')).status).toBe(400);
  });

  it('the environments list honours first/after as the platform describes it (before: ignored, page 1 again)', async () => {
    const all = (await t.call('/api/v1/deployments/1/environments')).body.items as Array<{id: string}>;
    expect(all.length).toBeGreaterThan(1);
    const first = await t.call('/api/v1/deployments/1/environments?first=1');
    expect(first.body.items.map((e: {id: string}) => e.id)).toEqual([all[0]!.id]);
    const next = await t.call(`/api/v1/deployments/1/environments?first=1&after=${first.body.pageInfo.endCursor as string}`);
    expect(next.body.items.map((e: {id: string}) => e.id)).toEqual([all[1]!.id]);
  });

  it('the parameters a list takes still work, and the default page is 20', async () => {
    const first = await t.call('/api/v1/deployments/1/dbt-sync?first=2');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    const page = await t.call('/api/v1/deployments/1/dbt-sync');
    expect(page.body.items).toHaveLength(20);
    expect((await t.call('/api/v1/deployments?offset=1&limit=2')).body.data.deployments).toHaveLength(2);
    expect((await t.call('/api/v1/deployments')).body.data.deployments).toHaveLength(20);
  });
});
