import {describe, expect, it} from 'vitest';
import {latestEngineTime} from '../../src/server/store/clockOrigin.js';
import {testApp} from '../helpers/startService.js';

describe('latestEngineTime (clock origin after a restart)', () => {
  it('is the newest time any engine stamped: a dbt sync started after the last build counts', async () => {
    const t = testApp('empty');
    try {
      expect(latestEngineTime(t.ctx.db)).toBeUndefined();
      const created = await t.call('/build/api/v1/deployments', {method: 'POST', json: {name: 'clock', region: 'aws-us-east-1'}});
      expect(created.status).toBeLessThan(300);
      const afterBuild = latestEngineTime(t.ctx.db);
      expect(afterBuild).toBeGreaterThanOrEqual(t.clock.now());
      t.clock.advance(3_600_000);
      const id = String(created.body.id ?? created.body.data?.id);
      const sync = await t.call(`/api/v1/deployments/${id}/dbt-sync`, {method: 'POST', json: {ref: 'main'}});
      expect(sync.status).toBeLessThan(300);
      expect(latestEngineTime(t.ctx.db)).toBeGreaterThanOrEqual(afterBuild! + 3_600_000);
    } finally {
      t.close();
    }
  });
});
