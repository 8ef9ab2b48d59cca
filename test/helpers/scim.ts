// SCIM tests through the in-process app: a fresh demo app for every test, with a SCIM key the admin made for it.
import {beforeEach, expect} from 'vitest';
import {SCIM_USER_SCHEMA} from '../../src/contract/scim.js';
import {testAppEach, type CallOptions, type TestApp} from './startService.js';

export interface ScimApp {
  t: TestApp;
  /** The current test's SCIM key. */
  token(): string;
  /** Calls `/api/scim/v2<path>` with the SCIM key (unless `opts.key` says otherwise). */
  scim(path: string, opts?: CallOptions): ReturnType<TestApp['call']>;
  /** POSTs a user (201 expected) and returns its SCIM id. */
  createUser(userName: string, extra?: Record<string, unknown>): Promise<string>;
}

export function scimAppEach(): ScimApp {
  const t = testAppEach('demo');
  let token = '';
  beforeEach(async () => {
    token = (await t.call('/api/v1/api-keys', {method: 'POST', json: {name: 'idp', scim: true}})).body.key;
  });
  const scim = (path: string, opts: CallOptions = {}) => t.call(`/api/scim/v2${path}`, {key: token, ...opts});
  return {
    t,
    token: () => token,
    scim,
    async createUser(userName, extra = {}) {
      const res = await scim('/Users', {method: 'POST', json: {schemas: [SCIM_USER_SCHEMA], userName, ...extra}});
      expect(res.status).toBe(201);
      return res.body.id as string;
    },
  };
}
