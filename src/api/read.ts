// Tolerant-reader helpers. The fetchers read both the seed's shapes and the current API's (docs/ARCHITECTURE.md §5), so
// they pick fields by hand instead of parsing with the strict contract schemas: a field the client does not use
// must never break it, and command mode stays free of zod at startup.

export type Json = Record<string, unknown>;

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

/** A wrapped single object (`{data: {...}}`) or the object itself. */
export function unwrap(body: unknown): Json {
  const record = asRecord(body) ?? {};
  const inner = asRecord(record.data);
  return inner ?? record;
}

/**
 * The rows of a list answer: `items[]`, then `data[]`, then `data.<key>[]` (the seed), then a bare array.
 * `null` or a missing list is empty.
 */
export function listRows(body: unknown, key?: string): unknown[] {
  if (Array.isArray(body)) return body;
  const record = asRecord(body);
  if (!record) return [];
  if (Array.isArray(record.items)) return record.items;
  if (Array.isArray(record.data)) return record.data;
  const data = asRecord(record.data);
  if (data && key !== undefined && Array.isArray(data[key])) return data[key] as unknown[];
  return [];
}

/** `pagination.total` when the answer has it, else the number of rows received. */
export function listTotal(body: unknown, rows: number): number {
  const pagination = asRecord(asRecord(body)?.pagination);
  return num(pagination?.total) ?? num(asRecord(body)?.totalCount) ?? rows;
}

/** Keeps only rows a reader could make sense of. */
export function readRows<T>(rows: unknown[], read: (row: Json) => T | undefined): T[] {
  const out: T[] = [];
  for (const row of rows) {
    const record = asRecord(row);
    const value = record ? read(record) : undefined;
    if (value !== undefined) out.push(value);
  }
  return out;
}

/** Cursor paging of the current API: `first` (page size) and `after` (a pageInfo.endCursor). */
export interface Paging {
  first?: number;
  after?: string;
}
