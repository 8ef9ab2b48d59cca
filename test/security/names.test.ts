// Names at the service boundary, tried from outside over HTTP: the deploy branch must be an existing shared branch
// with a sane name; data-model file names are NFC, hold no control, bidi or line-separator characters, and a
// file never shares its name with a directory. Every refusal leaves the state as it was.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {RunningService} from '../../src/server/index.js';
import {startTestService} from '../helpers/startService.js';

let svc: RunningService;
const D = '/build/api/v1/deployments/1';
const FILES = `${D}/data-model/files`;
let dev: string;

async function call(method: string, path: string, json?: unknown) {
  const res = await fetch(`${svc.url}${path}`, {
    method,
    headers: {authorization: `Bearer ${svc.adminKey}`, 'content-type': 'application/json'},
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  return {status: res.status, body: text ? JSON.parse(text) : null, text};
}

beforeAll(async () => {
  svc = await startTestService();
  dev = (await call('POST', `${D}/dev-mode`, {branchName: 'main'})).body.branchName;
});
afterAll(() => svc.close());

const flatten = (nodes: Array<{path: string; type: string; children?: unknown[]}>): string[] =>
  nodes.flatMap((n) => (n.type === 'file' ? [n.path] : flatten((n.children ?? []) as typeof nodes)));
const fileList = async () => flatten((await call('GET', `${FILES}?branchName=${encodeURIComponent(dev)}`)).body.items);

describe('deployBranchName', () => {
  it.each([
    ['a branch that does not exist', 'no-such-branch'],
    ['a path out of the repository', '../../x'],
    ['a NUL', 'ma\u0000in'],
    ['an escape sequence', 'main\u001b]0;pwned\u0007'],
    ['a right-to-left override', 'main\u202e'],
    ['a personal dev-mode branch', () => dev],
  ])('refuses %s with 400 and keeps the deploy branch', async (_what, name) => {
    const value = typeof name === 'function' ? name() : name;
    const res = await call('PUT', '/api/v1/deployments/1', {deployBranchName: value});
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^deployBranchName: /);
    expect(res.text).not.toMatch(/[\u0000-\u001f\u202e]/);
    expect((await call('GET', '/api/v1/deployments/1')).body.deployBranchName).toBe('main');
  });

  it('accepts an existing shared branch', async () => {
    expect((await call('POST', `${D}/branches`, {name: 'release'})).status).toBe(200);
    const res = await call('PUT', '/api/v1/deployments/1', {deployBranchName: 'release'});
    expect(res.status).toBe(200);
    expect((await call('GET', '/api/v1/deployments/1')).body.deployBranchName).toBe('release');
    expect((await call('PUT', '/api/v1/deployments/1', {deployBranchName: 'main'})).status).toBe(200);
  });
});

describe('branch names: one rule (contract/names.ts) for the service, the console and the CLI', () => {
  const BRANCHES = `${D}/branches`;
  const branchNames = async () => ((await call('GET', BRANCHES)).body.items as Array<{name: string}>).map((b) => b.name).sort();

  it.each([
    ['".." inside a part', 'bad..name', /contains "\.\.", which git does not allow/],
    ['"a..b"', 'a..b', /contains "\.\."/],
    ['a leading "-"', '-x', /starts with "-"/],
    ['a trailing "."', 'x.', /ends with "\."/],
    ['a part starting with "."', 'f/.x', /starting with "\."/],
    ['"@{"', 'x@{1}', /"@\{"/],
    ['a zero-width space', 'ma\u200bin2', /U\+200B, an invisible/],
    ['a word joiner', 'rel\u2060ease', /U\+2060/],
    ['a soft hyphen', 'rel\u00adease', /U\+00AD/],
    ['a Cyrillic а among Latin letters', 'm\u0430in', /mixes Latin and Cyrillic letters/],
  ])('refuses %s (400) and creates nothing', async (_what, name, why) => {
    const before = await branchNames();
    const res = await call('POST', BRANCHES, {name});
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^name: /);
    expect(res.body.error).toMatch(why);
    expect(res.text).not.toMatch(/[\u200b\u2060\u00ad]/);
    expect(await branchNames()).toEqual(before);
  });

  it('refuses a name that differs from an existing one only in case (409), and accepts git-valid Unicode names', async () => {
    const before = await branchNames();
    for (const name of ['MAIN', 'Main', 'STAGING']) {
      const res = await call('POST', BRANCHES, {name});
      expect(res.status, name).toBe(409);
      expect(res.body.error).toMatch(/already exists; branch names are unique without regard to case/);
    }
    expect(await branchNames()).toEqual(before);
    expect((await call('POST', BRANCHES, {name: 'feature/\u00fcber'})).status).toBe(200);
    expect((await call('POST', BRANCHES, {name: 'FEATURE/\u00dcBER'})).status).toBe(409);
  });

  it('a dbt sync writes no branch the rule refuses', async () => {
    const runs = '/api/v1/deployments/1/dbt-sync';
    for (const branchName of ['bad..name', 'm\u0430in', 'dev-mine']) {
      const res = await call('POST', runs, {branchName});
      expect(res.status, branchName).toBe(400);
      expect(res.body.error).toMatch(/^branchName: /);
    }
  });
});

describe('data-model file names', () => {
  it.each([
    ['a right-to-left override', 'model/cubes/evil\u202elmy.yml'],
    ['a bidi isolate', 'model/cubes/\u2067x.yml'],
    ['a line separator', 'model/cubes/a\u2028b.yml'],
    ['a paragraph separator', 'model/cubes/a\u2029b.yml'],
    ['a C1 control', 'model/cubes/a\u009bb.yml'],
    ['a NUL', 'model/cubes/a\u0000.yml'],
    ['a zero-width space', 'model/cubes/orders\u200b.yml'],
    ['a word joiner', 'model/cubes/or\u2060ders.yml'],
    ['a soft hyphen', 'model/cubes/or\u00adders.yml'],
    ['a byte-order mark', 'model/\ufeffcubes/orders.yml'],
    ['a no-break space', 'model/cubes/my\u00a0orders.yml'],
    ['a Cyrillic о among Latin letters', 'model/cubes/\u043erders.yml'],
    ['a Greek ο among Latin letters', 'model/cubes/\u03bfrders.yml'],
  ])('refuses %s (400) and stores nothing', async (_what, path) => {
    const before = await fileList();
    const res = await call('PUT', FILES, {branchName: dev, files: [{path, content: 'cubes: []\n'}]});
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/invalid file path/);
    expect(res.text).not.toMatch(/[\u202e\u2067\u2028\u2029\u009b\u0000\u200b\u2060\u00ad\ufeff]/);
    expect(await fileList()).toEqual(before);
  });

  it('takes names in one script, whichever it is', async () => {
    for (const path of ['model/cubes/\u0437\u0430\u043a\u0430\u0437\u044b.yml', 'model/\u03b1\u03b2/orders.yml', 'model/cubes/\u6ce8\u6587.yml']) {
      expect((await call('PUT', FILES, {branchName: dev, files: [{path, content: 'cubes: []\n'}]})).status, path).toBe(200);
    }
  });

  it('NFC and NFD spellings name one file', async () => {
    const nfc = 'model/cubes/caf\u00e9.yml';
    const nfd = 'model/cubes/cafe\u0301.yml';
    expect((await call('PUT', FILES, {branchName: dev, files: [{path: nfc, content: 'cubes: []\n'}]})).status).toBe(200);
    expect((await call('PUT', FILES, {branchName: dev, files: [{path: nfd, content: 'cubes: []\n# 2\n'}]})).status).toBe(200);
    const matching = (await fileList()).filter((p) => p.normalize('NFC').includes('caf\u00e9'));
    expect(matching).toEqual([`/${nfc}`]);
  });

  it('a file and a directory never share a name, by write or by rename (409)', async () => {
    expect((await call('PUT', FILES, {branchName: dev, files: [{path: 'model/shared.yml', content: 'cubes: []\n'}]})).status).toBe(200);
    const before = await fileList();
    const under = await call('PUT', FILES, {branchName: dev, files: [{path: 'model/shared.yml/inner.yml', content: 'cubes: []\n'}]});
    expect(under.status).toBe(409);
    expect(under.body.error).toMatch(/both a file and a directory/);
    const over = await call('PUT', FILES, {branchName: dev, files: [{path: 'model/cubes', content: 'x'}]});
    expect(over.status).toBe(409);
    const rename = await call('POST', `${FILES}/rename`, {branchName: dev, files: [{path: 'model/shared.yml', newPath: 'model'}]});
    expect(rename.status).toBe(409);
    expect(await fileList()).toEqual(before);
  });
});

describe('deployment names: the same rule', () => {
  it.each([
    ['a zero-width space', 'sales\u200b'],
    ['a word joiner', 'sa\u2060les'],
    ['a soft hyphen', 'sal\u00adés'],
    ['a right-to-left override', 'prod\u202elanif'],
    ['a Cyrillic о among Latin letters', 'prоd'],
  ])('refuses %s when creating or renaming, and keeps the name', async (_what, name) => {
    const before = (await call('GET', '/api/v1/deployments/2')).body.name as string;
    for (const res of [
      await call('POST', '/build/api/v1/deployments', {name, region: 'aws-us-east-1'}),
      await call('PUT', '/api/v1/deployments/2', {name}),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^name: ".*" is not a valid deployment name: it (contains U\+|mixes Latin and Cyrillic)/);
      expect(res.text).not.toMatch(/[\u200b\u2060\u00ad\u202e]/);
    }
    expect((await call('GET', '/api/v1/deployments/2')).body.name).toBe(before);
    const listed = (await call('GET', '/api/v1/deployments')).body.items.map((d: {name: string}) => d.name);
    expect(listed).not.toContain(name);
  });

  it('takes a name in one script, whichever it is, with spaces between words', async () => {
    for (const name of ['Продажи prod', 'sales reporting']) {
      const res = await call('POST', '/build/api/v1/deployments', {name, region: 'aws-us-east-1'});
      expect(res.status).toBe(200);
      expect(res.body.name).toBe(name);
    }
  });
});
