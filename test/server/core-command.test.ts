// `svc server` flag handling and the default data file location (no process spawned here; see
// test/e2e/server-command.test.ts for the real command).
import {describe, expect, it} from 'vitest';
import {defaultDataFile, parseServerFlags} from '../../src/commands/server.js';

describe('defaultDataFile', () => {
  it('prefers SVC_DATA_DIR, then XDG_DATA_HOME, then ~/.local/share', () => {
    expect(defaultDataFile({SVC_DATA_DIR: '/d', XDG_DATA_HOME: '/x'})).toBe('/d/service.db');
    expect(defaultDataFile({XDG_DATA_HOME: '/x'})).toBe('/x/svc/service.db');
    expect(defaultDataFile({HOME: '/h'})).toMatch(/\/\.local\/share\/svc\/service\.db$/);
  });
});

describe('parseServerFlags', () => {
  it('defaults: port 4400, demo seed, speed 1, no admin key', () => {
    expect(parseServerFlags({}, {SVC_DATA_DIR: '/d'})).toEqual({port: 4400, dataFile: '/d/service.db', seed: 'demo', adminKey: undefined, speed: 1});
  });

  it('takes port 0, a fractional speed, and the admin key from the environment', () => {
    const key = 'svc_' + 'abcDEF12'.repeat(4);
    expect(parseServerFlags({port: '0', speed: '2.5', seed: 'empty'}, {SVC_SERVER_ADMIN_KEY: key, SVC_DATA_DIR: '/d'})).toMatchObject({
      port: 0,
      speed: 2.5,
      seed: 'empty',
      adminKey: key,
    });
  });

  const bad: Array<[string, Parameters<typeof parseServerFlags>[0], Record<string, string>, RegExp]> = [
    ['negative port', {port: '-1'}, {}, /--port/],
    ['port with junk', {port: '80x'}, {}, /--port/],
    ['empty port', {port: ''}, {}, /--port/],
    ['negative speed', {speed: '-2'}, {}, /--speed/],
    ['non-numeric speed', {speed: 'fast'}, {}, /--speed/],
    ['bad key in the environment', {}, {SVC_SERVER_ADMIN_KEY: 'svc_short'}, /SVC_SERVER_ADMIN_KEY/],
    ['blank data file', {data: ' '}, {}, /--data/],
  ];
  for (const [what, flags, env, message] of bad) {
    it(`${what} is a usage error (exit 2)`, () => {
      let caught: unknown;
      try {
        parseServerFlags(flags, env);
      } catch (err) {
        caught = err;
      }
      expect((caught as Error).message).toMatch(message);
      expect((caught as {exitCode: number}).exitCode).toBe(2);
    });
  }
});
