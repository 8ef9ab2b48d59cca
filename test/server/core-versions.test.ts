// Versions list and switching: the three accepted forms, channel alone, holds, rebuilds, and rejections.
import {describe, expect, it} from 'vitest';
import {IMAGE_REPOSITORY} from '../../src/server/releases.js';
import {testAppEach} from '../helpers/startService.js';

const t = testAppEach('demo');

interface V {
  version: string;
  releaseChannel: string;
  releaseChannelVersion: string;
  isLatestInChannel: boolean;
  isCurrent: boolean;
}

async function versions(id: number): Promise<V[]> {
  const res = await t.call(`/api/v1/deployments/${id}/versions`);
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual(res.body.items);
  return res.body.items as V[];
}

describe('GET …/versions', () => {
  it('lists both channel heads plus the deployment’s history, one current', async () => {
    const list = await versions(2);
    expect(new Set(list.map((v) => v.releaseChannel))).toEqual(new Set(['latest', 'release']));
    const current = list.filter((v) => v.isCurrent);
    expect(current).toEqual([{version: '1.2.4', releaseChannel: 'release', releaseChannelVersion: `${IMAGE_REPOSITORY}:v1.2.4`, isLatestInChannel: false, isCurrent: true}]);
    expect(list.find((v) => v.releaseChannel === 'release' && v.isLatestInChannel)?.version).toBe('1.2.7');
    expect(list.some((v) => v.version === '1.2.0')).toBe(true);
    for (const v of list) expect(v.releaseChannelVersion).toBe(`${IMAGE_REPOSITORY}:v${v.version}`);
  });
});

describe('versions rule 2: older versions the account has run, across deployments', () => {
  it('deployment 3 lists and switches to 1.3.2, which only deployment 1 ran', async () => {
    // Deployment 3 has only ever run release 1.2.7; deployment 1 ran latest 1.3.0 and 1.3.2 before 1.3.5.
    const list = await versions(3);
    expect(list.map((v) => `${v.releaseChannel}/${v.version}`)).toEqual(
      expect.arrayContaining(['latest/1.3.5', 'latest/1.3.2', 'latest/1.3.0', 'release/1.2.7', 'release/1.2.4']),
    );
    const res = await t.call('/api/v1/deployments/3', {method: 'PUT', json: {releaseChannelVersion: '1.3.2'}});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({releaseChannel: 'latest', releaseChannelVersion: '1.3.2', releaseChannelVersionHold: true});
  });

  it('a version never run by any deployment and not a head stays off every list', async () => {
    for (const id of [1, 2, 3, 10]) expect((await versions(id)).some((v) => v.version === '1.1.9')).toBe(false);
    const res = await t.call('/api/v1/deployments/3', {method: 'PUT', json: {releaseChannelVersion: '1.1.9'}});
    expect(res.status).toBe(400);
  });

  it('a version one deployment switches to appears on the others’ lists', async () => {
    expect((await versions(10)).some((v) => v.version === '1.2.4')).toBe(true);
    expect((await t.call('/api/v1/deployments/2', {method: 'PUT', json: {releaseChannelVersion: '1.2.0'}})).status).toBe(200);
    expect((await versions(10)).some((v) => v.version === '1.2.0')).toBe(true);
  });
});

describe('PUT …/deployments/{id} switching versions', () => {
  const forms: Array<[string, string]> = [
    ['bare semver', '1.2.7'],
    ['v-prefixed', 'v1.2.7'],
    ['image:tag as listed', `${IMAGE_REPOSITORY}:v1.2.7`],
  ];
  for (const [name, value] of forms) {
    it(`${name} (${value}) switches, clears the hold for a head, and rebuilds the deploy branch`, async () => {
      const res = await t.call('/api/v1/deployments/2', {method: 'PUT', json: {releaseChannelVersion: value}});
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({releaseChannel: 'release', releaseChannelVersion: '1.2.7', releaseChannelVersionHold: false});
      expect((await versions(2)).find((v) => v.isCurrent)?.version).toBe('1.2.7');
      const build = t.ctx.builds.status(2, 'main');
      expect(build).toMatchObject({step: 'queued', reason: 'version switch'});
    });
  }

  it('an older listed version sets the hold, and stays on the list afterwards', async () => {
    const res = await t.call('/api/v1/deployments/1', {method: 'PUT', json: {releaseChannelVersion: 'v1.3.2'}});
    expect(res.body).toMatchObject({releaseChannelVersion: '1.3.2', releaseChannelVersionHold: true});
    const list = await versions(1);
    expect(list.find((v) => v.isCurrent)).toMatchObject({version: '1.3.2', isLatestInChannel: false});
    expect(list.some((v) => v.version === '1.3.5' && v.isLatestInChannel)).toBe(true);
  });

  it('releaseChannel alone moves to that channel’s latest', async () => {
    const res = await t.call('/api/v1/deployments/1', {method: 'PUT', json: {releaseChannel: 'release'}});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({releaseChannel: 'release', releaseChannelVersion: '1.2.7', releaseChannelVersionHold: false});
    expect(t.ctx.builds.status(1, 'main')?.reason).toBe('version switch');
  });

  it('not on the list → 400 naming the valid choices, nothing changes, no build', async () => {
    const before = t.ctx.builds.status(2, 'main');
    for (const bad of ['9.9.9', 'v1.1.8', 'other/image:v1.2.7', 'latest']) {
      const res = await t.call('/api/v1/deployments/2', {method: 'PUT', json: {releaseChannelVersion: bad}});
      expect(res.status).toBe(400);
      expect(res.body.error).toContain('not on the versions list');
      expect(res.body.error).toContain('1.2.7 on release (newest)');
      expect(res.body.error).toContain('1.3.5 on latest (newest)');
    }
    expect((await t.call('/api/v1/deployments/2/settings')).body.releaseChannelVersion).toBe('1.2.4');
    expect(t.ctx.builds.status(2, 'main')?.id).toBe(before?.id);
  });

  it('a version on another channel than the one sent is rejected', async () => {
    const res = await t.call('/api/v1/deployments/2', {method: 'PUT', json: {releaseChannel: 'latest', releaseChannelVersion: '1.2.4'}});
    expect(res.status).toBe(400);
  });

  it('choosing the current version again does not rebuild', async () => {
    const before = t.ctx.builds.status(1, 'main');
    await t.call('/api/v1/deployments/1', {method: 'PUT', json: {releaseChannelVersion: '1.3.5'}});
    expect(t.ctx.builds.status(1, 'main')?.id).toBe(before?.id);
  });
});
