// The platform's published API description is not part of the repository. This is the one place that looks for
// it: $SVC_REFERENCE_API, else ../shared/reference/platform-api.yaml beside the repository. Tests that use it
// skip (and print why) when it is absent.
import {existsSync} from 'node:fs';
import {resolve} from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** Where the reference description is expected, and whether it is there. */
export const REFERENCE_PATH = process.env.SVC_REFERENCE_API ?? resolve(ROOT, '../shared/reference/platform-api.yaml');
export const referencePresent = (): boolean => existsSync(REFERENCE_PATH);
