import {describe, expect, it} from 'vitest';
import {isTerminalBuildStatus} from '../../src/api/builds.js';
import {pollUntil} from '../../src/queries/poll.js';
import {buildKeys, deploymentKeys, environmentKeys} from '../../src/queries/keys.js';
import {nextDeploymentsOffset} from '../../src/queries/deployments.js';

const q = <T>(data: T | undefined) => ({state: {data}});

describe('poll policies', () => {
  it('treats built, failed and cancelled as terminal and anything else as running', () => {
    for (const s of ['built', 'failed', 'cancelled', ' Built ']) expect(isTerminalBuildStatus(s)).toBe(true);
    for (const s of ['queued', 'building', 'warmup', 'none', 'stopped', 'brand-new', undefined]) {
      expect(isTerminalBuildStatus(s)).toBe(false);
    }
  });

  it('polls at the live interval until the watched thing is done', () => {
    const every = pollUntil<{status: string}>({paused: false, intervalMs: 2000}, (d) => isTerminalBuildStatus(d.status));
    expect(every(q(undefined))).toBe(2000);
    expect(every(q({status: 'building'}))).toBe(2000);
    expect(every(q({status: 'built'}))).toBe(false);
    expect(every(q({status: 'failed'}))).toBe(false);
  });

  it('does not poll while paused or without a live policy (command mode)', () => {
    expect(pollUntil({paused: true, intervalMs: 2000})(q({status: 'building'}))).toBe(false);
    expect(pollUntil(undefined)(q({}))).toBe(false);
  });
});

describe('query keys', () => {
  it('nests settings and versions under the detail key so one invalidation reaches both', () => {
    const detail = deploymentKeys.detail('7');
    expect(deploymentKeys.settings('7').slice(0, detail.length)).toEqual([...detail]);
    expect(deploymentKeys.versions('7').slice(0, detail.length)).toEqual([...detail]);
    expect(deploymentKeys.list({limit: 50}).slice(0, 2)).toEqual([...deploymentKeys.lists()]);
  });

  it('keeps every fetcher variable in the key', () => {
    expect(buildKeys.status('7', 'main')).not.toEqual(buildKeys.status('7', 'dev-x'));
    expect(buildKeys.status('7')).toEqual(['builds', '7', 'status', null]);
    expect(environmentKeys.list('7', {type: 'staging', limit: 100})).not.toEqual(environmentKeys.list('7', {limit: 100}));
  });
});

describe('deployment paging', () => {
  const page = (offset: number, n: number, total: number) => ({
    deployments: Array.from({length: n}, (_, i) => ({id: String(offset + i + 1), name: `d${offset + i}`})),
    total,
    offset,
    limit: 50,
    raw: null,
  });

  it('asks for the next offset until the total is loaded', () => {
    expect(nextDeploymentsOffset(page(0, 50, 120))).toBe(50);
    expect(nextDeploymentsOffset(page(100, 20, 120))).toBeUndefined();
    expect(nextDeploymentsOffset(page(0, 0, 5))).toBeUndefined();
  });
});
