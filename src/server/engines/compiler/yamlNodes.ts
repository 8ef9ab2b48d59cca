// Walks the YAML syntax tree instead of plain JS values so every error can name the line it comes from.
import {isMap, isScalar, isSeq, type LineCounter, type Node, type YAMLMap} from 'yaml';
import type {CompileError} from './types.js';

export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export class FileContext {
  constructor(
    readonly file: string,
    private readonly lines: LineCounter,
    private readonly errors: CompileError[],
  ) {}

  line(node: unknown): number | undefined {
    const range = (node as Node | null | undefined)?.range;
    return range ? this.lines.linePos(range[0]).line : undefined;
  }

  error(node: unknown, message: string): void {
    const line = this.line(node);
    this.errors.push(line === undefined ? {file: this.file, message} : {file: this.file, message, line});
  }
}

export interface Entry {
  key: string;
  keyNode: unknown;
  value: unknown;
}

/** The string-keyed entries of a mapping node; reports a non-mapping as an error and returns undefined. */
export function mapEntries(ctx: FileContext, node: unknown, what: string): Entry[] | undefined {
  if (!isMap(node)) {
    ctx.error(node, `${what} must be a mapping`);
    return undefined;
  }
  return (node as YAMLMap).items.map((pair) => ({
    key: isScalar(pair.key) ? String(pair.key.value) : String(pair.key),
    keyNode: pair.key,
    value: pair.value,
  }));
}

export function seqItems(ctx: FileContext, node: unknown, what: string): unknown[] | undefined {
  if (node === null || node === undefined || (isScalar(node) && node.value === null)) return [];
  if (!isSeq(node)) {
    ctx.error(node, `${what} must be a list`);
    return undefined;
  }
  return node.items;
}

/** A scalar's value as text (numbers and booleans are accepted in SQL fields, as YAML users write `sql: 1`). */
export function scalarText(node: unknown): string | undefined {
  if (!isScalar(node) || node.value === null || typeof node.value === 'object') return undefined;
  return String(node.value);
}

export function scalarBoolean(node: unknown): boolean | undefined {
  return isScalar(node) && typeof node.value === 'boolean' ? node.value : undefined;
}

export function isStar(node: unknown): boolean {
  return isScalar(node) && node.value === '*';
}

/** Reports keys outside `allowed` and returns the entries as a lookup. */
export function fieldsOf(
  ctx: FileContext,
  entries: Entry[],
  allowed: readonly string[],
  what: string,
): Map<string, Entry> {
  const fields = new Map<string, Entry>();
  for (const entry of entries) {
    if (!allowed.includes(entry.key)) ctx.error(entry.keyNode, `${what}: unknown property "${entry.key}"`);
    else fields.set(entry.key, entry);
  }
  return fields;
}
