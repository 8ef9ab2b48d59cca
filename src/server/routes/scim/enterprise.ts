// The enterprise user extension (RFC 7643 §4.3): employeeNumber, costCenter, organization, division,
// department and the complex `manager`. Kept with the user under its schema URN, read from create/replace
// bodies and changed by PatchOps whose path starts with the URN. Attribute names match case-insensitively and
// are stored as the RFC spells them; other extension schemas are accepted and not kept.
import {SCIM_ENTERPRISE_SCHEMA} from '../../../contract/scim.js';
import {asText, invalidPath, invalidValue, type PatchVerb} from './patchPath.js';

type Json = Record<string, unknown>;

const SIMPLE = ['employeeNumber', 'costCenter', 'organization', 'division', 'department'];
const MANAGER_SUBS = ['value', '$ref', 'displayName'];
const canonical = (names: string[], name: string) => names.find((n) => n.toLowerCase() === name.toLowerCase());
export const ENTERPRISE_PATH = SCIM_ENTERPRISE_SCHEMA.toLowerCase();

/** `manager` as a provider sends it: an object, or (Entra ID) the manager's id alone. */
function readManager(value: unknown, into: Json = {}): Json {
  if (typeof value === 'string') return {...into, value};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalidValue('manager must be an object');
  const out = {...into};
  for (const [k, v] of Object.entries(value as Json)) {
    const name = canonical(MANAGER_SUBS, k);
    if (!name) throw invalidValue(`manager has no sub-attribute ${k}`);
    if (v === null) delete out[name];
    else out[name] = asText(v, `manager.${name}`);
  }
  return out;
}

/** Merges an extension object's attributes into `into` (null clears one); unknown attributes are refused. */
export function readEnterprise(value: unknown, into: Json = {}): Json {
  if (value === null || value === undefined) return {...into};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidValue(`${SCIM_ENTERPRISE_SCHEMA} must be an object`);
  const out = {...into};
  for (const [k, v] of Object.entries(value as Json)) {
    if (k.toLowerCase() === 'manager') {
      const manager = v === null ? {} : readManager(v, (out.manager as Json | undefined) ?? {});
      if (Object.keys(manager).length === 0) delete out.manager;
      else out.manager = manager;
      continue;
    }
    const name = canonical(SIMPLE, k);
    if (!name) throw invalidValue(`${SCIM_ENTERPRISE_SCHEMA} has no attribute ${k}`);
    if (v === null) delete out[name];
    else out[name] = asText(v, name);
  }
  return out;
}

/**
 * One PatchOp step inside the extension; `rest` is the path after the URN (lower-cased): '' for the whole
 * extension, `department`, `manager`, `manager.value`. add and replace on a complex target set the given
 * sub-attributes and keep the others (RFC 7644 §3.5.2.1, §3.5.2.3); remove clears the target.
 */
export function patchEnterprise(current: Json, op: PatchVerb, rest: string, value: unknown): Json {
  if (rest === '') return op === 'remove' ? {} : readEnterprise(value, current);
  const [head = '', sub] = rest.split('.', 2);
  if (head === 'manager') {
    const manager = {...((current.manager as Json | undefined) ?? {})};
    let next: Json;
    if (sub === undefined) next = op === 'remove' ? {} : readManager(value, manager);
    else {
      const name = canonical(MANAGER_SUBS, sub);
      if (!name) throw invalidPath(`manager has no sub-attribute ${sub}`);
      next = {...manager};
      if (op === 'remove' || value === null) delete next[name];
      else next[name] = asText(value, `manager.${name}`);
    }
    const out = {...current};
    if (Object.keys(next).length === 0) delete out.manager;
    else out.manager = next;
    return out;
  }
  const name = sub === undefined ? canonical(SIMPLE, head) : undefined;
  if (!name) throw invalidPath(`${SCIM_ENTERPRISE_SCHEMA} has no attribute ${rest}`);
  const out = {...current};
  if (op === 'remove' || value === null) delete out[name];
  else out[name] = asText(value, name);
  return out;
}

/** The stored extensions of a user holding these enterprise attributes (none: no entry). */
export function enterpriseOf(attrs: Json): Record<string, Json> {
  return Object.keys(attrs).length > 0 ? {[SCIM_ENTERPRISE_SCHEMA]: attrs} : {};
}
