// A prepared demo data file. Migrating and seeding a fresh demo file (every migration, 45 deployments, 160 dbt
// runs through the real engine) is CPU spent before the first request can be answered (BENCHMARKS.md, "Start-up
// profile").
// `svc ui --local` starts on a throw-away file: after it seeded one, a copy without credentials is kept in a
// private cache directory of the user, and the next start copies it and issues fresh credentials instead. Saving
// one removes the images (of any build) too old to be used.
//
// Trust: the image is used only from a directory owned by this user and closed to everyone else (0700), as a
// regular file owned by this user that nobody else may write, made by this build (the name carries the version
// and the migration list) less than a day ago. Anything else — missing, foreign, open, stale, corrupt — is
// ignored without a word and the file is seeded as before.
import {createHash} from 'node:crypto';
import {chmodSync, constants, copyFileSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync} from 'node:fs';
import {basename, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import Database from 'better-sqlite3';
import {VERSION} from '../version.js';
import type {Db} from './store/db.js';
import {migrations} from './store/migrations.js';

/** An older image would show the demo's history (syncs, builds) that much further in the past. */
export const DEMO_IMAGE_MAX_AGE_MS = 24 * 3600_000;

/**
 * The bundle chunk this code runs from: its name carries esbuild's hash of the service's code, the seed included,
 * so each build (not only each release: every worktree and rebuild shares the cache directory) has its own image.
 */
const BUILD = basename(fileURLToPath(import.meta.url));

/** The image's file name: one per build and schema, so a changed seed or migration list never reads an old one. */
export function demoImageFile(dir: string): string {
  const fingerprint = createHash('sha256').update(`${VERSION}\n${BUILD}\n${migrations.map((m) => m.id).join('\n')}`).digest('hex').slice(0, 16);
  return join(dir, `demo-${fingerprint}.db`);
}

const uid = (): number | undefined => process.getuid?.();

/** A directory of this user that no one else can enter or write (0700, not a symlink). */
function privateDir(dir: string): boolean {
  try {
    const s = lstatSync(dir);
    return s.isDirectory() && s.uid === uid() && (s.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/** Copies a trusted, fresh image to `dataFile` (which must not exist yet); false when there is none to trust. */
export function copyDemoImage(dir: string, dataFile: string, now = Date.now()): boolean {
  if (uid() === undefined || !privateDir(dir)) return false;
  const image = demoImageFile(dir);
  try {
    const s = lstatSync(image);
    if (!s.isFile() || s.uid !== uid() || (s.mode & 0o022) !== 0 || now - s.mtimeMs > DEMO_IMAGE_MAX_AGE_MS || s.mtimeMs > now + 60_000) return false;
    // COPYFILE_EXCL: a new file, never through a link planted at the name, never over a file someone made.
    copyFileSync(image, dataFile, constants.COPYFILE_EXCL);
  } catch {
    return false;
  }
  try {
    chmodSync(dataFile, 0o600);
    return true;
  } catch {
    rmSync(dataFile, {force: true});
    return false;
  }
}

/**
 * What an image must not carry: the seed's API keys and the JWT secret (each copy gets its own). The keys' id
 * counter starts again, so a copy's keys have the ids a seeded file's have.
 */
function dropCredentials(db: Db): void {
  db.exec("DELETE FROM api_keys; DELETE FROM sqlite_sequence WHERE name = 'api_keys'; DELETE FROM service_settings WHERE key = 'jwt_secret';");
}

/**
 * A freshly seeded demo database as the bytes of an image, without its credentials: `startService({demoImage})`
 * and `createContext({image})` open copies of it in memory (the tests seed once and copy per test).
 */
export function demoImageBytes(db: Db): Buffer {
  const copy = new Database(db.serialize());
  try {
    dropCredentials(copy);
    copy.exec('VACUUM');
    return copy.serialize();
  } finally {
    copy.close();
  }
}

/** An image of any build, or what a save killed half-way left behind. */
const IMAGE_NAME = /^(?:demo-[0-9a-f]{16}\.db|\.demo-\d+-\d+\.tmp)$/;

/**
 * Every build keeps its own image, and an upgrade or a rebuild never reads an older build's again: without this the
 * directory grows by one image (~7 MB) per build for good. Removed: this user's images and half-written saves that
 * are too old to be used (another build's fresh image stays: two builds may run side by side).
 */
function dropStaleImages(dir: string, now: number): void {
  for (const name of readdirSync(dir)) {
    if (!IMAGE_NAME.test(name)) continue;
    const file = join(dir, name);
    const s = lstatSync(file);
    if (s.isFile() && s.uid === uid() && now - s.mtimeMs > DEMO_IMAGE_MAX_AGE_MS) rmSync(file, {force: true});
  }
}

/** Keeps a copy of a freshly seeded demo file, without its credentials (API keys, JWT secret); errors are ignored. */
export function saveDemoImage(db: Db, dir: string): void {
  if (uid() === undefined) return;
  const tmp = join(dir, `.demo-${process.pid}-${Date.now()}.tmp`);
  try {
    mkdirSync(dir, {recursive: true, mode: 0o700});
    if (!privateDir(dir)) return;
    db.prepare('VACUUM INTO ?').run(tmp);
    const copy = new Database(tmp);
    try {
      dropCredentials(copy);
    } finally {
      copy.close();
    }
    chmodSync(tmp, 0o600);
    renameSync(tmp, demoImageFile(dir));
    dropStaleImages(dir, Date.now());
  } catch {
    // A cache: the next start seeds again.
  } finally {
    rmSync(tmp, {force: true});
  }
}
