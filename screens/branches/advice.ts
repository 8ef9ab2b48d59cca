// The service refuses some actions with what to do in command mode; in the UI the same advice is a key. These
// map a refusal to its short reason and the key that helps, so a flash says what to do instead.
import {ApiError} from '../../src/api/errors.js';
import {keysFor as key} from '../hints.js';

/** The service's own words for a failed request (no method/path prefix), else the error's message. */
export function reason(err: unknown): string {
  if (err instanceof ApiError && err.detail !== '') return err.detail;
  return err instanceof Error ? err.message : String(err);
}

interface Rule {
  readonly match: RegExp;
  /** Where the user is: the branches list or the dev-mode screen offer different keys. */
  readonly advice: (where: 'branches' | 'dev') => string;
}

const RULES: Rule[] = [
  {match: /is not a dev-mode branch/, advice: (w) => `enter dev mode on it first (${key(w === 'branches' ? 'branches.dev' : 'dev.toggle')})`},
  {match: /no dev-mode session/, advice: (w) => `enter dev mode first (${key(w === 'branches' ? 'branches.dev' : 'dev.toggle')})`},
  {match: /is a personal dev-mode branch; only shared branches/, advice: () => `staging is for shared branches: create one (${key('branches.create')}) or use the branch it was forked from`},
  {match: /has no active runtime/, advice: (w) => (w === 'branches' ? `enter dev mode on it (${key('branches.dev')}) or enable its staging (${key('branches.staging')})` : `enter dev mode on it (${key('dev.toggle')})`)},
  {match: /both changed .* since they last agreed/, advice: () => 'edit the file on the dev branch so it includes both changes, then commit again'},
  {match: /is another user's dev-mode branch/, advice: () => 'pick its parent branch and enter dev mode there'},
];

/** `what failed: reason — what to do` for a refusal this screen knows how to help with, else the full reason. */
export function refusal(what: string, err: unknown, where: 'branches' | 'dev'): string {
  const text = reason(err);
  const rule = RULES.find((r) => r.match.test(text));
  if (!rule) return `${what}: ${text}`;
  // The first clause is the reason; the rest is command-mode advice the key replaces.
  const short = text.split(/; |: (?=[a-z])| \(/)[0] ?? text;
  return `${what}: ${short} — ${rule.advice(where)}`;
}
