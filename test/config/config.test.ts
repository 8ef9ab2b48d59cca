import {spawn} from 'node:child_process';
import {chmodSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {readConfigFile} from '../../src/config/file.js';
import {configDir} from '../../src/config/paths.js';
import {authScheme, resolveCredentials} from '../../src/config/resolve.js';
import {ConfigStore} from '../../src/config/store.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'svc-config-'));
const mode = (path: string) => statSync(path).mode & 0o777;

function storeWith(contexts: Record<string, {url: string; api_key: string}>, defaultContext?: string): string {
  const dir = join(tempDir(), 'svc');
  new ConfigStore(dir).write({...(defaultContext ? {default_context: defaultContext} : {}), contexts});
  return dir;
}

describe('config location', () => {
  it('honours SVC_CONFIG_DIR, then XDG_CONFIG_HOME, then ~/.config', () => {
    expect(configDir({SVC_CONFIG_DIR: '/tmp/a'})).toBe('/tmp/a');
    expect(configDir({XDG_CONFIG_HOME: '/x/conf', HOME: '/home/u'})).toBe('/x/conf/svc');
    expect(configDir({XDG_CONFIG_HOME: 'relative'})).toMatch(/\.config\/svc$/);
  });
});

describe('config store', () => {
  it('writes TOML with mode 0600 in a 0700 directory, tightening an existing directory', () => {
    const dir = join(tempDir(), 'svc');
    const loose = new ConfigStore(dir);
    chmodSync(dir, 0o755);
    const store = new ConfigStore(dir);
    expect(loose.path).toBe(join(dir, 'config.toml'));
    store.write({default_context: 'b', contexts: {b: {url: 'https://b', api_key: 'kb'}, a: {url: 'https://a', api_key: 'ka', refresh_token: 'r'}}});
    expect(mode(dir)).toBe(0o700);
    expect(mode(store.path)).toBe(0o600);
    expect(readFileSync(store.path, 'utf8')).toBe(
      'default_context = "b"\n\n[contexts.a]\nurl = "https://a"\napi_key = "ka"\nrefresh_token = "r"\n\n[contexts.b]\nurl = "https://b"\napi_key = "kb"\n',
    );
  });

  it('replaces a config written with a looser mode by a 0600 one', () => {
    const dir = join(tempDir(), 'svc');
    const store = new ConfigStore(dir);
    writeFileSync(store.path, 'default_context = "x"\n', {mode: 0o644});
    store.update((c) => {
      c.contexts.x = {url: 'https://x', api_key: 'k'};
    });
    expect(mode(store.path)).toBe(0o600);
    expect(readConfigFile(store.path)).toEqual({default_context: 'x', contexts: {x: {url: 'https://x', api_key: 'k'}}});
  });

  it('ignores a stale temp file left by an interrupted write', () => {
    const dir = storeWith({a: {url: 'https://a', api_key: 'k'}}, 'a');
    writeFileSync(join(dir, 'config.toml.tmp-1234567890abcdef'), '[contexts.a\nurl = "half', {mode: 0o600});
    const store = new ConfigStore(dir);
    store.update((c) => {
      c.default_context = undefined;
    });
    expect(readConfigFile(store.path)).toEqual({contexts: {a: {url: 'https://a', api_key: 'k'}}});
  });

  it('leaves a parseable config when the writer is killed mid-write', async () => {
    const dir = join(tempDir(), 'svc');
    for (let round = 0; round < 3; round++) {
      const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../helpers/configWriter.ts'), dir], {stdio: ['ignore', 'pipe', 'inherit']});
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      await new Promise((r) => setTimeout(r, 150 + round * 70));
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      const config = readConfigFile(join(dir, 'config.toml'));
      expect(['even', 'odd']).toContain(config.default_context);
      expect(Object.keys(config.contexts)).toEqual(['even', 'odd']);
      expect(mode(join(dir, 'config.toml'))).toBe(0o600);
    }
    // What a kill leaves besides the file: only the private writer's own temp files (files/privateFile.ts), 0600.
    const left = readdirSync(dir).filter((f) => f !== 'config.toml');
    expect(left.filter((f) => !/^config\.toml\.[0-9a-f]{12}\.partial$/.test(f))).toEqual([]);
    for (const f of left) expect(mode(join(dir, f))).toBe(0o600);
    // Three child processes compile the store with tsx as they start: seconds each on a loaded machine.
  }, 60_000);

  it('reports a broken file with its path', () => {
    const dir = join(tempDir(), 'svc');
    const store = new ConfigStore(dir);
    writeFileSync(store.path, 'contexts = 3\n');
    expect(() => readConfigFile(store.path)).toThrow(`failed to parse ${store.path}: \`contexts\` must be a table`);
    writeFileSync(store.path, '[contexts.a\n');
    expect(() => new ConfigStore(dir)).toThrow(`failed to parse ${store.path}:`);
  });
});

describe('resolveCredentials', () => {
  const dir = storeWith({prod: {url: 'https://prod.example/', api_key: 'k-prod'}, dev: {url: 'dev.example', api_key: 'k-dev'}}, 'prod');

  it('uses the default context, or the one asked for', () => {
    expect(resolveCredentials({}, {SVC_CONFIG_DIR: dir})).toMatchObject({url: 'https://prod.example', token: 'k-prod', contextName: 'prod', scheme: 'bearer'});
    expect(resolveCredentials({context: 'dev'}, {SVC_CONFIG_DIR: dir})).toMatchObject({url: 'https://dev.example', token: 'k-dev', contextName: 'dev'});
  });

  it('lets the environment override the context and flags override both', () => {
    const env = {SVC_CONFIG_DIR: dir, SVC_API_KEY: 'k-env'};
    expect(resolveCredentials({}, env)).toMatchObject({url: 'https://prod.example', token: 'k-env'});
    expect(resolveCredentials({token: 'k-flag', url: 'http://127.0.0.1:9'}, {...env, SVC_API_URL: 'https://env.example'})).toMatchObject({
      url: 'http://127.0.0.1:9',
      token: 'k-flag',
    });
  });

  it('names an unknown context and how to create it', () => {
    expect(() => resolveCredentials({context: 'stage'}, {SVC_CONFIG_DIR: dir})).toThrow(
      'context `stage` not found in config (run `svc login --name stage`)',
    );
  });

  it('says how to log in when nothing is configured', () => {
    expect(() => resolveCredentials({}, {SVC_CONFIG_DIR: join(tempDir(), 'none')})).toThrow(
      'not logged in: run `svc login`, or set SVC_API_URL and SVC_API_KEY',
    );
    expect(() => resolveCredentials({}, {SVC_CONFIG_DIR: join(tempDir(), 'none'), SVC_API_KEY: 'k'})).toThrow(/^not logged in/);
  });

  it('does not need the config file when the environment says everything', () => {
    const broken = join(tempDir(), 'svc');
    new ConfigStore(broken);
    writeFileSync(join(broken, 'config.toml'), 'not toml at all [');
    const env = {SVC_CONFIG_DIR: broken, SVC_API_URL: 'acme.example', SVC_API_KEY: 'k'};
    expect(resolveCredentials({}, env)).toMatchObject({url: 'https://acme.example', token: 'k'});
    expect(() => resolveCredentials({}, {SVC_CONFIG_DIR: broken})).toThrow(/^failed to parse/);
  });

  it('reads SVC_AUTH_SCHEME and rejects unknown values', () => {
    expect(authScheme('svc_key', {})).toBe('bearer');
    expect(authScheme('sk-key', {SVC_AUTH_SCHEME: 'Bearer'})).toBe('bearer');
    expect(authScheme('svc_key', {SVC_AUTH_SCHEME: 'Api-Key'})).toBe('api-key');
    expect(() => authScheme('k', {SVC_AUTH_SCHEME: 'basic'})).toThrow('SVC_AUTH_SCHEME must be `bearer` or `api-key` (got `basic`)');
  });

  it('detects the scheme from the token when SVC_AUTH_SCHEME is unset: platform keys (sk-…) as Api-Key, the rest as Bearer', () => {
    expect(authScheme('sk-live-0123', {})).toBe('api-key');
    expect(authScheme('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig', {})).toBe('bearer');
    expect(authScheme('svc_0123abcd', {})).toBe('bearer');
    const env = {SVC_CONFIG_DIR: tempDir(), SVC_API_URL: 'acme.example'};
    expect(resolveCredentials({}, {...env, SVC_API_KEY: 'sk-abc'}).scheme).toBe('api-key');
    expect(resolveCredentials({}, {...env, SVC_API_KEY: 'svc_abc'}).scheme).toBe('bearer');
    expect(resolveCredentials({token: 'sk-abc'}, {...env, SVC_AUTH_SCHEME: 'bearer'}).scheme).toBe('bearer');
  });
});
