// Installing a release in place, for copies installed by install.sh. Its layout:
//   <dir>/versions/<version>/   an unpacked release (npm pack tarball: package.json, dist/…)
//   <dir>/current               symlink to versions/<version>, swapped atomically
//   <bin>/svc                   symlink to <dir>/current/dist/svc.js
// A new version is unpacked beside the old one, gets the old one's installed dependencies, then `current` is
// switched with one rename: a failure at any step leaves the running version untouched.
import {execFileSync} from 'node:child_process';
import {copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {basename, dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

export interface InstallLayout {
  root: string;
  currentVersionDir: string;
}

/** The install.sh layout this process runs from, or undefined (npm -g, a checkout, …). */
export function installLayout(script = process.argv[1]): InstallLayout | undefined {
  if (!script) return undefined;
  let real: string;
  try {
    real = realpathSync(script);
  } catch {
    return undefined;
  }
  const versionDir = dirname(dirname(real));
  const versions = dirname(versionDir);
  if (basename(dirname(real)) !== 'dist' || basename(versions) !== 'versions') return undefined;
  return {root: dirname(versions), currentVersionDir: versionDir};
}

async function download(url: string, file: string): Promise<void> {
  if (url.startsWith('file:')) return copyFileSync(fileURLToPath(url), file);
  let res: Response;
  try {
    res = await fetch(url, {signal: AbortSignal.timeout(300_000)});
  } catch (err) {
    const cause = (err as Error & {cause?: unknown}).cause;
    throw new Error(`download of ${url} failed: ${cause instanceof Error ? cause.message : (err as Error).message}`);
  }
  if (!res.ok) throw new Error(`download of ${url} failed: ${res.status} ${res.statusText}`.trim());
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
}

export async function installRelease(layout: InstallLayout, version: string, tarballUrl: string): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'svc-update-'));
  const versions = join(layout.root, 'versions');
  const staging = join(versions, `.${version}.${process.pid}.partial`);
  try {
    const tarball = join(work, 'release.tgz');
    await download(tarballUrl, tarball);
    mkdirSync(staging, {recursive: true});
    try {
      execFileSync('tar', ['-xzf', tarball, '-C', staging, '--strip-components=1'], {stdio: ['ignore', 'ignore', 'pipe']});
    } catch (err) {
      throw new Error(`could not unpack the release: ${String((err as {stderr?: Buffer}).stderr ?? '').trim() || (err as Error).message}`);
    }
    if (!existsSync(join(staging, 'dist', 'svc.js'))) throw new Error('the release tarball has no dist/svc.js');
    const modules = join(layout.currentVersionDir, 'node_modules');
    if (existsSync(modules)) cpSync(modules, join(staging, 'node_modules'), {recursive: true, verbatimSymlinks: true});
    const target = join(versions, version);
    if (target !== layout.currentVersionDir) rmSync(target, {recursive: true, force: true});
    renameSync(staging, target);
    const link = join(layout.root, `current.${process.pid}.tmp`);
    rmSync(link, {force: true});
    symlinkSync(join('versions', version), link);
    renameSync(link, join(layout.root, 'current'));
  } finally {
    rmSync(staging, {recursive: true, force: true});
    rmSync(work, {recursive: true, force: true});
  }
}
