// The layer rules (.dependency-cruiser.cjs) are not vacuous: a small tree with one deliberately wrong import per
// rule is cruised with the repository's own configuration, and every rule must name its wrong import — while the
// allowed shapes (a type-only cycle, a lazy import of the UI from a command) pass.
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join, resolve} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'svc-layers-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

const files: Record<string, string> = {
  'tsconfig.json': JSON.stringify({compilerOptions: {module: 'NodeNext', moduleResolution: 'NodeNext', jsx: 'react-jsx'}}),
  'package.json': JSON.stringify({name: 'fixture', type: 'module', dependencies: {ink: '*', zod: '*'}, devDependencies: {devonly: '*'}}),
  // 'hidden' is on disk but declared nowhere: it came along with another package.
  'node_modules/hidden/package.json': JSON.stringify({name: 'hidden', type: 'module', exports: './index.js'}),
  'node_modules/hidden/index.js': 'export const paint = 1;\n',
  'node_modules/devonly/package.json': JSON.stringify({name: 'devonly', type: 'module', exports: './index.js', types: './index.d.ts'}),
  'node_modules/devonly/index.js': 'export const tool = 1;\n',
  'node_modules/devonly/index.d.ts': 'export declare const tool: number;\nexport type Tool = number;\n',
  'node_modules/ink/package.json': JSON.stringify({name: 'ink', type: 'module', exports: './index.js'}),
  'node_modules/ink/index.js': 'export const render = 1;\n',
  'node_modules/zod/package.json': JSON.stringify({name: 'zod', type: 'module', exports: './index.js'}),
  'node_modules/zod/index.js': 'export const z = 1;\n',
  // Allowed: contract on zod, api on contract, a command that loads the UI lazily, a type-only cycle.
  'src/contract/ok.ts': "import {z} from 'zod';\nexport const ok = z;\n",
  'src/api/ok.ts': "import {ok} from '../contract/ok.js';\nimport {lib} from '../lib/ok.js';\nexport const api = [ok, lib];\n",
  'src/lib/ok.ts': 'export const lib = 1;\n',
  'src/contract/lib.ts': "import {lib} from '../lib/ok.js';\nexport const fromLib = lib;\n",
  'src/commands/ok.ts': "export async function run() {\n  return import('../ui/ok.js');\n}\n",
  'src/ui/ok.ts': 'export const ui = 1;\n',
  'src/ui/typeA.ts': "import type {B} from './typeB.js';\nexport type A = {b?: B};\n",
  'src/ui/typeB.ts': "import type {A} from './typeA.js';\nexport type B = {a?: A};\n",
  'src/ui/devType.ts': "import type {Tool} from 'devonly';\nexport type T = Tool;\n",
  // Wrong, one per rule.
  'src/ui/cycleA.ts': "import {b} from './cycleB.js';\nexport const a = () => b;\n",
  'src/ui/cycleB.ts': "import {a} from './cycleA.js';\nexport const b = () => a;\n",
  'src/contract/bad.ts': "import {api} from '../api/ok.js';\nexport const bad = api;\n",
  'src/server/bad.ts': "import {ui} from '../ui/ok.js';\nexport const bad = ui;\n",
  'src/lib/bad.ts': "import {api} from '../api/ok.js';\nexport const bad = api;\n",
  'src/files/bad.ts': "import {api} from '../api/ok.js';\nexport const bad = api;\n",
  'src/config/bad.ts': "import {bad as s} from '../server/bad.js';\nexport const bad = s;\n",
  'src/commands/bad.ts': "import {render} from 'ink';\nexport const bad = render;\n",
  'src/api/bad.ts': "import {q} from '../queries/bad.js';\nexport const bad = q;\n",
  'src/queries/bad.ts': "import {ui} from '../ui/ok.js';\nexport const q = ui;\n",
  'src/ui/bad.ts': "import {bad as c} from '../config/bad.js';\nexport const bad = c;\n",
  'screens/bad.ts': "import {run} from '../src/commands/ok.js';\nexport const bad = run;\n",
  'src/server/context.ts': 'export const ctx = 1;\n',
  'src/server/store/bad.ts': "import {ctx} from '../context.js';\nexport const bad = ctx;\n",
  'src/ui/undeclared.ts': "import {paint} from 'hidden';\nexport const bad = paint;\n",
  'src/ui/unresolvable.ts': "import {gone} from './gone.js';\nexport const bad = gone;\n",
  'screens/devonly.ts': "import {tool} from 'devonly';\nexport const bad = tool;\n",
};
for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(join(dir, path)), {recursive: true});
  writeFileSync(join(dir, path), text);
}

type Violation = {rule: {name: string}; from: string; to: string};
const run = spawnSync(
  process.execPath,
  [join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), 'src', 'screens', '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'json'],
  {cwd: dir, encoding: 'utf8', timeout: 60_000},
);
const violations: Violation[] = JSON.parse(run.stdout || '{"summary":{"violations":[]}}').summary.violations;
const found = (rule: string, from: string) => violations.some((v) => v.rule.name === rule && v.from === from);

describe('layer rules catch a wrong import', () => {
  it.each([
    ['no-folder-cycles', 'src/ui/cycleA.ts'],
    ['contract-imports-only-zod', 'src/contract/bad.ts'],
    ['lib-imports-no-layer', 'src/lib/bad.ts'],
    ['files-imports-only-node', 'src/files/bad.ts'],
    ['server-imports-contract-only', 'src/server/bad.ts'],
    ['client-never-imports-server', 'src/config/bad.ts'],
    ['commands-never-load-ink-or-react', 'src/commands/bad.ts'],
    ['api-imports-contract-only', 'src/api/bad.ts'],
    ['queries-and-workflows-below-ui', 'src/queries/bad.ts'],
    ['ui-never-imports-screens-or-config', 'src/ui/bad.ts'],
    ['screens-never-import-commands-or-config', 'screens/bad.ts'],
    ['stores-take-db-not-context', 'src/server/store/bad.ts'],
    ['no-undeclared-package', 'src/ui/undeclared.ts'],
    ['no-unresolvable-import', 'src/ui/unresolvable.ts'],
    ['product-never-imports-dev-packages', 'screens/devonly.ts'],
  ])('%s flags %s', (rule, from) => {
    expect(run.stderr).toBe('');
    expect(found(rule, from), JSON.stringify(violations.map((v) => [v.rule.name, v.from, v.to]))).toBe(true);
  });

  it('every rule in the configuration has a fixture above', async () => {
    const config = (await import(join(root, '.dependency-cruiser.cjs'))).default as {forbidden: {name: string}[]};
    const named = new Set(violations.map((v) => v.rule.name));
    expect(config.forbidden.map((r) => r.name).filter((n) => !named.has(n))).toEqual([]);
  });

  it('lets the allowed shapes through: a type-only cycle, a lazy UI import, contract on zod and lib, a type from a dev package', () => {
    const ok = ['src/ui/typeA.ts', 'src/ui/typeB.ts', 'src/commands/ok.ts', 'src/contract/ok.ts', 'src/contract/lib.ts', 'src/api/ok.ts', 'src/lib/ok.ts', 'src/ui/devType.ts'];
    expect(violations.filter((v) => ok.includes(v.from))).toEqual([]);
  });
});
