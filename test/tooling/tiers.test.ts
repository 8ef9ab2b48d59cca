// The tiers stay true: no test outside the e2e tier spawns the built binary, tmux, vim or a browser (those need a
// build and are slow), so `npm run test:fast` never does. A file that must spawn one belongs in test/e2e.
import {readdirSync, readFileSync} from 'node:fs';
import {join, relative, resolve} from 'node:path';
import {describe, expect, it} from 'vitest';
import {filesByTier, testFiles, tierOf as tierByRule, TIERS, type Tier} from '../tiers.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** Helpers that spawn the built binary, tmux or a browser, with the exports that do (`*`: every one). */
const SPAWNING_HELPERS: Record<string, string[] | '*'> = {
  'helpers/cliHarness': ['CLI', 'runCli', 'runInBackground', 'startServerProcess', 'startHarness'],
  'helpers/tmux': '*',
  'helpers/tmuxControl': '*',
};
const SPAWN_LITERAL = /\b(?:spawn|spawnSync|execFile|execFileSync|exec|execSync)\(\s*['"`](?:\/usr\/bin\/)?(?:tmux|vim|chromium)\b/;

/** What in `text` (a test file at `file`) spawns the binary, tmux, vim or a browser: empty when nothing does. */
function spawnsIn(file: string, text: string): string[] {
  const found: string[] = [];
  if (/dist\/svc\.js/.test(text.replace(/^\s*\/\/.*$/gm, ''))) found.push('dist/svc.js');
  if (SPAWN_LITERAL.test(text)) found.push(SPAWN_LITERAL.exec(text)![0]);
  if (/from ['"]playwright(?:-core)?['"]/.test(text)) found.push('playwright');
  for (const m of text.matchAll(/^import\s+(type\s+)?(\{[^}]*\}|[\w*\s]+?)\s+from\s+['"]([^'"]+)['"]/gm)) {
    if (m[1]) continue;
    const target = relative(join(ROOT, 'test'), resolve(ROOT, file, '..', m[3]!)).replace(/\.(?:js|ts|tsx)$/, '');
    const spawning = SPAWNING_HELPERS[target];
    if (!spawning) continue;
    const names = m[2]!.replace(/[{}]/g, '').split(',').map((n) => n.trim()).filter((n) => n && !n.startsWith('type '));
    const hit = spawning === '*' ? names : names.filter((n) => spawning.includes(n.split(/\s+as\s+/)[0]!));
    if (hit.length > 0) found.push(`${hit.join(', ')} from ${m[3]}`);
  }
  return found;
}

describe('test tiers', () => {
  const files = testFiles(ROOT);
  const byTier = filesByTier(ROOT);
  const tierOf = (f: string): Tier => TIERS.find((t) => byTier[t].includes(f))!;

  it('no unit or service test spawns the built binary, tmux, vim or a browser', () => {
    // This file is skipped: its samples below spell out spawns.
    const self = relative(ROOT, import.meta.filename);
    const offenders = files.filter((f) => tierOf(f) !== 'e2e' && f !== self).flatMap((f) => spawnsIn(f, readFileSync(join(ROOT, f), 'utf8')).map((s) => `${f}: ${s}`));
    expect(offenders, 'move these tests (or the part that spawns) to test/e2e').toEqual([]);
  });

  it('knows every helper that spawns: a new one cannot hide a spawn from the check above', () => {
    // The check above finds a spawn made through a helper by the helper's name; a helper that spawns (itself, or
    // through another's spawning export) and is not in SPAWNING_HELPERS would let a unit or service file spawn unseen.
    const helpers = readdirSync(join(ROOT, 'test/helpers')).map((name) => `test/helpers/${name}`);
    const unknown = helpers.filter((f) => spawnsIn(f, readFileSync(join(ROOT, f), 'utf8')).length > 0 && !(f.slice('test/'.length).replace(/\.(?:js|ts|tsx)$/, '') in SPAWNING_HELPERS));
    expect(unknown, 'add these to SPAWNING_HELPERS with the exports that spawn').toEqual([]);
  });

  it('sees the spawns the e2e tier makes', () => {
    expect(spawnsIn('test/e2e/x.test.ts', "import {startHarness, type Harness} from '../helpers/cliHarness.js';")).toEqual(['startHarness from ../helpers/cliHarness.js']);
    expect(spawnsIn('test/ui/x.test.ts', "import {STACK_LINE} from '../helpers/cliHarness.js';\nimport type {Run} from '../helpers/cliHarness.js';")).toEqual([]);
    expect(spawnsIn('test/server/x.test.ts', "import {tmuxSession} from '../helpers/tmux.js';")).toHaveLength(1);
    expect(spawnsIn('test/server/x.test.ts', "const c = spawn('tmux', ['new-session']);")).toHaveLength(1);
    expect(spawnsIn('test/server/x.test.ts', "const c = spawnSync('/usr/bin/chromium', []);")).toHaveLength(1);
    expect(spawnsIn('test/server/x.test.ts', "const CLI = resolve('dist/svc.js');")).toHaveLength(1);
    expect(spawnsIn('test/server/x.test.ts', '// unlike dist/svc.js, this runs in-process')).toEqual([]);
    // Most e2e files spawn through a helper; the detector finds them.
    const e2e = files.filter((f) => tierOf(f) === 'e2e');
    const seen = e2e.filter((f) => spawnsIn(f, readFileSync(join(ROOT, f), 'utf8')).length > 0);
    expect(seen.length).toBeGreaterThan(e2e.length * 0.8);
  });

  it('puts every test file in exactly one tier, by folder or by what it imports', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(TIERS.flatMap((t) => byTier[t]).sort()).toEqual([...files].sort());
    for (const t of TIERS) expect(byTier[t].length, t).toBeGreaterThan(0);
    expect(tierByRule('test/screens/x.test.tsx', "import {render} from 'ink';")).toBe('service');
    expect(tierByRule('test/e2e/x.test.ts', "import {testApp} from '../helpers/startService.js';")).toBe('e2e');
    expect(tierByRule('test/workflows/x.test.ts', "import {testAppEach} from '../helpers/startService.js';")).toBe('service');
    expect(tierByRule('test/ui/x.test.tsx', "import {startDemo} from '../../helpers/screenApp.js';")).toBe('service');
    expect(tierByRule('test/queries/x.test.ts', "import {seed} from '../../src/server/seed.js';")).toBe('service');
    expect(tierByRule('test/cli/x.test.ts', "import {startInProcessHarness} from '../helpers/cliInProcess.js';")).toBe('service');
    expect(tierByRule('test/ui/x.test.ts', "import {KEYMAP} from '../../src/ui/keymap.js';")).toBe('unit');
    expect(tierByRule('test/newfolder/x.test.ts', '')).toBe('unit');
  });

  it('the in-process tiers can share a worker between files: no vi.mock, no hook at a helper\'s top level', () => {
    // A mocked module would stay mocked (or unmocked) for the next file in the worker; a hook registered when a
    // helper module loads would run for the first file that imports it only (vitest.config.ts, isolate: false).
    const mocks = files.filter((f) => tierOf(f) !== 'e2e' && /\bvi\.(?:do)?mock\(/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(mocks, 'pass a double through a parameter instead').toEqual([]);
    const helpers = helperFiles(join(ROOT, 'test'));
    const topLevelHooks = helpers.filter((f) => /^(?:before|after)(?:Each|All)\(|^vi\.setConfig\(/m.test(readFileSync(f, 'utf8')));
    expect(topLevelHooks.map((f) => relative(ROOT, f)), 'register per test (onTestFinished) or inside a function the test file calls').toEqual([]);
  });
});

/** The test folder's modules that are not test files (helpers), the e2e-only folders left out. */
function helperFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return ['e2e', 'oracles', 'bench', 'fixtures'].includes(e.name) ? [] : helperFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && e.name !== 'sharedWorker.ts' ? [path] : [];
  });
}
