// THE writer of every file svc writes that holds a secret or an export (tokens and keys written from the console,
// query results, audit exports, the telemetry id, the update cache, the editor's temp file, the service's data
// file and lock), and THE check of a private file svc is about to use. The rules, in one place:
//  - a file is created here, exclusively: O_CREAT|O_EXCL|O_NOFOLLOW, mode 0600. An existing file, or a symbolic
//    link planted at the name (to a file of someone else, or to one the writer would overwrite), is never opened
//    for writing;
//  - content goes to a new temp file beside the target (`<target>.<random>.partial`) and is renamed into place,
//    so nothing is ever written into an existing file and an interrupted write leaves the target as it was; a
//    rename replaces a link at the target instead of following it. `replace: false` refuses an existing target;
//  - a private file svc uses (`ownPrivateFile`) is a regular file of this process's user, not a symbolic link,
//    readable by that user alone; anything else is refused with an error naming the file and its owner;
//  - the directory such a file lives in (`ownPrivateDir`) is a real directory (not a symbolic link), owned by this
//    user or root, and nobody else may rename or replace entries in it (not writable by others, unless sticky
//    like /tmp, where others may add names but not touch ours, and each of our files is checked by name).
// `test/files/private-file.test.ts` greps src/ and screens/ for file writes outside this module.
import {randomBytes} from 'node:crypto';
import {closeSync, constants, createWriteStream, fchmodSync, fstatSync, fsyncSync, linkSync, lstatSync, openSync, readFileSync, renameSync, rmSync, writeSync, type Stats, type WriteStream} from 'node:fs';

const CREATE_EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** A private file that is not what it must be (a link, another user's file, not a regular file). */
export class UnsafeFile extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`refusing to use ${file}: ${reason}`);
    this.name = 'UnsafeFile';
  }
}

/** A target that exists already when the caller asked never to replace one. */
export class FileExists extends Error {
  constructor(readonly file: string) {
    super(`${file} exists already; choose another name`);
    this.name = 'FileExists';
  }
}

/** Creates `path` as a new empty file of this user, mode 0600, and returns its descriptor. EEXIST when anything is there. */
export function createExclusive(path: string): number {
  const fd = openSync(path, CREATE_EXCLUSIVE, 0o600);
  // The umask may have taken bits away, never added any; set exactly 0600 (on the descriptor, not the name).
  try {
    fchmodSync(fd, 0o600);
  } catch (err) {
    closeSync(fd);
    throw err;
  }
  return fd;
}

const partialName = (target: string) => `${target}.${randomBytes(6).toString('hex')}.partial`;

/** Puts the finished temp file at `target`: a rename (replaces whatever name is there, never writes through it) or a no-clobber link. */
function moveIntoPlace(temp: string, target: string, replace: boolean): void {
  if (replace) return renameSync(temp, target);
  try {
    linkSync(temp, target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new FileExists(target);
    throw err;
  } finally {
    rmSync(temp, {force: true});
  }
}

/** Writes `data` to `target` as a private file (0600), through a new temp file renamed into place. */
export function writePrivateFile(target: string, data: string | Uint8Array, opts: {replace: boolean}): void {
  if (!opts.replace && existsAsAnything(target)) throw new FileExists(target);
  const temp = partialName(target);
  const fd = createExclusive(temp);
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    for (let off = 0; off < bytes.byteLength; ) off += writeSync(fd, bytes, off);
    fsyncSync(fd);
    closeSync(fd);
    moveIntoPlace(temp, target, opts.replace);
  } catch (err) {
    try {
      closeSync(fd);
    } catch {
      // closed already
    }
    rmSync(temp, {force: true});
    throw err;
  }
}

/** A stream into a new private temp file; `commit()` moves it to the target once the stream has finished, `abort()` removes it. */
export interface PrivateFileStream {
  stream: WriteStream;
  commit(): void;
  abort(): void;
}

export function privateFileStream(target: string, opts: {replace: boolean}): PrivateFileStream {
  if (!opts.replace && existsAsAnything(target)) throw new FileExists(target);
  const temp = partialName(target);
  const stream = createWriteStream('', {fd: createExclusive(temp)});
  return {
    stream,
    commit: () => moveIntoPlace(temp, target, opts.replace),
    abort: () => {
      stream.destroy();
      rmSync(temp, {force: true});
    },
  };
}

function existsAsAnything(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** The user's name for a uid, from /etc/passwd; undefined when there is no such line. */
export function userName(uid: number): string | undefined {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [name, , id] = line.split(':');
      if (name && Number(id) === uid) return name;
    }
  } catch {
    // no passwd file: the uid alone names the owner
  }
  return undefined;
}

function ownerOf(uid: number): string {
  const name = userName(uid);
  return name ? `${name} (uid ${uid})` : `uid ${uid}`;
}

const OPEN_NO_LINK = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Makes sure `dir`, where svc keeps a private file, cannot be used to swap that file: refused (UnsafeFile) when it
 * is a symbolic link, not a directory, owned by another user than this one or root, or writable by other users
 * without the sticky bit. No-op without POSIX users (Windows).
 */
export function ownPrivateDir(dir: string): void {
  const me = process.getuid?.();
  if (me === undefined) return;
  const s = lstatSync(dir, {throwIfNoEntry: false});
  if (!s) return;
  if (s.isSymbolicLink()) throw new UnsafeFile(dir, 'it is a symbolic link; svc keeps its data in a real directory (use the directory it points to)');
  if (!s.isDirectory()) throw new UnsafeFile(dir, 'it is not a directory');
  if (s.uid !== me && s.uid !== 0) {
    throw new UnsafeFile(dir, `it is owned by ${ownerOf(s.uid)}, not by ${ownerOf(me)} who runs svc; its owner could swap the data file (use a directory of your own)`);
  }
  if ((s.mode & 0o022) !== 0 && (s.mode & 0o1000) === 0) {
    throw new UnsafeFile(dir, `it is writable by other users (mode ${(s.mode & 0o7777).toString(8).padStart(4, '0')}), who could swap the data file (chmod go-w it, or use a directory of your own)`);
  }
}

/**
 * Makes sure `path` is a private file of this process's user: created (exclusively, 0600) when missing and
 * `create` is set; refused (UnsafeFile) when it is a symbolic link, not a regular file, owned by someone else, or
 * (`singleName`) has more than one name; tightened to 0600 when it is ours but open to others. Returns its stat,
 * or undefined when it is missing and not created. No-op without POSIX users (Windows).
 */
export function ownPrivateFile(path: string, opts: {create: boolean; singleName?: boolean}): Stats | undefined {
  const me = process.getuid?.();
  if (me === undefined) return undefined;
  if (opts.create) {
    try {
      closeSync(createExclusive(path));
    } catch (err) {
      // There already (or made by someone between two looks): look at what is there.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  let fd: number;
  try {
    // Looked at through a descriptor that never follows a link, so the checks and the chmod are about one file.
    fd = openSync(path, OPEN_NO_LINK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !opts.create) return undefined;
    if (code === 'ELOOP' || lstatSync(path, {throwIfNoEntry: false})?.isSymbolicLink()) {
      throw new UnsafeFile(path, 'it is a symbolic link; svc uses only a regular file of its own there (remove the link)');
    }
    throw err;
  }
  try {
    const s = fstatSync(fd);
    if (!s.isFile()) throw new UnsafeFile(path, 'it is not a regular file');
    if (s.uid !== me) {
      throw new UnsafeFile(path, `it is owned by ${ownerOf(s.uid)}, not by ${ownerOf(me)} who runs svc; another user made it and could read or change it (remove it, or use another file)`);
    }
    if (opts.singleName && s.nlink > 1) {
      throw new UnsafeFile(path, `it has ${s.nlink} names (hard links); svc needs a data file with one name, so that one lock covers it (copy it instead)`);
    }
    if ((s.mode & 0o077) !== 0) fchmodSync(fd, 0o600);
    return s;
  } finally {
    closeSync(fd);
  }
}
