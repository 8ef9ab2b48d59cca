// install.sh and `svc update` on a real install: a release tarball (npm pack of this checkout) installed from a
// file:// URL pattern and from the checkout itself, a missing release leaving the install untouched, then
// `svc update` fetching a newer tarball over loopback HTTP and switching `current` to it.
import {execFileSync, spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, writeFileSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cliHarness.js';

const ROOT = resolve(CLI, '../..');
const INSTALL_SH = join(ROOT, 'install.sh');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {version: string}).version;

let work: string;
let releases: Server;
let releasesUrl: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'svc-install-'));
  execFileSync('npm', ['pack', '--silent', '--pack-destination', work], {cwd: ROOT, stdio: 'ignore'});
  // A "newer release": the same package relabelled, as a release pipeline would publish it.
  const unpacked = join(work, 'next');
  mkdirSync(unpacked);
  execFileSync('tar', ['-xzf', join(work, `svc-${VERSION}.tgz`), '-C', unpacked]);
  const pkg = join(unpacked, 'package', 'package.json');
  writeFileSync(pkg, readFileSync(pkg, 'utf8').replace(`"version": "${VERSION}"`, '"version": "99.0.0"'));
  execFileSync('tar', ['-czf', join(work, 'svc-99.0.0.tgz'), '-C', unpacked, 'package']);
  releases = createServer((req, res) => {
    if (req.url === '/releases/latest') {
      const asset = {name: 'svc-99.0.0.tgz', browser_download_url: `${releasesUrl}/download/svc-99.0.0.tgz`};
      return res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({tag_name: 'v99.0.0', assets: [asset]}));
    }
    if (req.url === '/download/svc-99.0.0.tgz') return res.writeHead(200).end(readFileSync(join(work, 'svc-99.0.0.tgz')));
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => releases.listen(0, '127.0.0.1', r));
  releasesUrl = `http://127.0.0.1:${(releases.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => releases?.close());

/** Async: the release server lives in this process, so a blocking spawnSync would never get its answers. */
function svcAsync(bin: string, args: string[], env: Record<string, string>): Promise<{status: number | null; stdout: string; stderr: string}> {
  return new Promise((done) => {
    const child = spawn(bin, args, {env: {PATH: process.env.PATH ?? '', CI: 'true', SVC_CONFIG_DIR: join(work, 'cfg'), ...env}});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => done({status, stdout, stderr}));
  });
}

function install(env: Record<string, string>) {
  return spawnSync('sh', [INSTALL_SH], {encoding: 'utf8', env: {PATH: process.env.PATH ?? '', HOME: work, SVC_INSTALL_DEPS: '0', ...env}});
}

describe('install.sh', () => {
  const dir = () => join(work, 'inst');
  const bin = () => join(work, 'bin');

  it('installs a release from a tarball URL pattern and links the launcher', () => {
    const run = install({SVC_VERSION: VERSION, SVC_INSTALL_DIR: dir(), SVC_BIN_DIR: bin(), SVC_RELEASE_URL: `file://${work}/svc-{version}.tgz`});
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`✓ Installed svc ${VERSION} in ${dir()} (launcher: ${bin()}/svc)`);
    expect(run.stdout).toContain(`Add ${bin()} to your PATH`);
    expect(readlinkSync(join(dir(), 'current'))).toBe(`versions/${VERSION}`);
    const version = spawnSync(join(bin(), 'svc'), ['--version'], {encoding: 'utf8'});
    expect(version).toMatchObject({status: 0, stdout: `${VERSION}\n`});
  });

  it('fails clearly for a release that does not exist and keeps the installed one', () => {
    const run = install({SVC_VERSION: '42.0.0', SVC_INSTALL_DIR: dir(), SVC_BIN_DIR: bin(), SVC_RELEASE_URL: `file://${work}/svc-{version}.tgz`});
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^error: could not download svc 42\\.0\\.0 from file://${work}/svc-42\\.0\\.0\\.tgz: \\(37\\) Couldn't open file`));
    expect(readlinkSync(join(dir(), 'current'))).toBe(`versions/${VERSION}`);
  });

  it('refuses a malformed SVC_VERSION', () => {
    const run = install({SVC_VERSION: '1.0; rm -rf /', SVC_INSTALL_DIR: dir(), SVC_BIN_DIR: bin()});
    expect(run).toMatchObject({status: 1, stderr: "error: SVC_VERSION must look like 1.2.3 (got '1.0; rm -rf /')\n"});
  });

  it('without a release source, says so instead of downloading from anywhere', () => {
    // svc has no release host: no SVC_UPDATE_URL, SVC_RELEASE_URL or SVC_SOURCE_DIR leaves nothing to ask.
    for (const extra of [{}, {SVC_VERSION: VERSION}] as Record<string, string>[]) {
      const run = install({SVC_INSTALL_DIR: join(work, 'nowhere'), SVC_BIN_DIR: join(work, 'nowhere-bin'), ...extra});
      expect(run).toMatchObject({status: 1, stdout: ''});
      expect(run.stderr).toMatch(/^error: no release source is configured: svc names no release host of its own — set SVC_UPDATE_URL /);
      expect(existsSync(join(work, 'nowhere'))).toBe(false);
    }
  });

  it('installs the latest release that SVC_UPDATE_URL names, from the .tgz asset it lists', async () => {
    const target = join(work, 'inst-latest');
    // Async: the release server answering curl lives in this process.
    const run = await new Promise<{status: number | null; stderr: string}>((done) => {
      const child = spawn('sh', [INSTALL_SH], {env: {PATH: process.env.PATH ?? '', HOME: work, SVC_INSTALL_DEPS: '0', SVC_INSTALL_DIR: target, SVC_BIN_DIR: join(work, 'bin-latest'), SVC_UPDATE_URL: `${releasesUrl}/releases/latest`}});
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (status) => done({status, stderr}));
    });
    expect(run).toMatchObject({status: 0, stderr: ''});
    expect(readlinkSync(join(target, 'current'))).toBe('versions/99.0.0');
  });

  it('svc update installs the newer release beside the old one and switches to it', async () => {
    const env = {SVC_UPDATE_URL: `${releasesUrl}/releases/latest`};
    const check = await svcAsync(join(bin(), 'svc'), ['update', '--check'], env);
    expect(check.stdout).toContain(`${VERSION} → 99.0.0`);
    expect(readlinkSync(join(dir(), 'current'))).toBe(`versions/${VERSION}`);
    const run = await svcAsync(join(bin(), 'svc'), ['update'], env);
    expect(run.stderr).toBe('');
    expect(run).toMatchObject({status: 0, stdout: `✓ Updated svc ${VERSION} → 99.0.0\n`});
    expect(readlinkSync(join(dir(), 'current'))).toBe('versions/99.0.0');
    expect(JSON.parse(readFileSync(join(dir(), 'current', 'package.json'), 'utf8')).version).toBe('99.0.0');
    expect(JSON.parse(readFileSync(join(dir(), 'versions', VERSION, 'package.json'), 'utf8')).version).toBe(VERSION);
    expect(spawnSync(join(bin(), 'svc'), ['--version'], {encoding: 'utf8'}).status).toBe(0);
  });

  it('svc update from a copy install.sh did not make says how to update instead', async () => {
    const run = await svcAsync(process.execPath, [CLI, 'update'], {SVC_UPDATE_URL: `${releasesUrl}/releases/latest`});
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^error: svc 99\.0\.0 is available, but this copy was not installed by install\.sh/);
  });

  it('installs from a local checkout with npm pack', () => {
    const run = install({SVC_SOURCE_DIR: ROOT, SVC_INSTALL_DIR: join(work, 'inst2'), SVC_BIN_DIR: join(work, 'bin2')});
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(spawnSync(join(work, 'bin2', 'svc'), ['--version'], {encoding: 'utf8'}).stdout).toBe(`${VERSION}\n`);
  }, 30_000);
});
