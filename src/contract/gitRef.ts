// The one rule for a dbt sync ref, shared by the service and the client (`svc dbt sync --ref`, the UI's sync and
// gate forms): a branch or tag of the dbt repository. Refused here is only what cannot be one: an empty value,
// a name git's check-ref-format refuses as a branch or tag (or that does not read as what it is: the name rule of
// contract/names.ts), or a full 40-hex commit SHA. Anything else (a date tag like 20240101, a tag named deadbeef)
// is a possible ref name, resolved against the repository's refs by the service, which answers "ref not found"
// when there is none.

import {gitRefNameProblem} from './names.js';

const FULL_SHA = /^[0-9a-fA-F]{40}$/;

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
