// Checks a served answer against a schema of the platform's reference description (components/schemas), with ajv.
// The reference is not part of the repository (reference.ts finds it); without it `conforms` checks nothing, and
// the file that uses it says so once.
import {readFileSync} from 'node:fs';
import {Ajv2020} from 'ajv/dist/2020.js';
import {parse} from 'yaml';
import {expect} from 'vitest';
import {REFERENCE_PATH as REFERENCE, referencePresent} from './reference.js';

const reference = referencePresent() ? (parse(readFileSync(REFERENCE, 'utf8')) as {components: {schemas: Record<string, unknown>}}) : undefined;
export const referenceSchemasPresent = reference !== undefined;
if (!reference) console.log(`skipping the reference schema checks: ${REFERENCE} is absent (set SVC_REFERENCE_API to point at platform-api.yaml)`);
// Formats are checked for dates only: the reference tells a date from a date-time with oneOf.
const ajv = new Ajv2020({strict: false, allErrors: true, logger: false});
ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
if (reference) ajv.addSchema({$id: 'platform', components: reference.components});

/** Checks `body` against the reference's schema `name` (when the reference is here). */
export function conforms(name: string, body: unknown): void {
  if (!reference) return;
  const validate = ajv.getSchema(`platform#/components/schemas/${name}`);
  expect(validate, `no schema ${name} in the reference`).toBeDefined();
  const ok = validate!(body);
  expect(ok, `${name}: ${JSON.stringify(validate!.errors)}\n${JSON.stringify(body)}`).toBe(true);
}
