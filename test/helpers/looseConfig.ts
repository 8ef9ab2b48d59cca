// A config directory and file other local users can read (0777 directory, 0644 file holding an API key), for the
// tests that check svc warns once and tightens them (0700, 0600).
import {chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

/** The permission bits of a path. */
export const mode = (path: string) => statSync(path).mode & 0o777;

/** A fresh `svc` config directory (under a temp dir named by `prefix`) with a readable config.toml. */
export function looseConfig(prefix: string): {dir: string; file: string} {
  const dir = join(mkdtempSync(join(tmpdir(), prefix)), 'svc');
  mkdirSync(dir);
  const file = join(dir, 'config.toml');
  writeFileSync(file, 'default_context = "default"\n\n[contexts.default]\nurl = "http://127.0.0.1:9"\napi_key = "svc_secret"\n');
  chmodSync(file, 0o644);
  chmodSync(dir, 0o777);
  return {dir, file};
}
