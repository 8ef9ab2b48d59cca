// Validation of the "new deployment" form, before anything is sent.
import type {Parsed} from '../common/form.js';

export interface CreateDraft {
  name: string;
  /** Region name, picked from the regions list. */
  region: string | undefined;
}

export const NAME_MAX = 100;

export function validateCreate(draft: CreateDraft): Parsed<{name: string; region: string}> {
  const name = draft.name.trim();
  if (name === '') return {ok: false, error: 'name is required'};
  if (name.length > NAME_MAX) return {ok: false, error: `name must be at most ${NAME_MAX} characters`};
  if (draft.region === undefined) return {ok: false, error: 'pick a region (↑/↓)'};
  return {ok: true, value: {name, region: draft.region}};
}
