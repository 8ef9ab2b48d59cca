// The shared ref rule against git itself: a value is refused exactly when git's check-ref-format refuses it as a
// tag name (refs/tags/<name>), or it is one of the names git's porcelain also refuses (a leading "-", "@"), or it is
// a full 40-hex commit SHA, or empty. Everything else is left to the service to resolve.
import {spawnSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {refProblem} from '../../src/contract/gitRef.js';

const hasGit = spawnSync('git', ['--version']).status === 0;

const NAMES = [
  'main', 'v1.0.0', '20240101', 'deadbeef', 'a1b2c3d', 'abc1234', 'DEADBEEF', 'feature/orders', 'release/2024-01',
  'user/ada/wip', '#123', 'ü-branch', 'a.b', 'x@y', 'HEAD', 'a_b-c', '1', '0123456789abcdef0123456789abcdef0123456',
  'a..b', 'a~1', 'a^', 'x:y', 'q?', 'st*r', 'br[acket', 'back\\slash', 'a b', 'tab\tname', 'nl\nname', 'del\x7f',
  'feature/', '/lead', 'a//b', 'ends.', '.hidden', 'dir/.hidden', 'x.lock', 'dir/x.lock/y', 'a@{1}', 'x.lock.y',
  'a/b.c/d', 'trailing.lock/x', '-main', '@',
];

describe('refProblem', () => {
  it('refuses empty, blank and full 40-hex SHAs; leaves short hex and date tags to the service', () => {
    expect(refProblem('')).toMatch(/^an empty value names no branch or tag/);
    expect(refProblem('   ')).toMatch(/^an empty value/);
    expect(refProblem('4d1054b8c7e3f2a19d0c6b5a4f3e2d1c0b9a8f7e')).toMatch(/is a commit SHA; dbt sync takes a branch or tag/);
    expect(refProblem('E83C5163316F89BFBDE7D9AB23CA2E25604AF290')).toMatch(/is a commit SHA/);
    for (const ok of ['20240101', 'deadbeef', 'a1b2c3d', '4d1054b8c7e3f2a19d0c6b5a4f3e2d1c0b9a8f7', 'v1.0.0', 'feature/x']) expect(refProblem(ok), ok).toBeUndefined();
    expect(refProblem('x'.repeat(256))).toMatch(/longer than 255/);
    expect(refProblem('a b')).toBe('`a b` is not a branch or tag name: it contains a space, which git does not allow in branch or tag names');
  });

  it.skipIf(!hasGit)('agrees with git check-ref-format on every name', () => {
    const disagreements: string[] = [];
    for (const name of NAMES) {
      const git = spawnSync('git', ['check-ref-format', `refs/tags/${name}`], {timeout: 5000});
      const gitOk = git.status === 0 && !name.startsWith('-') && name !== '@';
      const ours = refProblem(name) === undefined;
      if (gitOk !== ours) disagreements.push(`${JSON.stringify(name)}: git ${gitOk ? 'accepts' : 'refuses'}, refProblem ${ours ? 'accepts' : 'refuses'}`);
    }
    expect(disagreements).toEqual([]);
  });
});
