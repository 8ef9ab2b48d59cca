// The SCIM filter language (RFC 7644 §3.4.2.2) compiled to a parameterised SQL condition: comparisons
// eq ne co sw ew gt ge lt le, presence `pr`, `and`/`or`/`not` and parentheses, over a fixed list of
// attributes per resource type. Anything else is an `invalidFilter` error, never a guess.

import {SCIM_ENTERPRISE_SCHEMA} from '../../contract/scim.js';

export interface SqlFilter {
  sql: string;
  params: unknown[];
}

export class FilterError extends Error {}

/** Parentheses and `not` nest at most this deep, and a filter has at most this many comparisons: every one
 * becomes SQL, and SQLite refuses very deep expressions (its limit is 1000) with an error that is not the caller's. */
export const MAX_FILTER_DEPTH = 32;
export const MAX_FILTER_TERMS = 100;

type AttrKind = 'string' | 'boolean' | 'date';

/**
 * `column` is an SQL expression; `within` wraps a condition on it for multi-valued attributes, and `values`
 * names the sub-attributes a value filter (`emails[type eq "work"]`) may test inside that wrapper.
 */
export interface AttrSpec {
  column: string;
  kind: AttrKind;
  caseExact?: boolean;
  within?: (condition: string) => string;
  values?: AttrTable;
}

export type AttrTable = Record<string, AttrSpec>;

type Token = {type: 'word'; text: string} | {type: 'string'; text: string} | {type: 'paren'; text: '(' | ')' | '[' | ']'};

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i] ?? '';
    if (/\s/.test(ch)) i++;
    else if (ch === '(' || ch === ')' || ch === '[' || ch === ']') {
      tokens.push({type: 'paren', text: ch});
      i++;
    } else if (ch === '"') {
      let j = i + 1;
      while (j < input.length && input[j] !== '"') j += input[j] === '\\' ? 2 : 1;
      if (j >= input.length) throw new FilterError('unterminated string in filter');
      try {
        tokens.push({type: 'string', text: JSON.parse(input.slice(i, j + 1)) as string});
      } catch {
        throw new FilterError(`bad string ${input.slice(i, j + 1)} in filter`);
      }
      i = j + 1;
    } else {
      const m = /^[^\s()[\]"]+/.exec(input.slice(i));
      const word = m?.[0] ?? ch;
      tokens.push({type: 'word', text: word});
      i += word.length;
    }
  }
  return tokens;
}

const COMPARE = new Set(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);

class Parser {
  private pos = 0;
  readonly params: unknown[] = [];
  constructor(
    private readonly tokens: Token[],
    private attrs: AttrTable,
  ) {}

  parse(): string {
    const sql = this.or();
    const rest = this.tokens[this.pos];
    if (rest) throw new FilterError(`unexpected \`${rest.text}\` in filter`);
    return sql;
  }

  private depth = 0;
  private terms = 0;

  private nested<T>(fn: () => T): T {
    if (++this.depth > MAX_FILTER_DEPTH) throw new FilterError(`filter nests deeper than ${MAX_FILTER_DEPTH} levels of parentheses or not`);
    try {
      return fn();
    } finally {
      this.depth--;
    }
  }

  private peekWord(): string | undefined {
    const t = this.tokens[this.pos];
    return t?.type === 'word' ? t.text.toLowerCase() : undefined;
  }

  private or(): string {
    const parts = [this.and()];
    while (this.peekWord() === 'or') {
      this.pos++;
      parts.push(this.and());
    }
    return parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(' OR ')})`;
  }

  private and(): string {
    const parts = [this.atom()];
    while (this.peekWord() === 'and') {
      this.pos++;
      parts.push(this.atom());
    }
    return parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(' AND ')})`;
  }

  private atom(): string {
    const t = this.tokens[this.pos++];
    if (!t) throw new FilterError('filter ends too early');
    if (t.type === 'paren' && t.text === '(') {
      const inner = this.nested(() => this.or());
      const close = this.tokens[this.pos++];
      if (close?.type !== 'paren' || close.text !== ')') throw new FilterError('missing `)` in filter');
      return inner;
    }
    if (t.type === 'word' && t.text.toLowerCase() === 'not') return `NOT (${this.nested(() => this.atom())})`;
    if (++this.terms > MAX_FILTER_TERMS) throw new FilterError(`filter has more than ${MAX_FILTER_TERMS} comparisons`);
    if (t.type !== 'word') throw new FilterError(`expected an attribute name, got \`${t.text}\``);
    const spec = this.attribute(t.text);
    const next = this.tokens[this.pos];
    if (next?.type === 'paren' && next.text === '[') return this.valueFilter(t.text, spec);
    const opToken = this.tokens[this.pos++];
    const op = opToken?.type === 'word' ? opToken.text.toLowerCase() : undefined;
    if (op === 'pr') return wrap(spec, `(${spec.column} IS NOT NULL AND ${spec.column} <> '')`);
    if (op === undefined || !COMPARE.has(op)) throw new FilterError(`unknown operator \`${opToken?.text ?? ''}\` after ${t.text}`);
    const valueToken = this.tokens[this.pos++];
    if (!valueToken || valueToken.type === 'paren') throw new FilterError(`${t.text} ${op} needs a value`);
    return wrap(spec, this.compare(t.text, spec, op, valueToken));
  }

  /** `emails[type eq "work" and value co "@example.com"]`: the inner filter holds for one value (RFC 7644 §3.4.2.2). */
  private valueFilter(name: string, spec: AttrSpec): string {
    if (!spec.values || !spec.within) throw new FilterError(`${name} is not multi-valued: [ … ] does not apply`);
    this.pos++;
    const outer = this.attrs;
    this.attrs = spec.values;
    const inner = this.or();
    this.attrs = outer;
    const close = this.tokens[this.pos++];
    if (close?.type !== 'paren' || close.text !== ']') throw new FilterError(`missing \`]\` after ${name}[`);
    return spec.within(inner);
  }

  private attribute(path: string): AttrSpec {
    const key = path.replace(/^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i, '').toLowerCase();
    // Own names only: `__proto__` or `constructor` must not find what every object inherits.
    const spec = Object.hasOwn(this.attrs, key) ? this.attrs[key] : undefined;
    if (!spec) throw new FilterError(`cannot filter on \`${path}\`; filterable: ${Object.keys(this.attrs).join(', ')}`);
    return spec;
  }

  private compare(name: string, spec: AttrSpec, op: string, token: Token): string {
    const col = spec.column;
    if (spec.kind === 'boolean') {
      const value = token.type === 'word' ? token.text.toLowerCase() : '';
      if ((value !== 'true' && value !== 'false') || (op !== 'eq' && op !== 'ne')) throw new FilterError(`${name} takes only eq/ne true or false`);
      return `${col} ${op === 'eq' ? '=' : '<>'} ${value === 'true' ? 1 : 0}`;
    }
    if (token.type !== 'string') throw new FilterError(`${name} ${op} needs a quoted string value`);
    if (spec.kind === 'date') {
      const ms = Date.parse(token.text);
      if (Number.isNaN(ms)) throw new FilterError(`${name} ${op} needs a date-time, got "${token.text}"`);
      const sqlOp = {eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<='}[op];
      if (!sqlOp) throw new FilterError(`${name} takes eq, ne, gt, ge, lt or le`);
      this.params.push(ms);
      return `${col} ${sqlOp} ?`;
    }
    const n = (x: string) => (spec.caseExact ? x : `lower(${x})`);
    const v = token.text;
    const push = (count: number) => {
      for (let k = 0; k < count; k++) this.params.push(v);
    };
    switch (op) {
      case 'eq':
        push(1);
        return `${n(col)} = ${n('?')}`;
      case 'ne':
        push(1);
        return `(${col} IS NULL OR ${n(col)} <> ${n('?')})`;
      case 'co':
        push(1);
        return `instr(${n(col)}, ${n('?')}) > 0`;
      case 'sw':
        push(2);
        return `substr(${n(col)}, 1, length(?)) = ${n('?')}`;
      case 'ew':
        push(3);
        return `(length(${col}) >= length(?) AND substr(${n(col)}, length(${col}) - length(?) + 1) = ${n('?')})`;
      default:
        push(1);
        return `${n(col)} ${{gt: '>', ge: '>=', lt: '<', le: '<='}[op]} ${n('?')}`;
    }
  }
}

function wrap(spec: AttrSpec, condition: string): string {
  return spec.within ? spec.within(condition) : condition;
}

/** Compiles `filter` against `attrs` (keys lower-case); an absent or blank filter matches everything. */
export function compileFilter(filter: string | undefined, attrs: AttrTable): SqlFilter {
  if (filter === undefined || filter.trim() === '') return {sql: '1 = 1', params: []};
  const parser = new Parser(tokenize(filter), attrs);
  const sql = parser.parse();
  return {sql, params: parser.params};
}

const emailsWithin = (c: string) => `EXISTS (SELECT 1 FROM json_each(users.emails) e WHERE ${c})`;
/** One email's sub-attributes, as a value filter tests them. */
const EMAIL_VALUES: AttrTable = {
  value: {column: "json_extract(e.value, '$.value')", kind: 'string'},
  type: {column: "json_extract(e.value, '$.type')", kind: 'string'},
  primary: {column: "coalesce(json_extract(e.value, '$.primary'), 0)", kind: 'boolean'},
};
const EMAIL_ATTRS: AttrTable = {
  emails: {...EMAIL_VALUES.value!, within: emailsWithin, values: EMAIL_VALUES},
  ...Object.fromEntries(Object.entries(EMAIL_VALUES).map(([k, v]) => [`emails.${k}`, {...v, within: emailsWithin}])),
};

/** Enterprise extension attributes, filterable by their full path (`urn:…:enterprise:2.0:User:department`). */
const ENTERPRISE_ATTRS: AttrTable = Object.fromEntries(
  ['employeeNumber', 'costCenter', 'organization', 'division', 'department', 'manager.value'].map((a) => [
    `${SCIM_ENTERPRISE_SCHEMA}:${a}`.toLowerCase(),
    {column: `json_extract(users.extensions, '$."${SCIM_ENTERPRISE_SCHEMA}".${a}')`, kind: 'string'} satisfies AttrSpec,
  ]),
);

export const USER_FILTER_ATTRS: AttrTable = {
  id: {column: 'users.scim_id', kind: 'string', caseExact: true},
  username: {column: 'users.username', kind: 'string'},
  externalid: {column: 'users.external_id', kind: 'string', caseExact: true},
  displayname: {column: 'users.display_name', kind: 'string'},
  'name.givenname': {column: 'users.first_name', kind: 'string'},
  'name.familyname': {column: 'users.last_name', kind: 'string'},
  // As read: what the provider wrote, else the given and family names.
  'name.formatted': {column: "coalesce(users.name_formatted, trim(coalesce(users.first_name, '') || ' ' || coalesce(users.last_name, '')))", kind: 'string'},
  active: {column: 'users.active', kind: 'boolean'},
  'meta.created': {column: 'users.created_at', kind: 'date'},
  'meta.lastmodified': {column: 'users.updated_at', kind: 'date'},
  ...EMAIL_ATTRS,
  ...ENTERPRISE_ATTRS,
};

const membersWithin = (c: string) => `EXISTS (SELECT 1 FROM scim_group_members m WHERE m.group_id = scim_groups.id AND ${c})`;
const MEMBER_VALUES: AttrTable = {value: {column: 'm.user_id', kind: 'string', caseExact: true}};

export const GROUP_FILTER_ATTRS: AttrTable = {
  id: {column: 'scim_groups.id', kind: 'string', caseExact: true},
  displayname: {column: 'scim_groups.display_name', kind: 'string'},
  externalid: {column: 'scim_groups.external_id', kind: 'string', caseExact: true},
  'meta.created': {column: 'scim_groups.created_at', kind: 'date'},
  'meta.lastmodified': {column: 'scim_groups.updated_at', kind: 'date'},
  members: {...MEMBER_VALUES.value!, within: membersWithin, values: MEMBER_VALUES},
  'members.value': {...MEMBER_VALUES.value!, within: membersWithin},
};
