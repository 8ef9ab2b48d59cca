// The one rule for a dbt sync ref, shared by the service and the client (`svc dbt sync --ref`, the UI's sync and
// gate forms): a branch or tag of the dbt repository. Refused here is only what cannot be one: an empty value,
// a name git's check-ref-format refuses as a branch or tag, or a full 40-hex commit SHA. Anything else (a date
// tag like 20240101, a tag named deadbeef) is a possible ref name, resolved against the repository's refs by the
// service, which answers "ref not found" when there is none.

const FULL_SHA = /^[0-9a-fA-F]{40}$/;
/** Control characters, space, and the characters git reserves for revision syntax and globs. */
const FORBIDDEN_CHARS = /[\x00-\x20\x7f~^:?*[\\]/;
/** Bounded input: longer names are refused rather than sent around. */
export const MAX_REF_LENGTH = 255;

/** Why `name` is not a valid branch or tag name by git check-ref-format (as `refs/heads/<name>`), or undefined. */
export function gitRefNameProblem(name: string): string | undefined {
  if (name.length > MAX_REF_LENGTH) return `is longer than ${MAX_REF_LENGTH} characters`;
  const bad = FORBIDDEN_CHARS.exec(name);
  if (bad) {
    const ch = bad[0];
    const shown = ch === ' ' ? 'a space' : /[\x00-\x1f\x7f]/.test(ch) ? 'a control character' : `\`${ch}\``;
    return `contains ${shown}, which git does not allow in branch or tag names`;
  }
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

/** Why `ref` cannot be synced, or undefined when the service should resolve it; the caller adds its prefix (`--ref: `). */
export function refProblem(ref: string): string | undefined {
  if (ref.trim() === '') {
    return 'an empty value names no branch or tag; pass one (e.g. main or v1.0.0), or omit --ref to sync the branch saved on the integration';
  }
  if (FULL_SHA.test(ref)) {
    return `\`${ref}\` is a commit SHA; dbt sync takes a branch or tag of the dbt repository — push a branch or tag that points at the commit and pass that`;
  }
  const problem = gitRefNameProblem(ref);
  return problem === undefined ? undefined : `\`${ref.slice(0, 100)}\` is not a branch or tag name: it ${problem}`;
}
