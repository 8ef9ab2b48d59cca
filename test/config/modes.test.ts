// Credentials other local users can read: warned about once and tightened (0600 file, 0700 directory).
import {chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {tightenConfigModes} from '../../src/config/file.js';

const mode = (path: string) => statSync(path).mode & 0o777;

function looseConfig(): {dir: string; file: string} {
  const dir = join(mkdtempSync(join(tmpdir(), 'svc-modes-')), 'svc');
  mkdirSync(dir);
  const file = join(dir, 'config.toml');
  writeFileSync(file, 'default_context = "default"\n\n[contexts.default]\nurl = "http://127.0.0.1:9"\napi_key = "svc_secret"\n');
  chmodSync(file, 0o644);
  chmodSync(dir, 0o777);
  return {dir, file};
}

describe.skipIf(process.platform === 'win32')('config file modes', () => {
  it('tightens a 0644 file in a 0777 directory and warns once', () => {
    const {dir, file} = looseConfig();
    const lines: string[] = [];
    tightenConfigModes(file, (l) => lines.push(l));
    expect(mode(file)).toBe(0o600);
    expect(mode(dir)).toBe(0o700);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`${file} (0644)`);
    expect(lines[0]).toContain(`${dir} (0777)`);
    tightenConfigModes(file, (l) => lines.push(l));
    expect(lines).toHaveLength(1);
  });

  it('says nothing about a file that is already private', () => {
    const {dir, file} = looseConfig();
    chmodSync(file, 0o600);
    chmodSync(dir, 0o700);
    const lines: string[] = [];
    tightenConfigModes(file, (l) => lines.push(l));
    expect(lines).toEqual([]);
  });
});
