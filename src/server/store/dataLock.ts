// One service per data file. The lock is a kernel lock, not a convention: `<data>.lock` is a tiny SQLite file
// that the owner opens in EXCLUSIVE locking mode and writes once, so it holds the file's exclusive lock for as
// long as the process lives. The kernel drops it when the process dies in any way (kill -9 included), so a
// stale lock cannot outlive its owner and no pid has to be trusted to decide who owns the file. The owner's pid
// is kept in the lock file's header (user_version) only to name it in the refusal.
import {closeSync, openSync, readSync} from 'node:fs';
import {resolve} from 'node:path';
import Database from 'better-sqlite3';
import {checkDataFile, claimLockFile} from './fileModes.js';

export class DataFileInUse extends Error {
  constructor(
    readonly dataFile: string,
    readonly ownerPid: number | undefined,
  ) {
    const who = ownerPid ? `another svc server (pid ${ownerPid})` : 'another svc server';
    super(`data file ${dataFile} is in use by ${who}; stop it, or start this one with another --data file`);
    this.name = 'DataFileInUse';
  }
}

export interface DataLock {
  release(): void;
}

const isBusy = (err: unknown) => /^SQLITE_(BUSY|LOCKED)/.test(String((err as {code?: unknown}).code ?? ''));

/** Takes the lock of `dataFile` or throws DataFileInUse at once (no waiting: the owner may run for days). */
export function lockDataFile(dataFile: string): DataLock {
  const file = resolve(dataFile);
  const lockFile = `${file}.lock`;
  // A data file or lock that is a link, has a second name or belongs to another user is refused (UnsafeFile).
  checkDataFile(file);
  claimLockFile(lockFile);
  let db: Database.Database | undefined;
  try {
    db = new Database(lockFile, {timeout: 0});
    db.pragma('locking_mode = EXCLUSIVE');
    // The first write takes the exclusive lock; in EXCLUSIVE locking mode the commit keeps it.
    db.exec('BEGIN EXCLUSIVE');
    db.pragma(`user_version = ${process.pid}`);
    db.exec('COMMIT');
  } catch (err) {
    db?.close();
    if (isBusy(err)) throw new DataFileInUse(file, ownerOf(lockFile));
    throw err;
  }
  const held = db;
  return {release: () => held.close()};
}

/** The pid recorded by the lock's owner, when it names a live process other than this one. */
function ownerOf(lockFile: string): number | undefined {
  // The owner writes its pid in the same transaction that takes the lock; a just-started owner may not have
  // committed yet, so look a few times within a fraction of a second.
  const deadline = Date.now() + 500;
  for (;;) {
    const pid = readUserVersion(lockFile);
    if (pid && pid !== process.pid && isAlive(pid)) return pid;
    if (Date.now() >= deadline) return undefined;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}

function readUserVersion(file: string): number | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const header = Buffer.alloc(100);
    // A plain read: POSIX record locks are advisory, so the owner's lock does not stop it.
    if (readSync(fd, header, 0, 100, 0) < 64) return undefined;
    const pid = header.readInt32BE(60);
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
