// Writes test/timings.json from a vitest JSON report (`npx vitest run --reporter=json --outputFile=report.json`):
// the files that took 2 s or more, in whole seconds, longest first. test/sequencer.ts starts those first when vitest
// has no timing of its own for them (a clean clone, as in CI).
// Usage: node scripts/test-timings.mjs <report.json> [the root the report was made in; this repository by default]
import {readFileSync, writeFileSync} from 'node:fs';
import {relative, resolve} from 'node:path';

const here = resolve(import.meta.dirname, '..');
const [reportPath, root = here] = process.argv.slice(2);
if (!reportPath) {
  console.error('usage: node scripts/test-timings.mjs <vitest JSON report> [root]');
  process.exit(2);
}
const report = JSON.parse(readFileSync(reportPath, 'utf8'));
const seconds = report.testResults
  .map((r) => [relative(root, r.name), Math.round((r.endTime - r.startTime) / 1000)])
  .filter(([, s]) => s >= 2)
  .sort((a, b) => b[1] - a[1]);
writeFileSync(resolve(here, 'test/timings.json'), `${JSON.stringify(Object.fromEntries(seconds), null, 2)}\n`);
console.log(`test/timings.json: ${seconds.length} files`);
