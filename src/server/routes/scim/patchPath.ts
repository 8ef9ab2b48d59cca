// Pieces of RFC 7644 PatchOp handling shared by users and groups: operation names, attribute paths
// (`name.givenName`, `members[value eq "…"]`, `emails[type eq "work"].value`, schema-prefixed forms) and
// the tolerant value readers identity providers need ("False" as a string, one object instead of a list).
import type {ScimPatchOp} from '../../../contract/scim.js';
import {ScimFailure} from '../../scimEnvelope.js';

export type PatchVerb = 'add' | 'replace' | 'remove';

export interface PatchStep {
  op: PatchVerb;
  /** Lower-cased attribute (`name.givenname`, `emails`), undefined when the op has no path. */
  attr?: string;
  /** `[attr eq value]` selector on a multi-valued attribute. */
  where?: {attr: string; value: string | boolean};
  /** Sub-attribute after a selector: `emails[type eq "work"].value` → `value`. */
  sub?: string;
  value: unknown;
}

const CORE_PREFIX = /^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i;
/** Extension schemas (enterprise user…): accepted and not stored. */
export const EXTENSION_PREFIX = /^urn:ietf:params:scim:schemas:extension:/i;

export const invalidPath = (message: string) => new ScimFailure(400, message, 'invalidPath');
export const invalidValue = (message: string) => new ScimFailure(400, message, 'invalidValue');

function parsePath(path: string): Pick<PatchStep, 'attr' | 'where' | 'sub'> {
  const clean = path.trim().replace(CORE_PREFIX, '');
  const m = /^([A-Za-z][\w.$:-]*?)(?:\[\s*(\w+)\s+eq\s+("(?:[^"\\]|\\.)*"|true|false)\s*\])?(?:\.(\w+))?$/i.exec(clean);
  if (!m) throw invalidPath(`cannot read the patch path \`${path}\``);
  const [, attr = '', whereAttr, whereValue, sub] = m;
  const step: Pick<PatchStep, 'attr' | 'where' | 'sub'> = {attr: attr.toLowerCase()};
  if (whereAttr && whereValue) {
    const value = whereValue.startsWith('"') ? (JSON.parse(whereValue) as string) : whereValue.toLowerCase() === 'true';
    step.where = {attr: whereAttr.toLowerCase(), value};
    if (sub) step.sub = sub.toLowerCase();
  } else if (sub) {
    step.attr = `${step.attr}.${sub.toLowerCase()}`;
  }
  return step;
}

export function patchSteps(body: ScimPatchOp): PatchStep[] {
  return body.Operations.map((o) => {
    const op = o.op.toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove') {
      throw new ScimFailure(400, `unknown patch op \`${o.op}\`: use add, replace or remove`, 'invalidSyntax');
    }
    if (o.path === undefined || o.path.trim() === '') {
      if (op === 'remove') throw new ScimFailure(400, 'a remove operation needs a path', 'noTarget');
      if (o.value === null || typeof o.value !== 'object' || Array.isArray(o.value)) {
        throw invalidValue(`an ${op} operation without a path needs an object value`);
      }
      return {op, value: o.value};
    }
    return {op, ...parsePath(o.path), value: o.value};
  });
}

/** Read-only attributes a provider may echo back in a path-less value (Okta sends `id` on a group rename). */
const READ_ONLY = new Set(['schemas', 'id', 'meta']);

/** Expands a path-less add/replace `{ "name.givenName": "x", active: false }` into one step per attribute. */
export function flatten(step: PatchStep): PatchStep[] {
  if (step.attr !== undefined) return [step];
  return Object.entries(step.value as Record<string, unknown>)
    .filter(([key]) => !READ_ONLY.has(key))
    .map(([key, value]) => ({op: step.op, ...parsePath(key), value}));
}

export function asBoolean(value: unknown, what: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw invalidValue(`${what} must be true or false`);
}

export function asText(value: unknown, what: string): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  throw invalidValue(`${what} must be a string`);
}

export function asList(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** Member ids from `[{value: id}, …]` (or one such object). */
export function memberIds(value: unknown): string[] {
  return asList(value).map((m) => {
    const id = (m as {value?: unknown} | null)?.value;
    if (typeof id !== 'string' || id === '') throw invalidValue('each member needs a "value" with a user id');
    return id;
  });
}
