// One YAML model file → raw cubes and views, with syntax errors reported at their line. Parsed once per content:
// a branch's model is compiled again on every data API query, validation and dbt run, and parsing its YAML was
// nine tenths of a compile (the files rarely change between two compiles).
import {LineCounter, parseDocument} from 'yaml';
import type {CompileError} from './types.js';
import type {RawCube, RawView} from './raw.js';
import {parseCube} from './parseCube.js';
import {parseView} from './parseView.js';
import {FileContext, mapEntries, seqItems} from './yamlNodes.js';

export interface ParsedFile {
  readonly cubes: readonly RawCube[];
  readonly views: readonly RawView[];
}

/** What one file's parse gave: shared between compiles, so frozen all the way down. */
interface Parsed extends ParsedFile {
  readonly errors: readonly CompileError[];
}

/** Parses kept, by path and content; forgotten all at once when full (a model's files come back, old ones don't). */
const PARSED_LIMIT = 2000;
/** And by the length of the content they hold, so that a few huge files are not kept. */
const PARSED_CHARS_LIMIT = 16_000_000;
const parsed = new Map<string, Parsed>();
let parsedChars = 0;

/**
 * The file's cubes and views (frozen: they are shared with other compiles of the same content), its errors
 * pushed onto `errors` as new objects.
 */
export function parseModelFile(file: string, content: string, errors: CompileError[]): ParsedFile {
  const key = `${file}\u0000${content}`;
  let result = parsed.get(key);
  if (!result) {
    const own: CompileError[] = [];
    result = deepFreeze({...parse(file, content, own), errors: own});
    if (parsed.size >= PARSED_LIMIT || parsedChars + key.length > PARSED_CHARS_LIMIT) {
      parsed.clear();
      parsedChars = 0;
    }
    parsed.set(key, result);
    parsedChars += key.length;
  }
  for (const e of result.errors) errors.push({...e});
  return result;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function parse(file: string, content: string, errors: CompileError[]): {cubes: RawCube[]; views: RawView[]} {
  const lines = new LineCounter();
  const doc = parseDocument(content, {lineCounter: lines, prettyErrors: false, uniqueKeys: true});
  const out = {cubes: [] as RawCube[], views: [] as RawView[]};
  if (doc.errors.length > 0) {
    for (const e of doc.errors) {
      const line = lines.linePos(e.pos[0]).line;
      const message = `YAML syntax error: ${e.message.split('\n')[0]}`;
      errors.push(line === undefined ? {file, message} : {file, message, line});
    }
    return out;
  }
  if (doc.contents === null) return out;
  const ctx = new FileContext(file, lines, errors);
  const top = mapEntries(ctx, doc.contents, 'a model file');
  for (const entry of top ?? []) {
    if (entry.key === 'cubes') {
      for (const node of seqItems(ctx, entry.value, '"cubes"') ?? []) {
        const cube = parseCube(ctx, node);
        if (cube) out.cubes.push(cube);
      }
    } else if (entry.key === 'views') {
      for (const node of seqItems(ctx, entry.value, '"views"') ?? []) {
        const view = parseView(ctx, node);
        if (view) out.views.push(view);
      }
    } else {
      ctx.error(entry.keyNode, `unknown top-level key "${entry.key}" (a model file holds "cubes" and "views")`);
    }
  }
  return out;
}
