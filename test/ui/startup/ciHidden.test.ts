// withCiHidden: a console on a terminal loads Ink and chalk with the CI flags hidden (both read them once, at
// import), and everything after the load sees them again; off a terminal nothing is hidden.
import {afterEach, describe, expect, it} from 'vitest';
import {withCiHidden} from '../../../src/ui/startup/index.js';

const saved = {tty: process.stdout.isTTY, CI: process.env.CI, CONTINUOUS_INTEGRATION: process.env.CONTINUOUS_INTEGRATION};
const setTty = (value: boolean) => Object.defineProperty(process.stdout, 'isTTY', {value, configurable: true});
afterEach(() => {
  setTty(saved.tty);
  for (const name of ['CI', 'CONTINUOUS_INTEGRATION'] as const) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('withCiHidden', () => {
  it('hides CI and CONTINUOUS_INTEGRATION while the load runs on a terminal, and puts them back after', async () => {
    setTty(true);
    process.env.CI = 'true';
    process.env.CONTINUOUS_INTEGRATION = '1';
    const seen = await withCiHidden(async () => [process.env.CI, process.env.CONTINUOUS_INTEGRATION]);
    expect(seen).toEqual([undefined, undefined]);
    expect([process.env.CI, process.env.CONTINUOUS_INTEGRATION]).toEqual(['true', '1']);
  });

  it('puts them back when the load fails', async () => {
    setTty(true);
    process.env.CI = 'true';
    await expect(withCiHidden(async () => Promise.reject(new Error('no module')))).rejects.toThrow('no module');
    expect(process.env.CI).toBe('true');
  });

  it('hides nothing off a terminal', async () => {
    setTty(false);
    process.env.CI = 'true';
    expect(await withCiHidden(async () => process.env.CI)).toBe('true');
  });
});
