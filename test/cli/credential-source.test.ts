// A refused or malformed credential is named by where it came from, with the fix that works from there: a key in
// SVC_API_KEY or given with --token is fixed there (`svc login` changes nothing while it is set), a context's saved
// key by a new login under that name. "session expired — run `svc login`" is only for a session that refreshes.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ADMIN_KEY, STACK_LINE} from '../helpers/cliHarness.js';
import {startInProcessHarness, type InProcessHarness} from '../helpers/cliInProcess.js';
import {startRecordingProxy, type RecordingProxy} from '../helpers/recordingProxy.js';

let h: InProcessHarness;
let proxy: RecordingProxy;

beforeAll(async () => {
  h = await startInProcessHarness();
  proxy = await startRecordingProxy(h.url);
});
afterAll(async () => {
  await proxy.close();
  await h.close();
});

const withKey = (key: string, args = ['deployments', 'list']) => h.svc(args, {env: {SVC_API_URL: proxy.url, SVC_API_KEY: key}});

describe('a key the tenant refuses', () => {
  it('in SVC_API_KEY: says so and to set or unset SVC_API_KEY, not "session expired — run svc login"', async () => {
    const run = await withKey('garbage');
    expect(run).toMatchObject({code: 1, stdout: ''});
    expect(run.stderr).toBe(
      'error: unauthorized (401): the key in SVC_API_KEY was refused: malformed credential: not an API key or access token' +
        ' — set SVC_API_KEY to a valid key, or unset it to use the saved context (`svc login` saves one)\n',
    );
    const unknown = await withKey('svc_wrongwrongwrongwrongwrongwrong12');
    expect(unknown.stderr).toMatch(/^error: unauthorized \(401\): the key in SVC_API_KEY was refused: invalid API key: unknown or revoked — set SVC_API_KEY/);
    expect(unknown.stderr).not.toContain('session expired');
  });

  it('given with --token: names --token', async () => {
    const run = await h.svc(['deployments', 'list', '--token', 'garbage'], {env: {SVC_API_URL: proxy.url, SVC_API_KEY: ADMIN_KEY}});
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: unauthorized \(401\): the key given with --token was refused: malformed credential.* — pass a valid key, or leave --token out/);
  });

  it('saved in a context: names the context and the login that replaces its key', async () => {
    expect((await h.svc(['login', '--url', proxy.url, '--api-key', ADMIN_KEY, '--name', 'work'])).code).toBe(0);
    const keyId = JSON.parse((await h.admin(['api-keys', 'create', '--name', 'short-lived', '--json'])).stdout) as {id: number; key: string};
    expect((await h.svc(['login', '--url', proxy.url, '--api-key', keyId.key, '--name', 'work'])).code).toBe(0);
    expect((await h.admin(['api-keys', 'delete', String(keyId.id)])).code).toBe(0);
    const run = await h.svc(['deployments', 'list']);
    expect(run.stderr).toBe(
      'error: unauthorized (401): the key saved in context `work` was refused: invalid API key: unknown or revoked — run `svc login --name work` to save a new one\n',
    );
  });
});

describe('a key no request can carry', () => {
  it.each([
    ['a space', 'svc_has space', 'character 8 of 13 is a space'],
    ['a pasted line break', 'svc_secretpart\nsecondhalf', 'character 15 of 25 is a control character'],
    ['a non-ASCII character', 'svc_ключ', 'character 5 of 8 is not ASCII'],
  ])('with %s: refused before anything is sent, naming the place but never the key', async (_what, key, place) => {
    const before = proxy.exchanges.length;
    const run = await withKey(key);
    expect(run).toMatchObject({code: 1, stdout: ''});
    expect(run.stderr).toBe(
      `error: the key in SVC_API_KEY is malformed: ${place}; a key or token is one word of visible ASCII characters` +
        ' — set SVC_API_KEY to a valid key, or unset it to use the saved context (`svc login` saves one)\n',
    );
    expect(run.stderr).not.toMatch(/secretpart|secondhalf|ключ|has space/);
    expect(run.stderr).not.toMatch(STACK_LINE);
    expect(proxy.exchanges.length).toBe(before);
  });

  it('surrounding whitespace is not a fault (a key pasted with its newline still works)', async () => {
    const run = await withKey(` ${ADMIN_KEY}\n`, ['deployments', 'list', '--json']);
    expect(run).toMatchObject({code: 0, stderr: ''});
  });
});
