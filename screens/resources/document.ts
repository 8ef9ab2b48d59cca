// The text a user reads and edits for an object: YAML (or JSON), secrets left out, and the check of an edited
// text against the contract schema before anything is sent.
import {parse, stringify} from 'yaml';
import type {z} from 'zod';
import type {Json} from '../../src/api/read.js';

export type Format = 'yaml' | 'json';

/** The object without the fields that must never be shown. */
export function redact(obj: Json, hidden: readonly string[] = []): Json {
  return Object.fromEntries(Object.entries(obj).filter(([k]) => !hidden.includes(k)));
}

export function render(obj: unknown, format: Format): string {
  return format === 'json' ? `${JSON.stringify(obj, null, 2)}\n` : stringify(obj, {lineWidth: 0});
}

/** The fields of `obj` an update schema accepts (its top-level keys), in the schema's order. */
export function editableFields(obj: Json, schema: z.ZodType): Json {
  const shape = (schema as unknown as {shape?: Record<string, unknown>}).shape;
  if (!shape) return obj;
  return Object.fromEntries(Object.keys(shape).filter((k) => k in obj).map((k) => [k, obj[k]]));
}

/** What goes into the editor: a comment header (and the errors of the last try), then the YAML. */
export function editorText(noun: string, body: Json | string, errors: readonly string[] = []): string {
  const head = [`# ${noun}: edit, save and quit to send; an empty file cancels.`, ...errors.map((e) => `# ! ${e}`)].join('\n');
  const text = typeof body === 'string' ? body.replace(/^(#.*\n)+/, '') : render(body, 'yaml');
  return `${head}\n${text}`;
}

export type Checked = {ok: true; body: Json} | {ok: false; errors: string[]} | {ok: 'empty'};

/** Parses the edited text (YAML or JSON) and checks it against `schema`; errors name the field. */
export function check(text: string, schema: z.ZodType): Checked {
  if (text.replace(/^#.*$/gm, '').trim() === '') return {ok: 'empty'};
  let value: unknown;
  try {
    value = parse(text);
  } catch (err) {
    return {ok: false, errors: [`not valid YAML: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}`]};
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {ok: false, errors: ['the text must be one object (field: value lines)']};
  const result = schema.safeParse(value);
  if (result.success) return {ok: true, body: result.data as Json};
  return {ok: false, errors: result.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(object)'}: ${i.message}`)};
}
