// The one rule for names and paths that cross the service boundary, shared by the service (data-model paths,
// branch names, the deploy branch, a dbt sync's branch, deployment names) and the client (`svc dbt sync --ref`, the console's
// branch and ref prompts), so a name the console lets through is a name the service takes and the other way round.
//
// A name must read as what it is:
// - no control characters (C0, C1, DEL), no format characters (Unicode category Cf: bidi marks and overrides,
//   U+200B zero-width space, U+2060 word joiner, U+00AD soft hyphen, U+FEFF…), nothing else Unicode calls
//   default-ignorable (drawn as nothing: U+034F, Hangul fillers, variation selectors), no line or paragraph
//   separators, no space other than U+0020;
// - no look-alike letters mixed into one word: a word (a run of letters) holds letters of at most one of the
//   scripts whose letters pass for each other (Latin, Cyrillic, Greek, Armenian, Cherokee), so `оrders.yml` with
//   a Cyrillic `о` is refused while `заказы.yml` and `orders.yml` are both fine;
// - a branch or tag name follows git's check-ref-format (as `refs/heads/<name>`), and branch names are unique
//   without regard to case (`branchNameKey`): `MAIN` beside `main` would be two branches on the service and one
//   directory on a case-insensitive file system.

/** Characters that draw as nothing, act on the terminal or the text around them, or pass for a space. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]|(?! )\p{Zs}/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'gu');

/** Scripts with letters that are confusable with each other's; one part may use at most one of them. */
const LOOKALIKE_SCRIPTS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
];

/** Longest branch or tag name taken; longer ones are refused rather than sent around. */
export const MAX_REF_LENGTH = 255;

/** The name with every invisible or control character shown as `\u{…}`, safe to put in an error message. */
export function printableName(name: string): string {
  const shown = name.length > 200 ? `${name.slice(0, 200)}…` : name;
  return shown.replace(INVISIBLE_ALL, (ch) => `\\u{${ch.codePointAt(0)!.toString(16)}}`);
}

/**
 * Why `text` (a name or a path) would not read as what it is, or undefined: an invisible, control or format
 * character, or letters of look-alike scripts mixed in one word. Phrased to follow "it".
 */
export function nameTextProblem(text: string): string | undefined {
  const bad = INVISIBLE.exec(text);
  if (bad) {
    return `contains U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}, an invisible, control or format character (names must show every character they hold)`;
  }
  for (const word of text.split(/[^\p{L}\p{M}]+/u)) {
    const scripts = LOOKALIKE_SCRIPTS.filter(([, letters]) => letters.test(word)).map(([script]) => script);
    if (scripts.length > 1) return `mixes ${scripts.join(' and ')} letters in "${word.length > 60 ? `${word.slice(0, 60)}…` : word}", which can pass for each other`;
  }
  return undefined;
}

/** Space and the characters git reserves for revision syntax and globs (controls are refused before). */
const GIT_RESERVED = /[ ~^:?*[\\]/;

/** Why `name` is not a valid branch or tag name (git check-ref-format as `refs/heads/<name>`, plus `nameTextProblem`), or undefined. */
export function gitRefNameProblem(name: string): string | undefined {
  if (name.length > MAX_REF_LENGTH) return `is longer than ${MAX_REF_LENGTH} characters`;
  const text = nameTextProblem(name);
  if (text !== undefined) return text;
  const bad = GIT_RESERVED.exec(name);
  if (bad) return `contains ${bad[0] === ' ' ? 'a space' : `\`${bad[0]}\``}, which git does not allow in branch or tag names`;
  if (name.startsWith('-')) return 'starts with "-", which git does not allow for a branch name';
  if (name === '@') return 'is "@", which git reserves for HEAD';
  if (name.includes('@{')) return 'contains "@{", which git reserves for reflog syntax';
  if (name.includes('..')) return 'contains "..", which git does not allow in ref names';
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//')) return 'has an empty path component (a leading, trailing or doubled "/")';
  if (name.endsWith('.')) return 'ends with "."';
  for (const part of name.split('/')) {
    if (part.startsWith('.')) return `has a path component starting with "." (${part})`;
    if (part.endsWith('.lock')) return `has a path component ending with ".lock" (${part})`;
  }
  return undefined;
}

/** Personal dev-mode branches are named by the service (`dev-<user>-…`); nobody else may take the prefix. */
export const DEV_BRANCH_PREFIX = 'dev-';

/**
 * Why `name` cannot name a new shared branch (created from the console, the CLI or a dbt sync), or undefined.
 * Phrased as a sentence the caller puts after the field: `name: <this>`.
 */
export function newBranchNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'an empty value names no branch';
  const problem = gitRefNameProblem(name);
  if (problem !== undefined) return `"${printableName(name)}" is not a valid branch name: it ${problem}`;
  if (name.startsWith(DEV_BRANCH_PREFIX)) return `"${name}" starts with ${DEV_BRANCH_PREFIX}, which is reserved for personal dev-mode branches`;
  return undefined;
}

/** Two branch names are the same branch when their keys are equal: compatibility-normalised, case folded. */
export function branchNameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase();
}
