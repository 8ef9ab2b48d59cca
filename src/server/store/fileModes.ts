// File modes of what the service keeps on disk.
import {chmodSync, closeSync, existsSync, openSync} from 'node:fs';

/**
 * The data file holds the JWT signing secret and key hashes: other local users must not read it. It is created
 * 0600, and an existing file (and its -wal/-shm, which SQLite creates with the data file's mode) is set to 0600.
 */
export function ownerOnly(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    try {
      if (existsSync(f)) chmodSync(f, 0o600);
    } catch {
      // Not the owner (EPERM): nothing this process can change; opening it is still the caller's choice.
    }
  }
}
