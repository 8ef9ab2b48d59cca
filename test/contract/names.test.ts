// The one name rule (src/contract/names.ts) on its own: every Unicode format character and the other invisible
// ones are refused wherever they sit, look-alike scripts may not share a word, and branch names compare without
// regard to case. The service, the console's prompts and the CLI import this rule; their tests show each uses it.
import {describe, expect, it} from 'vitest';
import {branchNameKey, nameTextProblem, newBranchNameProblem, printableName} from '../../src/contract/names.js';

describe('nameTextProblem', () => {
  it('refuses every format (Cf) character, controls, separators and other invisible characters', () => {
    const cf: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (/\p{Cf}/u.test(ch)) cf.push(ch);
    }
    expect(cf.length).toBeGreaterThan(150);
    for (const ch of cf) expect(nameTextProblem(`a${ch}b`), `U+${ch.codePointAt(0)!.toString(16)}`).toMatch(/an invisible, control or format character/);
    for (const ch of ['\u0000', '\u001b', '\u009b', '\u2028', '\u2029', '\u00a0', '\u3000', '\u034f', '\u3164', '\ufe0f', '\t']) {
      expect(nameTextProblem(`x${ch}`), JSON.stringify(ch)).toBeDefined();
    }
  });

  it('refuses look-alike scripts mixed in one word, takes each script alone and in separate words', () => {
    expect(nameTextProblem('\u043erders')).toBe('mixes Latin and Cyrillic letters in "\u043erders", which can pass for each other');
    expect(nameTextProblem('p\u0430yp\u0430l')).toMatch(/mixes Latin and Cyrillic/);
    expect(nameTextProblem('\u03bfrders')).toMatch(/mixes Latin and Greek/);
    for (const ok of ['orders', '\u0437\u0430\u043a\u0430\u0437\u044b.yml', 'model/\u03b1\u03b2/orders.yml', '\u6ce8\u6587-orders', 'caf\u00e9', 'na\u0308ive', 'a b']) {
      expect(nameTextProblem(ok), ok).toBeUndefined();
    }
  });
});

describe('branch names', () => {
  it('newBranchNameProblem: git ref rules, the text rule and the reserved dev- prefix', () => {
    expect(newBranchNameProblem('bad..name')).toBe('"bad..name" is not a valid branch name: it contains "..", which git does not allow in ref names');
    expect(newBranchNameProblem('ma\u200bin')).toMatch(/^"ma\\u\{200b\}in" is not a valid branch name: it contains U\+200B/);
    expect(newBranchNameProblem('dev-mine')).toMatch(/reserved for personal dev-mode branches/);
    expect(newBranchNameProblem(' ')).toBe('an empty value names no branch');
    for (const ok of ['main', 'feature/orders', 'release-2024.01', 'feature/\u00fcber']) expect(newBranchNameProblem(ok), ok).toBeUndefined();
  });

  it('branchNameKey folds case and compatibility forms', () => {
    expect(branchNameKey('MAIN')).toBe(branchNameKey('main'));
    expect(branchNameKey('\u00dcBER')).toBe(branchNameKey('\u00fcber'));
    expect(branchNameKey('\uff4d\uff41\uff49\uff4e')).toBe(branchNameKey('main'));
    expect(branchNameKey('main')).not.toBe(branchNameKey('m\u0430in'));
  });

  it('printableName shows what it refuses', () => {
    expect(printableName('a\u202eb\u00adc')).toBe('a\\u{202e}b\\u{ad}c');
  });
});
