// THE private-file writer (src/files/privateFile.ts): every file svc writes that holds a secret or an export goes
// through it. Two halves: a lint over src/ and screens/ that finds any other module importing a writing function
// of node:fs (so a new writer cannot bypass it unnoticed), and the writer's behaviour against files planted where
// it writes — a link at the target or at a `.partial` name, an existing file with another name, a loose umask —
// including the two writers of the console this replaced (token to a file, audit export to a file).
import {spawnSync} from 'node:child_process';
import {chmodSync, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, relative, resolve} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {createExclusive, FileExists, ownPrivateFile, privateFileStream, UnsafeFile, writePrivateFile} from '../../src/files/privateFile.js';
import {writeTokenFile} from '../../screens/common/secretOut.js';
import {writeResult} from '../../src/workflows/query.js';

const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'svc-private-file-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));
let n = 0;
const fresh = () => {
  const d = join(dir, String(n++));
  mkdirSync(d);
  return d;
};
const mode = (f: string) => statSync(f).mode & 0o777;

/** node:fs functions that create, write, copy, move or link files. */
const WRITING = /^(writeFile|appendFile|createWriteStream|copyFile|cp|open|truncate|rename|link|symlink|write)(Sync)?$/;

/**
 * Modules that may write files without the private writer, each with why: none of them writes a secret or an
 * export. A module on this list that no longer writes fails the test too, so the list stays exact.
 */
const NOT_SECRETS: Record<string, string> = {
  'src/server/store/dataLock.ts': 'opens the lock file read-only to name its owner (the lock itself is claimed through ownPrivateFile)',
  'src/server/demoImage.ts': 'the demo image (credentials removed) in a private 0700 cache; the copy to the data file is exclusive (COPYFILE_EXCL) and the data file is then claimed through ownPrivateFile',
  'src/update/background.ts': "the detached update checker is code in a string and cannot import the writer; it follows the writer's rules (exclusive 0600 temp file with a random name, renamed into place)",
  'src/update/install.ts': 'installs release files (program code, no secret) from a private temp directory into the install directory',
  'src/workflows/dbtGenerate.ts': 'writes the dbt project files the user asked for (source code, no secret) into their directory',
};

function sourceFiles(d: string): string[] {
  return readdirSync(d, {withFileTypes: true}).flatMap((e) => {
    const p = join(d, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

/** The writing functions of node:fs a module's source imports (`fs` itself for a default or namespace import). */
function writingImports(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/import\s+(type\s+)?([^;]*?)\s+from\s+'(?:node:)?fs(?:\/promises)?'/g)) {
    if (m[1]) continue;
    const clause = m[2] ?? '';
    // `import fs from` / `import * as fs`: every function of the module is reachable.
    if (!clause.startsWith('{')) names.push(clause.trim());
    for (const name of /\{([^}]*)\}/.exec(clause)?.[1]?.split(',') ?? []) {
      const imported = name.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0] ?? '';
      if (WRITING.test(imported)) names.push(imported);
    }
  }
  return names;
}

describe('every file write goes through the private writer', () => {
  const writers = new Map<string, string[]>();
  for (const file of [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'screens'))]) {
    const rel = relative(root, file);
    if (rel === 'src/files/privateFile.ts') continue;
    const names = writingImports(readFileSync(file, 'utf8'));
    if (names.length > 0) writers.set(rel, names);
  }

  it('no module outside src/files imports a writing function of node:fs, except the listed ones', () => {
    const unlisted = [...writers].filter(([f]) => !(f in NOT_SECRETS)).map(([f, names]) => `${f}: ${names.join(', ')}`);
    expect(unlisted).toEqual([]);
  });

  it('every listed exception still writes (the list is exact)', () => {
    expect(Object.keys(NOT_SECRETS).filter((f) => !writers.has(f))).toEqual([]);
  });

  it('the lint sees each way of importing a writer, and lets reads and type imports through', () => {
    expect(writingImports("import {readFileSync, writeFileSync as w} from 'node:fs';")).toEqual(['writeFileSync']);
    expect(writingImports("import {open} from 'fs/promises';")).toEqual(['open']);
    expect(writingImports("import * as fs from 'node:fs';")).toEqual(['* as fs']);
    expect(writingImports("import fs from 'fs';")).toEqual(['fs']);
    expect(writingImports("import {readFileSync, statSync} from 'node:fs';\nimport type {WriteStream} from 'node:fs';")).toEqual([]);
  });
});

/** What package code that writes files calls (a package such as `conf` writes through its own helpers). */
const PACKAGE_WRITES = /\b(?:writeFileSync|renameSync|createWriteStream|appendFileSync|copyFileSync)\b|\.writeFile\(|\.rename\(/;
/** Packages svc imports whose code writes files, each with why that is no bypass of the private writer. */
const PACKAGES_THAT_WRITE: Record<string, string> = {
  'better-sqlite3': "writes the service's data file and the files SQLite keeps beside it, which svc creates 0600 and checks first (server/store/fileModes.ts)",
  hono: "only its static-site generator (hono/ssg and the adapters' ssg) writes files, and svc imports none of it (checked below)",
};

function packageFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'test' ? [] : packageFiles(p);
    return /\.(c|m)?js$/.test(e.name) ? [p] : [];
  });
}

describe('no package svc imports writes files behind the private writer', () => {
  const specifiers = [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'screens'))].flatMap((f) =>
    [...readFileSync(f, 'utf8').matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^'.][^']*)'/gm)].map((m) => m[1]!).filter((s) => !s.startsWith('node:')),
  );
  const packageOf = (s: string) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!);
  const packages = [...new Set(specifiers.map(packageOf))].sort();

  it('every package imported by src/ or screens/ either writes no file or is listed with why', () => {
    expect(packages.length).toBeGreaterThan(8);
    const writing = packages.filter((p) => packageFiles(join(root, 'node_modules', p)).some((f) => PACKAGE_WRITES.test(readFileSync(f, 'utf8'))));
    expect(writing.filter((p) => !(p in PACKAGES_THAT_WRITE))).toEqual([]);
    expect(Object.keys(PACKAGES_THAT_WRITE).filter((p) => !writing.includes(p))).toEqual([]);
  });

  it("hono's file-writing parts are not imported", () => {
    expect(specifiers.filter((s) => /^hono\/.*ssg/.test(s))).toEqual([]);
  });

  it('the pattern sees what conf (the config writer this replaced) does', () => {
    expect(PACKAGE_WRITES.test("import {writeFileSync} from 'atomically'; writeFileSync(this.path, data, {mode})")).toBe(true);
    expect(PACKAGE_WRITES.test('await fs.promises.writeFile(temp, data); await fs.promises.rename(temp, path);')).toBe(true);
  });
});

describe('writePrivateFile', () => {
  it('creates the file 0600 whatever the umask', () => {
    const d = fresh();
    const old = process.umask(0);
    try {
      writePrivateFile(join(d, 'key'), 'secret\n', {replace: false});
    } finally {
      process.umask(old);
    }
    expect(mode(join(d, 'key'))).toBe(0o600);
    expect(readFileSync(join(d, 'key'), 'utf8')).toBe('secret\n');
    expect(readdirSync(d)).toEqual(['key']);
  });

  it('a link planted at the target is replaced by the new file, never followed', () => {
    const d = fresh();
    writeFileSync(join(d, 'victim'), 'precious\n');
    symlinkSync(join(d, 'victim'), join(d, 'key'));
    writePrivateFile(join(d, 'key'), 'secret\n', {replace: true});
    expect(readFileSync(join(d, 'victim'), 'utf8')).toBe('precious\n');
    expect(lstatSync(join(d, 'key')).isSymbolicLink()).toBe(false);
    expect(mode(join(d, 'key'))).toBe(0o600);
  });

  it('without replace, anything at the target (a link included) is refused and left alone', () => {
    const d = fresh();
    writeFileSync(join(d, 'victim'), 'precious\n');
    symlinkSync(join(d, 'victim'), join(d, 'out.csv'));
    expect(() => writePrivateFile(join(d, 'out.csv'), 'a,b\n', {replace: false})).toThrow(FileExists);
    expect(() => writePrivateFile(join(d, 'out.csv'), 'a,b\n', {replace: false})).toThrow(`${join(d, 'out.csv')} exists already; choose another name`);
    expect(readFileSync(join(d, 'victim'), 'utf8')).toBe('precious\n');
    expect(readdirSync(d).sort()).toEqual(['out.csv', 'victim']);
  });

  it('an existing file is replaced by a new one, not written into (its other name keeps the old content)', () => {
    const d = fresh();
    writeFileSync(join(d, 'shared'), 'old\n');
    chmodSync(join(d, 'shared'), 0o644);
    linkSync(join(d, 'shared'), join(d, 'key'));
    writePrivateFile(join(d, 'key'), 'secret\n', {replace: true});
    expect(readFileSync(join(d, 'shared'), 'utf8')).toBe('old\n');
    expect(readFileSync(join(d, 'key'), 'utf8')).toBe('secret\n');
    expect(mode(join(d, 'key'))).toBe(0o600);
  });

  it('createExclusive never opens what is there: a planted link or file is EEXIST', () => {
    const d = fresh();
    symlinkSync(join(d, 'nowhere'), join(d, 'a'));
    expect(() => createExclusive(join(d, 'a'))).toThrow(/EEXIST/);
    expect(existsSync(join(d, 'nowhere'))).toBe(false);
  });
});

describe('privateFileStream', () => {
  it('streams into a 0600 temp file renamed into place; a link at the old `.partial` name is not followed; abort leaves nothing', async () => {
    const d = fresh();
    const target = join(d, 'audit.csv');
    writeFileSync(join(d, 'victim'), 'precious\n');
    symlinkSync(join(d, 'victim'), `${target}.partial`);
    const file = privateFileStream(target, {replace: true});
    await new Promise<void>((done, fail) => file.stream.end('a,b\r\n', () => done()).on('error', fail));
    file.commit();
    expect(readFileSync(target, 'utf8')).toBe('a,b\r\n');
    expect(mode(target)).toBe(0o600);
    expect(readFileSync(join(d, 'victim'), 'utf8')).toBe('precious\n');

    const aborted = privateFileStream(join(d, 'other.csv'), {replace: true});
    aborted.abort();
    expect(readdirSync(d).sort()).toEqual(['audit.csv', 'audit.csv.partial', 'victim']);
  });
});

describe('the writers it replaced', () => {
  it('writeTokenFile (the console\'s "write to a file"): a planted link is not followed, an existing file not written into', async () => {
    const d = fresh();
    writeFileSync(join(d, 'victim'), 'precious\n');
    symlinkSync(join(d, 'victim'), join(d, 'token'));
    // Before: the token went into the victim through the link (and chmod tightened the victim).
    expect(await writeTokenFile('token', 'eyJ.token', d)).toBe(join(d, 'token'));
    expect(readFileSync(join(d, 'victim'), 'utf8')).toBe('precious\n');
    expect(mode(join(d, 'victim'))).not.toBe(0o600);
    expect(readFileSync(join(d, 'token'), 'utf8')).toBe('eyJ.token\n');
    expect(mode(join(d, 'token'))).toBe(0o600);
  });

  it('writeResult (query export) refuses a link planted at the name', () => {
    const d = fresh();
    symlinkSync(join(d, 'nowhere'), join(d, 'rows.csv'));
    expect(() => writeResult(join(d, 'rows.csv'), 'csv', ['a'], [{a: 1}])).toThrow('exists already; choose another name');
    expect(existsSync(join(d, 'nowhere'))).toBe(false);
  });
});

describe('ownPrivateFile (the service\'s data file, WAL and lock)', () => {
  it('creates a missing file 0600, tightens an own 0644 one, refuses a link and a second name', () => {
    const d = fresh();
    ownPrivateFile(join(d, 'a.db'), {create: true});
    expect(mode(join(d, 'a.db'))).toBe(0o600);
    writeFileSync(join(d, 'b.db'), '');
    chmodSync(join(d, 'b.db'), 0o644);
    ownPrivateFile(join(d, 'b.db'), {create: true});
    expect(mode(join(d, 'b.db'))).toBe(0o600);
    symlinkSync(join(d, 'a.db'), join(d, 'c.db'));
    expect(() => ownPrivateFile(join(d, 'c.db'), {create: true})).toThrow(`refusing to use ${join(d, 'c.db')}: it is a symbolic link`);
    linkSync(join(d, 'a.db'), join(d, 'd.db'));
    expect(() => ownPrivateFile(join(d, 'd.db'), {create: false, singleName: true})).toThrow(UnsafeFile);
    expect(ownPrivateFile(join(d, 'missing'), {create: false})).toBeUndefined();
  });

  const asRoot = process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;
  it.skipIf(!asRoot)('refuses a file another user made, naming its owner (needs root and setpriv to act as uid 65534)', () => {
    const d = fresh();
    chmodSync(dir, 0o711);
    chmodSync(d, 0o1777);
    const file = join(d, 'planted.db');
    const r = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'sh', '-c', 'umask 0; : > "$1"', 'sh', file]);
    expect(r.status).toBe(0);
    expect(() => ownPrivateFile(file, {create: true})).toThrow(/it is owned by .*\(uid 65534\), not by .*\(uid 0\) who runs svc/);
    expect(mode(file)).toBe(0o666);
  });
});
