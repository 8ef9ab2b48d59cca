// Names that cross the service boundary (file paths, branch names): the characters none of them may hold, and
// how to show a refused name in an error without echoing what was refused.

/**
 * C0 and C1 control characters (NUL, ESC, …), DEL, bidirectional marks, embeddings, overrides and isolates
 * (U+200E/F, U+202A–U+202E, U+2066–U+2069: they make `cube.yml` display as something else), line and paragraph
 * separators (U+2028/2029) and the byte-order mark.
 */
export const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/;

/** The name with every unsafe character shown as `\u{…}`, safe to put in an error message. */
export function printableName(name: string): string {
  const shown = name.length > 200 ? `${name.slice(0, 200)}…` : name;
  return shown.replace(new RegExp(UNSAFE_NAME_CHARS.source, 'g'), (ch) => `\\u{${ch.codePointAt(0)!.toString(16)}}`);
}

/**
 * Why `name` cannot be a branch name, or undefined when it can: git's rules that matter here — no unsafe
 * characters, no `..`, no empty or `.` parts, no leading `-`, no `.lock` part, at most 100 characters.
 */
export function branchNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'it is empty';
  if (name.length > 100) return 'it is longer than 100 characters';
  if (UNSAFE_NAME_CHARS.test(name)) return 'control characters, bidirectional controls and line separators are not allowed';
  if (name.includes('..')) return '".." is not allowed';
  if (/[\s~^:?*[\\]|@\{/.test(name)) return 'spaces and ~ ^ : ? * [ \\ @{ are not allowed';
  if (name.split('/').some((part) => part === '' || part === '.' || part.startsWith('-') || part.endsWith('.lock'))) {
    return 'empty parts, "." parts, parts starting with "-" and parts ending in .lock are not allowed';
  }
  return undefined;
}
