// docs/ARCHITECTURE.md §2's table of which layer imports which is dependency-cruiser's own answer: this test cruises
// src/ and screens/ with the repository's configuration, folds the module edges into layer edges (a layer is a
// folder of src/, screens/, or a file at the top of src/) and compares them with the table between the markers, so
// the guide cannot claim an import that is not there or miss one that is. `UPDATE_DOCS=1 npx vitest run
// test/tooling/layers-doc.test.ts` rewrites the table.
import {spawnSync} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {describe, expect, it} from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const GUIDE = join(root, 'docs/ARCHITECTURE.md');
const START = '<!-- layers:start (written from dependency-cruiser\'s output by test/tooling/layers-doc.test.ts) -->';
const END = '<!-- layers:end -->';

type Dependency = {resolved: string; dynamic: boolean; dependencyTypes: string[]};
type Module = {source: string; dependencies: Dependency[]};

/** The layer a path belongs to: `screens`, a folder of src/ (`ui`), or a file at the top of src/ (`main.ts`). */
function layerOf(path: string): string | undefined {
  if (path.startsWith('screens/')) return 'screens';
  const m = /^src\/([^/]+)/.exec(path);
  return m?.[1];
}

/** How A reaches B: a static runtime import anywhere wins over import() only, which wins over types only. */
type Reach = 'runtime' | 'import() only' | 'types only';

function layerEdges(modules: readonly Module[]): Map<string, Map<string, Reach>> {
  const rank: Record<Reach, number> = {'runtime': 3, 'import() only': 2, 'types only': 1};
  const edges = new Map<string, Map<string, Reach>>();
  for (const m of modules) {
    const from = layerOf(m.source);
    if (!from) continue;
    for (const d of m.dependencies) {
      const to = layerOf(d.resolved);
      if (!to || to === from) continue;
      const reach: Reach = d.dependencyTypes.some((t) => t === 'type-only' || t === 'type-import') ? 'types only' : d.dynamic ? 'import() only' : 'runtime';
      const row = edges.get(from) ?? new Map<string, Reach>();
      const had = row.get(to);
      if (!had || rank[reach] > rank[had]) row.set(to, reach);
      edges.set(from, row);
    }
  }
  return edges;
}

function table(edges: Map<string, Map<string, Reach>>): string {
  const rows = [...edges.keys()].sort().map((from) => {
    const targets = [...edges.get(from)!.entries()].sort(([a], [b]) => a.localeCompare(b));
    return `| \`${from}\` | ${targets.map(([to, reach]) => (reach === 'runtime' ? `\`${to}\`` : `\`${to}\` (${reach})`)).join(', ')} |`;
  });
  return ['| layer | imports |', '|---|---|', ...rows].join('\n');
}

describe('the layer table in docs/ARCHITECTURE.md', () => {
  it('is what dependency-cruiser finds in src/ and screens/', () => {
    const run = spawnSync(
      process.execPath,
      [join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), 'src', 'screens', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
      {cwd: root, encoding: 'utf8', timeout: 120_000, maxBuffer: 256 * 1024 * 1024},
    );
    expect(run.stderr).toBe('');
    const modules = (JSON.parse(run.stdout) as {modules: Module[]}).modules;
    const wanted = table(layerEdges(modules));
    const guide = readFileSync(GUIDE, 'utf8');
    const from = guide.indexOf(START);
    const to = guide.indexOf(END);
    expect(from, `the markers ${START} … ${END}`).toBeGreaterThan(0);
    expect(to).toBeGreaterThan(from);
    if (process.env.UPDATE_DOCS === '1') writeFileSync(GUIDE, `${guide.slice(0, from + START.length)}\n${wanted}\n${guide.slice(to)}`);
    else expect(guide.slice(from + START.length, to).trim()).toBe(wanted);
  }, 150_000);
});
