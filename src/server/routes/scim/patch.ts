// Applying a PatchOp to a user's or a group's stored fields. All steps apply to a draft; the caller saves
// it only if every step succeeded, so a patch is all or nothing (RFC 7644 §3.5.2).
import {SCIM_ENTERPRISE_SCHEMA} from '../../../contract/scim.js';
import {ScimFailure} from '../../scimEnvelope.js';
import type {ScimEmail, ScimUserFields} from '../../store/scim.js';
import type {ScimGroupFields} from '../../store/scimGroups.js';
import {ENTERPRISE_PATH, enterpriseOf, patchEnterprise} from './enterprise.js';
import {
  asBoolean,
  asList,
  asText,
  EXTENSION_PREFIX,
  flatten,
  invalidPath,
  invalidValue,
  memberIds,
  type PatchStep,
} from './patchPath.js';

/** Core user attributes the service accepts but does not keep (so providers that send them still work). */
const IGNORED_USER_ATTRS = new Set([
  'password', 'nickname', 'title', 'locale', 'preferredlanguage', 'timezone', 'profileurl', 'usertype', 'phonenumbers',
  'addresses', 'photos', 'ims', 'entitlements', 'roles', 'x509certificates', 'name.middlename',
  'name.honorificprefix', 'name.honorificsuffix',
]);

export function readEmail(value: unknown): ScimEmail {
  const v = value as {value?: unknown; type?: unknown; primary?: unknown} | null;
  if (typeof v?.value !== 'string' || v.value.trim() === '') throw invalidValue('each email needs a non-empty "value"');
  const email: ScimEmail = {value: v.value.trim()};
  if (typeof v.type === 'string') email.type = v.type;
  if (v.primary !== undefined) email.primary = asBoolean(v.primary, 'emails.primary');
  return email;
}

function matches(email: ScimEmail, where: NonNullable<PatchStep['where']>): boolean {
  const actual = where.attr === 'primary' ? (email.primary ?? false) : where.attr === 'type' ? email.type : email.value;
  if (typeof where.value === 'boolean' || typeof actual !== 'string') return actual === where.value;
  return actual.toLowerCase() === where.value.toLowerCase();
}

function patchEmails(draft: ScimUserFields, step: PatchStep): void {
  const {where} = step;
  if (!where) {
    if (step.op === 'remove') {
      const drop = new Set(asList(step.value).map((e) => readEmail(e).value.toLowerCase()));
      draft.emails = drop.size === 0 ? [] : draft.emails.filter((e) => !drop.has(e.value.toLowerCase()));
    } else {
      const given = asList(step.value).map(readEmail);
      const kept = step.op === 'add' ? draft.emails.filter((e) => !given.some((g) => g.value.toLowerCase() === e.value.toLowerCase())) : [];
      draft.emails = [...kept, ...given];
    }
    return;
  }
  if (step.op === 'remove') {
    draft.emails = draft.emails.filter((e) => !matches(e, where));
    return;
  }
  const targets = draft.emails.filter((e) => matches(e, where));
  const apply = (e: ScimEmail) => {
    if (step.sub === 'value') e.value = readEmail({value: step.value}).value;
    else if (step.sub === 'type') e.type = asText(step.value, 'emails.type') ?? undefined;
    else if (step.sub === 'primary') e.primary = asBoolean(step.value, 'emails.primary');
    else if (step.sub === undefined) Object.assign(e, readEmail({...(e as object), ...(step.value as object)}));
    else throw invalidPath(`emails has no sub-attribute ${step.sub}`);
  };
  if (targets.length === 0) {
    // RFC 7644 §3.5.2.3: a replace whose value filter matches nothing fails with noTarget. An add may create
    // the value: Entra ID adds `emails[type eq "work"].value` to users that have no work email yet.
    if (step.op === 'replace' || where.attr !== 'type' || typeof where.value !== 'string') {
      throw new ScimFailure(400, `no email matches emails[${where.attr} eq ${JSON.stringify(where.value)}]`, 'noTarget');
    }
    const created: ScimEmail = {value: '', type: where.value};
    apply(created);
    draft.emails.push(readEmail(created));
    return;
  }
  targets.forEach(apply);
}

function patchUserAttr(draft: ScimUserFields, step: PatchStep): void {
  const attr = step.attr ?? '';
  const remove = step.op === 'remove';
  switch (attr) {
    case 'username': {
      const name = remove ? null : asText(step.value, 'userName');
      if (!name || name.trim() === '') throw invalidValue('userName is required and cannot be removed');
      draft.userName = name.trim();
      return;
    }
    case 'active':
      draft.active = remove ? false : asBoolean(step.value, 'active');
      return;
    case 'externalid':
      draft.externalId = remove ? null : asText(step.value, 'externalId');
      return;
    case 'displayname':
      draft.displayName = remove ? null : asText(step.value, 'displayName');
      return;
    case 'name.givenname':
      draft.givenName = remove ? null : asText(step.value, 'name.givenName');
      return;
    case 'name.familyname':
      draft.familyName = remove ? null : asText(step.value, 'name.familyName');
      return;
    case 'name.formatted':
      draft.formatted = remove ? null : asText(step.value, 'name.formatted');
      return;
    case 'name': {
      // A complex attribute: add and replace set the sub-attributes given and keep the others (RFC 7644
      // §3.5.2.1, §3.5.2.3); remove clears it.
      if (remove) {
        draft.givenName = null;
        draft.familyName = null;
        draft.formatted = null;
        return;
      }
      const v = step.value as Record<string, unknown> | null;
      if (v === null || typeof v !== 'object' || Array.isArray(v)) throw invalidValue('name must be an object');
      for (const [key, value] of Object.entries(v)) {
        const sub = key.toLowerCase();
        if (sub === 'givenname') draft.givenName = asText(value, 'name.givenName');
        else if (sub === 'familyname') draft.familyName = asText(value, 'name.familyName');
        else if (sub === 'formatted') draft.formatted = asText(value, 'name.formatted');
        else if (!IGNORED_USER_ATTRS.has(`name.${sub}`)) throw invalidValue(`name has no sub-attribute ${key}`);
      }
      return;
    }
    case 'emails':
      patchEmails(draft, step);
      return;
    default:
      if (attr === ENTERPRISE_PATH || attr.startsWith(`${ENTERPRISE_PATH}:`)) {
        const current = draft.extensions[SCIM_ENTERPRISE_SCHEMA] ?? {};
        const {[SCIM_ENTERPRISE_SCHEMA]: _, ...others} = draft.extensions;
        draft.extensions = {...others, ...enterpriseOf(patchEnterprise(current, step.op, attr.slice(ENTERPRISE_PATH.length + 1), step.value))};
        return;
      }
      if (IGNORED_USER_ATTRS.has(attr) || EXTENSION_PREFIX.test(attr)) return;
      throw invalidPath(`users have no attribute \`${attr}\``);
  }
}

export function applyUserPatch(current: ScimUserFields, steps: PatchStep[]): ScimUserFields {
  const draft: ScimUserFields = {...current, emails: current.emails.map((e) => ({...e})), extensions: {...current.extensions}};
  for (const step of steps.flatMap(flatten)) {
    if (step.where && step.attr !== 'emails') throw invalidPath(`only emails can be selected with [ … ] on a user, not ${step.attr}`);
    patchUserAttr(draft, step);
  }
  return draft;
}

export function applyGroupPatch(current: ScimGroupFields, steps: PatchStep[]): ScimGroupFields {
  const draft: ScimGroupFields = {...current, memberIds: [...current.memberIds]};
  for (const step of steps.flatMap(flatten)) {
    const attr = step.attr ?? '';
    if (attr === 'displayname') {
      const name = step.op === 'remove' ? null : asText(step.value, 'displayName');
      if (!name || name.trim() === '') throw invalidValue('displayName is required and cannot be removed');
      draft.displayName = name.trim();
    } else if (attr === 'externalid') {
      draft.externalId = step.op === 'remove' ? null : asText(step.value, 'externalId');
    } else if (attr === 'members' && step.where) {
      if (step.op !== 'remove' || step.where.attr !== 'value' || typeof step.where.value !== 'string') {
        throw invalidPath('members[value eq "…"] is supported only for remove');
      }
      const id = step.where.value;
      draft.memberIds = draft.memberIds.filter((m) => m !== id);
    } else if (attr === 'members') {
      const ids = memberIds(step.value);
      if (step.op === 'replace') draft.memberIds = [...new Set(ids)];
      else if (step.op === 'add') draft.memberIds = [...new Set([...draft.memberIds, ...ids])];
      else draft.memberIds = ids.length === 0 ? [] : draft.memberIds.filter((m) => !ids.includes(m));
    } else if (!EXTENSION_PREFIX.test(attr)) {
      throw invalidPath(`groups have no attribute \`${attr}\``);
    }
  }
  return draft;
}
