// The one rule for a dbt sync ref (seed command table, rule 1), shared by `svc dbt sync --ref` and the UI's
// start-sync and gate forms: a branch or tag of the dbt repository, never empty, never a commit SHA.

const COMMIT_SHA = /^[0-9a-fA-F]{7,40}$/;

/** Why `ref` cannot be synced, or undefined when it can; the caller adds its own prefix (`--ref: `). */
export function refProblem(ref: string): string | undefined {
  const trimmed = ref.trim();
  if (trimmed === '') {
    return 'an empty value names no branch or tag; pass one (e.g. main or v1.0.0), or omit --ref to sync the branch saved on the integration';
  }
  if (COMMIT_SHA.test(trimmed)) {
    return `\`${ref}\` looks like a commit SHA; dbt sync takes a branch or tag of the dbt repository — push a branch or tag that points at the commit and pass that`;
  }
  return undefined;
}
