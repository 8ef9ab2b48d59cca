// THE list of secret names (src/contract/secretNames.ts) is the only one: the audit log's redaction, what reads
// drop, the service's masking of environment variables and the console's "Secret: yes" all read it, so a name is
// secret to all of them or to none. A lint finds a second list (a regex or an array naming several secret words).
import {readdirSync, readFileSync} from 'node:fs';
import {join, relative, resolve} from 'node:path';
import {describe, expect, it} from 'vitest';
import {secretPart} from '../../screens/variables/varInput.js';
import {ENCRYPTED, maskValue} from '../../src/api/envVars.js';
import {isSecretName} from '../../src/contract/secretNames.js';
import {REDACTED, redact} from '../../src/server/auditRedact.js';
import {withoutSecrets} from '../../src/server/secrets.js';
import {testApp} from '../helpers/startService.js';

const NAMES = {
  secret: [
    'password', 'DB_PASSWORD', 'CUBEJS_DB_PASS', 'clientSecret', 'client_secret', 'GITHUB_TOKEN', 'refreshToken', 'apiKey', 'API_KEY',
    'privateKey', 'SSH_PRIVATE_PEM', 'credentials', 'SENTRY_AUTHORIZATION', 'SESSION_COOKIE', 'WEBHOOK_SIGNATURE', 'device_code',
    'userCode', 'sessionId', 'EMBED_SESSION_ID',
  ],
  plain: ['name', 'CUBEJS_DB_HOST', 'keyId', 'apiKeyId', 'SSL_KEY_FILE', 'title', 'region', 'deploymentId', 'codeOwner'],
};

describe('one list of secret names', () => {
  const t = testApp('demo');

  it('the audit log, reads, environment variables and the console agree on every name', async () => {
    const all = [...NAMES.secret, ...NAMES.plain];
    const set = await t.call('/api/v1/deployments/1/env-vars', {method: 'PUT', json: {env_variables: all.map((name) => ({name: name.toUpperCase().replace(/[^A-Z0-9_]/g, '_'), value: 'plain-value'}))}});
    expect(set.status).toBe(200);
    const listed = new Map<string, string>(
      ((await t.call('/api/v1/deployments/1/env-vars')).body.items as Array<{name: string; value: string}>).map((v) => [v.name, v.value]),
    );
    const views = (name: string) => {
      const envName = name.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
      return {
        list: isSecretName(name),
        audit: (redact({[name]: 'plain-value'}) as Record<string, unknown>)[name] === REDACTED,
        read: !(name in (withoutSecrets({[name]: 'plain-value'}) as object)),
        console: secretPart(name) !== undefined,
        client: maskValue(name, 'plain-value') === ENCRYPTED,
        envVar: listed.get(envName) !== 'plain-value',
      };
    };
    for (const name of NAMES.secret) expect([name, views(name)]).toEqual([name, {list: true, audit: true, read: true, console: true, client: true, envVar: true}]);
    for (const name of NAMES.plain) expect([name, views(name)]).toEqual([name, {list: false, audit: false, read: false, console: false, client: false, envVar: false}]);
  });
});

describe('no second list', () => {
  const root = resolve(import.meta.dirname, '../..');
  const WORDS = ['pass', 'secret', 'token', 'credential', 'cookie', 'signature', 'authorization'];
  const sources = (dir: string): string[] =>
    readdirSync(dir, {withFileTypes: true}).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
  /** A word of the list as an item of a regex alternation or an array of strings: `|token|`, `'TOKEN',`. */
  const ITEM = new RegExp(`(?:^|[/|('"])(?:${WORDS.join('|')})\\w*(?=[|)'"])`, 'gi');
  /** A code line naming three or more secret words as alternatives or list items. */
  const isList = (line: string) => {
    const code = line.trim();
    if (code.startsWith('//') || code.startsWith('*')) return false;
    return (code.match(ITEM) ?? []).length >= 3;
  };

  it('only src/contract/secretNames.ts lists secret words', () => {
    const listing = [...sources(join(root, 'src')), ...sources(join(root, 'screens'))]
      .filter((f) => readFileSync(f, 'utf8').split('\n').some(isList))
      .map((f) => relative(root, f));
    expect(listing).toEqual(['src/contract/secretNames.ts']);
  });

  it('sees the lists there were', () => {
    expect(isList("export const SECRET_NAME_PARTS = ['PASS', 'SECRET', 'TOKEN', 'KEY', 'CREDENTIAL'] as const;")).toBe(true);
    expect(isList('  /pass(word|wd|phrase)?|secret|token|api[-_]?key|^key$|private|credential|cookie/i;')).toBe(true);
    expect(isList("const SECRET_PARTS = ['PASS', 'SECRET', 'TOKEN', 'KEY', 'CREDENTIAL'];")).toBe(true);
    expect(isList('<input type="password" name="credential" autocomplete="off" size="40">')).toBe(false);
    expect(isList("throw unauthorized('missing credentials: send Authorization: Bearer <token>') || token || secret;")).toBe(false);
  });
});
