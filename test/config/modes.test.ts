// Credentials other local users can read: warned about once and tightened (0600 file, 0700 directory).
import {chmodSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {tightenConfigModes} from '../../src/config/file.js';
import {looseConfig, mode} from '../helpers/looseConfig.js';

describe.skipIf(process.platform === 'win32')('config file modes', () => {
  it('tightens a 0644 file in a 0777 directory and warns once', () => {
    const {dir, file} = looseConfig('svc-modes-');
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
    const {dir, file} = looseConfig('svc-modes-');
    chmodSync(file, 0o600);
    chmodSync(dir, 0o700);
    const lines: string[] = [];
    tightenConfigModes(file, (l) => lines.push(l));
    expect(lines).toEqual([]);
  });
});
