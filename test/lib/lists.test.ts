// Lists of any size: no spread of a server-sized array into a call anywhere on the client side.
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {join, relative, resolve} from 'node:path';
import {describe, expect, it} from 'vitest';
import {appendAll, maxOf} from '../../src/lib/lists.js';

const ROOT = resolve(import.meta.dirname, '../..');
/** Everything that runs in the client (command mode, console, shared logic). */
const CLIENT_DIRS = ['src/api', 'src/lib', 'src/commands', 'src/config', 'src/queries', 'src/workflows', 'src/ui', 'screens'];
/** A spread into a variadic call: `x.push(...a)`, `x.unshift(...a)`, `Math.max(1, ...a)`, `String.fromCharCode(...a)`. */
const SPREAD_CALL = /\.(?:push|unshift)\(\s*\.\.\.|Math\.(?:max|min)\((?:[^)]*,)?\s*\.\.\.|fromCharCode\(\s*\.\.\./;

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

describe('lists of any size', () => {
  it('maxOf and appendAll take 200,000 values (a spread throws there)', () => {
    const big = Array.from({length: 200_000}, (_, i) => i);
    expect(() => Math.max(...Array.from({length: 2_000_000}, () => 1))).toThrow(RangeError);
    expect(maxOf(big, 0)).toBe(199_999);
    expect(maxOf([], 4)).toBe(4);
    expect(appendAll([-1], big)).toHaveLength(200_001);
  });

  it('no client source spreads an array into push/unshift/Math.max/Math.min', () => {
    const offenders: string[] = [];
    for (const dir of CLIENT_DIRS) {
      for (const file of sources(join(ROOT, dir))) {
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (SPREAD_CALL.test(line)) offenders.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(offenders).toEqual([]);
  });
});
