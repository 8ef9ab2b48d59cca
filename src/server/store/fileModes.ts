// The service's files on disk: the data file (it holds the JWT signing secret and key hashes), the -wal, -shm and
// -journal SQLite keeps beside it, and the lock. Each must be a private file of the service's own user
// (files/privateFile.ts `ownPrivateFile`): a file another local user planted beforehand, or a symbolic link, is
// refused with an error naming the file and its owner, before the service reads or writes anything in it. So is
// their directory when another user could swap them there (privateFile.ts `ownPrivateDir`): a link, another
// user's directory, or one others may write without the sticky bit.
import {dirname} from 'node:path';
import {ownPrivateDir, ownPrivateFile} from '../../files/privateFile.js';

/**
 * Checks the data file before its lock is taken: when it exists, it must be a regular file of this user with a
 * single name (not a link, not a second hard link), so the lock beside it (`<data>.lock`) is the only lock of
 * that file: keyed by the file itself (device and inode), not by one of several paths to it.
 */
export function checkDataFile(file: string): void {
  ownPrivateDir(dirname(file));
  ownPrivateFile(file, {create: false, singleName: true});
}

/**
 * Creates (0600, exclusively) or checks the data file and the files SQLite keeps beside it. SQLite opens -wal
 * and -shm with O_CREAT, which would use a file planted there or follow a link: they are made here first.
 */
export function claimDataFile(file: string): void {
  ownPrivateDir(dirname(file));
  ownPrivateFile(file, {create: true, singleName: true});
  for (const suffix of ['-wal', '-shm']) ownPrivateFile(`${file}${suffix}`, {create: true});
  ownPrivateFile(`${file}-journal`, {create: false});
}

/** The lock file: created (0600, exclusively) or checked like the data file. */
export function claimLockFile(file: string): void {
  ownPrivateFile(file, {create: true});
}
