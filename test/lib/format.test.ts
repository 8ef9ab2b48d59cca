// groupDigits replaces toLocaleString('en-US') for counts (Intl's number data costs the console's first frame
// milliseconds); Intl itself is the oracle here.
import {describe, expect, it} from 'vitest';
import {formatBytes, groupDigits} from '../../src/lib/format.js';

describe('groupDigits', () => {
  it('writes integers as en-US does', () => {
    const samples = [0, 1, 7, 12, 999, 1000, 1001, 9999, 10_000, 45_678, 100_000, 999_999, 1_000_000, 12_345_678, 2 ** 31, Number.MAX_SAFE_INTEGER];
    for (const n of [...samples, ...samples.map((x) => -x).filter((x) => x !== 0)]) expect(groupDigits(n), String(n)).toBe(n.toLocaleString('en-US'));
  });

  it('leaves what is not a safe integer as String writes it', () => {
    expect(groupDigits(1.5)).toBe('1.5');
    expect(groupDigits(Number.NaN)).toBe('NaN');
    expect(groupDigits(Infinity)).toBe('Infinity');
  });
});

describe('formatBytes', () => {
  it('uses B, KB and MB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
