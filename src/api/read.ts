import type {PageEnd, PageInfo} from '../lib/lists.js';
import {UnexpectedBodyError} from './errors.js';

// Tolerant-reader helpers. The fetchers read both the seed's shapes and the current API's (docs/ARCHITECTURE.md §5), so
// they pick fields by hand instead of parsing with the strict contract schemas: a field the client does not use
// must never break it, and command mode stays free of zod at startup.

export type Json = Record<string, unknown>;

type KindOf<V> = V extends string ? 'string' : V extends number ? 'number' : V extends boolean ? 'boolean' : never;
type TypeOf<K> = K extends 'string' ? string : K extends 'number' ? number : K extends 'boolean' ? boolean : never;

/** The fields the client reads from a response of contract type `T`, each with its JSON kind. */
export type FieldKinds<T> = {readonly [K in keyof T]?: KindOf<NonNullable<T[K]>>};

/**
 * A response read tolerantly: each listed field is of its kind, null or absent (a field of another kind is
 * dropped); every other field is kept as it came, so `--json` still prints the whole document.
 */
export type Tolerant<S> = Json & {readonly [K in keyof S]?: TypeOf<S[K]> | null};

/**
 * A reader for responses of contract type `T` (imported with `import type`, so no zod is loaded):
 * `fieldReader<DeploymentSettings>()({name: 'string'})` checks at compile time that `name` is a string field of
 * `T`, and at run time that the answer's `name` is a string (or null, or absent).
 */
export function fieldReader<T>() {
  return <const S extends FieldKinds<T> & Record<Exclude<keyof S, keyof T>, never>>(kinds: S) =>
    (body: Json): Tolerant<S> => {
      const out: Json = {...body};
      for (const [key, kind] of Object.entries(kinds)) {
        const value = out[key];
        if (value !== undefined && value !== null && typeof value !== kind) delete out[key];
      }
      return out as Tolerant<S>;
    };
}

export function asRecord(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function num(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return undefined;
}

export function bool(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** Ids arrive as strings (seed) or integers (current API); the client always holds strings. */
export function idString(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** What a JSON value is, for an error that says what came instead of what was expected. */
export function describeJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return `an object with ${Object.keys(value).length === 0 ? 'no fields' : `fields ${Object.keys(value).slice(0, 5).join(', ')}`}`;
  return `a ${typeof value}`;
}

/**
 * A wrapped single object (`{data: {...}}`) or the object itself. An answer of another type (a string, an array,
 * a number) is an error naming what was expected; an empty answer is `{}` (writes may answer 204).
 */
export function unwrap(body: unknown): Json {
  if (body === null || body === undefined) return {};
  const record = asRecord(body);
  if (record === undefined) throw new UnexpectedBodyError(`unexpected answer from the service: expected a JSON object, got ${describeJson(body)}`);
  return asRecord(record.data) ?? record;
}

/** The object a read (GET) answers: like `unwrap`, but an empty or `null` answer is an error too. */
export function readObject(body: unknown): Json {
  if (body === null || body === undefined) throw new UnexpectedBodyError('unexpected answer from the service: expected a JSON object, got null');
  return unwrap(body);
}

/**
 * The rows of a list answer: `items[]`, then `data[]`, then `data.<key>[]` (the seed), then a bare array.
 * Anything else — `null`, a string, an object without a list — is an error naming what was expected: a broken
 * or hostile answer must not read as "No results" with exit 0. Every list fetcher reads through here.
 */
export function listRows(body: unknown, key?: string): unknown[] {
  if (Array.isArray(body)) return body;
  const record = asRecord(body);
  if (record) {
    if (Array.isArray(record.items)) return record.items;
    if (Array.isArray(record.data)) return record.data;
    const data = asRecord(record.data);
    if (data && key !== undefined && Array.isArray(data[key])) return data[key] as unknown[];
  }
  const where = key === undefined ? 'items[] or data[]' : `items[], data[] or data.${key}[]`;
  throw new UnexpectedBodyError(`unexpected answer from the service: expected a list (an array, or an object with ${where}), got ${describeJson(body)}`);
}

/** `pagination.total` when the answer has it, else the number of rows received. */
/** A cursor-paged answer's `pageInfo` (no next page when it says nothing). */
export function pageInfoOf(body: unknown): PageInfo {
  const info = asRecord(asRecord(body)?.pageInfo);
  const endCursor = str(info?.endCursor);
  return {hasNextPage: info?.hasNextPage === true, ...(endCursor ? {endCursor} : {})};
}

/** Where a printed page of `shown` rows ends, from the answer's `pageInfo` (cursor) and `pagination` (offset). */
export function pageEndOf(body: unknown, shown: number): PageEnd {
  const info = pageInfoOf(body);
  const pagination = asRecord(asRecord(body)?.pagination);
  const offset = num(pagination?.offset);
  const total = num(pagination?.total) ?? num(asRecord(body)?.totalCount);
  return {
    shown,
    ...(info.hasNextPage && info.endCursor !== undefined ? {after: info.endCursor} : {}),
    ...(offset === undefined ? {} : {offset}),
    ...(total === undefined ? {} : {total}),
  };
}

export function listTotal(body: unknown, rows: number): number {
  const pagination = asRecord(asRecord(body)?.pagination);
  return num(pagination?.total) ?? num(asRecord(body)?.totalCount) ?? rows;
}

/**
 * Reads each row; a row that is not an object is an error naming it (the list is not what the API promises), a
 * row the reader cannot use (a missing id) is skipped.
 */
export function readRows<T>(rows: unknown[], read: (row: Json) => T | undefined): T[] {
  const out: T[] = [];
  for (let i = 0; i < rows.length; i++) {
    const record = asRecord(rows[i]);
    if (record === undefined) throw new UnexpectedBodyError(`unexpected answer from the service: expected list item ${i + 1} to be a JSON object, got ${describeJson(rows[i])}`);
    const value = read(record);
    if (value !== undefined) out.push(value);
  }
  return out;
}

/** Cursor paging of the current API: `first` (page size) and `after` (a pageInfo.endCursor). */
export interface Paging {
  first?: number;
  after?: string;
}
