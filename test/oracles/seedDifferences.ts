// docs/seed-differences.md, read as the Prism oracle's allow-list: the one list of the service's sanctioned
// differences from the platform's description (see the format there).
import {readFileSync} from 'node:fs';
import {resolve} from 'node:path';

export const SEED_DIFFERENCES = resolve(import.meta.dirname, '../../docs/seed-differences.md');

/** One sanctioned difference: an operation the description lacks (`location: "undescribed"`), or an answer's shape. */
export interface AllowEntry {
  operation: string;
  location: string;
  code?: string;
  why: string;
  spec?: string;
}

const HEADING = /^### ((?:GET|POST|PUT|PATCH|DELETE) \S+) — (\S+)(?: \((\w+)\))?$/;

/** The entries of the document, in order; throws on a heading it cannot read or an entry without `Why:`. */
export function readSeedDifferences(text = readFileSync(SEED_DIFFERENCES, 'utf8')): AllowEntry[] {
  const entries: AllowEntry[] = [];
  let current: AllowEntry | undefined;
  let field: 'why' | 'spec' | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('### ')) {
      const m = HEADING.exec(line);
      if (!m) throw new Error(`docs/seed-differences.md: cannot read the heading \`${line}\``);
      current = {operation: m[1]!, location: m[2]!, ...(m[3] ? {code: m[3]} : {}), why: ''};
      entries.push(current);
      field = undefined;
    } else if (line.startsWith('#')) {
      current = undefined;
    } else if (current && /^(Why|Spec): /.test(line)) {
      field = line.startsWith('Why') ? 'why' : 'spec';
      current[field] = line.slice(field.length + 2);
    } else if (current && field && line.trim() !== '') {
      current[field] = `${current[field] ?? ''} ${line.trim()}`;
    } else {
      field = undefined;
    }
  }
  const bare = entries.filter((e) => e.why === '');
  if (bare.length > 0) throw new Error(`docs/seed-differences.md: no Why: for ${bare.map((e) => e.operation).join(', ')}`);
  return entries;
}
