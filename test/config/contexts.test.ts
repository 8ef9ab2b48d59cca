// The config layer's context changes shared by svc login/logout/context use and the console's Contexts screen.
import {statSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {contextNameProblem, removeContext, saveContext, setDefaultContext} from '../../src/config/contexts.js';
import {readConfigFile} from '../../src/config/file.js';
import {checkNewContext} from '../../src/workflows/contexts.js';
import {tempConfigDirPerTest} from '../helpers/tempConfigDir.js';

const configDir = tempConfigDirPerTest('svc-ctxcfg-');
const config = () => readConfigFile(join(configDir(), 'config.toml'));

describe('saved contexts', () => {
  it('saves (0600), refuses a second one of a name when asked not to replace, and moves the default on removal', async () => {
    await saveContext('b', {url: 'https://b.example', api_key: 'kb'});
    await saveContext('a', {url: 'https://a.example', api_key: 'ka', refresh_token: 'ra'});
    expect(statSync(join(configDir(), 'config.toml')).mode & 0o777).toBe(0o600);
    expect(config()).toEqual({default_context: 'b', contexts: {a: {url: 'https://a.example', api_key: 'ka', refresh_token: 'ra'}, b: {url: 'https://b.example', api_key: 'kb'}}});
    await expect(saveContext('a', {url: 'https://x', api_key: 'x'}, {replace: false})).rejects.toThrow('a context named `a` exists already');
    expect(config().contexts.a?.api_key).toBe('ka');
    expect(await removeContext('b')).toEqual({removed: true, newDefault: 'a'});
    expect(config().default_context).toBe('a');
    expect(await removeContext('b')).toEqual({removed: false});
    expect(await removeContext('a')).toEqual({removed: true});
    expect(config()).toEqual({contexts: {}});
    await expect(setDefaultContext('gone')).rejects.toThrow('context `gone` not found');
  });

  it('one rule for the default: the first context saved becomes it; a later one only when asked (use)', async () => {
    expect(await saveContext('first', {url: 'https://a.example', api_key: 'k1'})).toMatchObject({defaultContext: 'first'});
    expect(await saveContext('second', {url: 'https://b.example', api_key: 'k2'})).toMatchObject({defaultContext: 'first'});
    expect(config().default_context).toBe('first');
    // Saving the default again keeps it; saving another with use switches.
    expect(await saveContext('first', {url: 'https://a.example', api_key: 'k3'})).toMatchObject({defaultContext: 'first'});
    expect(await saveContext('second', {url: 'https://b.example', api_key: 'k4'}, {use: true})).toMatchObject({defaultContext: 'second'});
    expect(config().default_context).toBe('second');
  });

  it('checks a new context: name, duplicate, URL (no plain HTTP off this machine), key', () => {
    expect(contextNameProblem('staging-2.eu_west')).toBeUndefined();
    for (const bad of ['', ' ', '../x', 'a b', '-x', 'x'.repeat(65)]) expect(contextNameProblem(bad), bad).toBeDefined();
    expect(checkNewContext({name: 'a', url: 'acme.example.com/', credential: ' k '}, [])).toEqual({ok: true, value: {name: 'a', url: 'https://acme.example.com', credential: 'k'}});
    expect(checkNewContext({name: 'a', url: 'https://a', credential: 'k'}, ['a'])).toMatchObject({ok: false, field: 'name'});
    expect(checkNewContext({name: 'a', url: 'http://a.example', credential: 'k'}, [])).toMatchObject({ok: false, field: 'url', error: expect.stringContaining('plain HTTP')});
    expect(checkNewContext({name: 'a', url: 'http://127.0.0.1:9', credential: 'k'}, [])).toMatchObject({ok: true});
    expect(checkNewContext({name: 'a', url: 'https://a', credential: '  '}, [])).toMatchObject({ok: false, field: 'credential'});
  });
});
