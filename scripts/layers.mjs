// `npm run lint`'s one cruise of the layers (`node scripts/layers.mjs src screens`): dependency-cruiser walks the
// given folders once with the repository's configuration (.dependency-cruiser.cjs), and the same answer serves twice:
//  - the rules: every violation is reported as `depcruise` itself reports it, and any error fails the lint;
//  - docs/ARCHITECTURE.md §2's table of which layer imports which: the module edges are folded into layer edges
//    (a layer is a folder of src/, screens/, or a file at the top of src/) and must equal the table between the
//    markers, so the guide cannot claim an import that is not there or miss one that is.
// `UPDATE_DOCS=1 node scripts/layers.mjs src screens` rewrites the table.
import {spawnSync} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {format} from 'dependency-cruiser';

const root = resolve(import.meta.dirname, '..');
const GUIDE = join(root, 'docs/ARCHITECTURE.md');
const START = '<!-- layers:start (written from dependency-cruiser\'s output by scripts/layers.mjs, run by npm run lint) -->';
const END = '<!-- layers:end -->';

/** The layer a path belongs to: `screens`, a folder of src/ (`ui`), or a file at the top of src/ (`main.ts`). */
function layerOf(path) {
  if (path.startsWith('screens/')) return 'screens';
  return /^src\/([^/]+)/.exec(path)?.[1];
}

/** How A reaches B: a static runtime import anywhere wins over import() only, which wins over types only. */
const RANK = {'runtime': 3, 'import() only': 2, 'types only': 1};

function layerEdges(modules) {
  const edges = new Map();
  for (const m of modules) {
    const from = layerOf(m.source);
    if (!from) continue;
    for (const d of m.dependencies) {
      const to = layerOf(d.resolved);
      if (!to || to === from) continue;
      const reach = d.dependencyTypes.some((t) => t === 'type-only' || t === 'type-import') ? 'types only' : d.dynamic ? 'import() only' : 'runtime';
      const row = edges.get(from) ?? new Map();
      const had = row.get(to);
      if (!had || RANK[reach] > RANK[had]) row.set(to, reach);
      edges.set(from, row);
    }
  }
  return edges;
}

function table(edges) {
  const rows = [...edges.keys()].sort().map((from) => {
    const targets = [...edges.get(from).entries()].sort(([a], [b]) => a.localeCompare(b));
    return `| \`${from}\` | ${targets.map(([to, reach]) => (reach === 'runtime' ? `\`${to}\`` : `\`${to}\` (${reach})`)).join(', ')} |`;
  });
  return ['| layer | imports |', '|---|---|', ...rows].join('\n');
}

const folders = process.argv.slice(2);
if (folders.length === 0) {
  console.error('usage: node scripts/layers.mjs <folder>…');
  process.exit(2);
}
const run = spawnSync(
  process.execPath,
  [join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), ...folders, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
  {cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024},
);
// A cruise that says anything on stderr (an unreadable configuration, a parse failure) fails the lint.
if (run.stderr || !run.stdout) {
  process.stderr.write(run.stderr || `dependency-cruiser exited with ${run.status} and no output\n`);
  process.exit(1);
}
const result = JSON.parse(run.stdout);

const rules = await format(result, {outputType: 'err'});
process.stdout.write(rules.output);
let failed = rules.exitCode !== 0;

const wanted = table(layerEdges(result.modules));
const guide = readFileSync(GUIDE, 'utf8');
const from = guide.indexOf(START);
const to = guide.indexOf(END);
if (from < 0 || to < from) {
  console.error(`${GUIDE}: the markers ${START} … ${END} are missing`);
  failed = true;
} else if (process.env.UPDATE_DOCS === '1') {
  writeFileSync(GUIDE, `${guide.slice(0, from + START.length)}\n${wanted}\n${guide.slice(to)}`);
} else if (guide.slice(from + START.length, to).trim() !== wanted) {
  console.error(`docs/ARCHITECTURE.md §2's layer table is not what dependency-cruiser finds; it finds:\n${wanted}\n(UPDATE_DOCS=1 node scripts/layers.mjs ${folders.join(' ')} rewrites it)`);
  failed = true;
}
process.exitCode = failed ? 1 : 0;
