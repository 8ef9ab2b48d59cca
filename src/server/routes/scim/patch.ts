// Applying a PatchOp to a user's or a group's stored fields. All steps apply to a draft; the caller saves
// it only if every step succeeded, so a patch is all or nothing (RFC 7644 §3.5.2).
import type {ScimEmail, ScimUserFields} from '../../store/scim.js';
import type {ScimGroupFields} from '../../store/scimGroups.js';
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
  'addresses', 'photos', 'ims', 'entitlements', 'roles', 'x509certificates', 'name.formatted', 'name.middlename',
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
    // Entra ID sets `emails[type eq "work"].value` on users that have no work email yet: create it.
    if (where.attr !== 'type' || typeof where.value !== 'string') throw invalidPath('no email matches the patch path');
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
    case 'name': {
      const v = (remove ? {} : step.value) as {givenName?: unknown; familyName?: unknown} | null;
      if (v === null || typeof v !== 'object') throw invalidValue('name must be an object');
      if (remove || step.op === 'replace' || 'givenName' in v) draft.givenName = asText(v.givenName ?? null, 'name.givenName');
      if (remove || step.op === 'replace' || 'familyName' in v) draft.familyName = asText(v.familyName ?? null, 'name.familyName');
      return;
    }
    case 'emails':
      patchEmails(draft, step);
      return;
    default:
      if (IGNORED_USER_ATTRS.has(attr) || EXTENSION_PREFIX.test(attr)) return;
      throw invalidPath(`users have no attribute \`${attr}\``);
  }
}

export function applyUserPatch(current: ScimUserFields, steps: PatchStep[]): ScimUserFields {
  const draft: ScimUserFields = {...current, emails: current.emails.map((e) => ({...e}))};
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
