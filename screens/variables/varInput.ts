// Checks a variable typed in the form before it is sent: the contract's rules (SetEnvVariablesInput) plus the
// service's name rule for new names (a name already stored may be resent as it is). An empty value is refused:
// the service would remove the variable, and removing is `unset`, asked for on purpose.
import {ENV_VAR_NAME, SetEnvVariablesInput} from '../../src/contract/envVars.js';
import {secretNamePart} from '../../src/contract/secretNames.js';

export type VarField = 'name' | 'value';
export interface VarDraft {
  name: string;
  value: string;
}
export type VarCheck = {ok: true; variable: VarDraft} | {ok: false; field: VarField; text: string};

export function checkVariable(draft: VarDraft, existing: ReadonlySet<string>): VarCheck {
  const {name, value} = draft;
  if (name === '') return {ok: false, field: 'name', text: 'a name is needed'};
  if (!existing.has(name) && !ENV_VAR_NAME.test(name)) {
    return {ok: false, field: 'name', text: 'use letters, digits and _, not a digit first'};
  }
  if (value === '') return {ok: false, field: 'value', text: 'a value is needed (an empty one would remove the variable: unset does that)'};
  const parsed = SetEnvVariablesInput.safeParse({env_variables: [draft]});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return {ok: false, field: issue.path.includes('name') ? 'name' : 'value', text: issue.message};
  }
  return {ok: true, variable: draft};
}

/** The part of a name that makes it a secret ('KEY' in MY_API_KEY), if any. */
export function secretPart(name: string): string | undefined {
  return secretNamePart(name);
}
