// The test tiers, one list for vitest.config.ts (a vitest project per tier) and for the guard in
// test/tooling/tiers.test.ts. A file's tier comes from its folder, so a new file lands in one without editing this:
//  - e2e: the built binary (dist/svc.js), tmux, vim, Chromium, Prism; needs `npm run build` first.
//  - service: the service in-process (testApp(), startTestService()) with the real client and real SQLite.
//  - unit: everything else: pure modules, components with fakes.
// A few files in a unit folder use the in-process service; they are listed by name.
export type Tier = 'unit' | 'service' | 'e2e';

export const E2E_DIRS = ['e2e', 'oracles'];
export const SERVICE_DIRS = ['server', 'screens', 'security'];
/** Files of unit folders that start the service in-process. */
export const SERVICE_FILES = [
  'test/contract/csv.test.ts',
  'test/queries/queries.test.ts',
  'test/ui/quit-local.test.tsx',
  'test/ui/prepaint.test.tsx',
  'test/workflows/auditExport.test.ts',
  'test/workflows/dbtGate.test.ts',
  'test/workflows/activity.test.ts',
];

const TEST_FILES = '**/*.test.{ts,tsx}';
const dirGlobs = (dirs: string[]) => dirs.map((d) => `test/${d}/${TEST_FILES}`);

/** The include and exclude globs of each tier's vitest project; every test file is in exactly one. */
export const TIER_GLOBS: Record<Tier, {include: string[]; exclude: string[]}> = {
  e2e: {include: dirGlobs(E2E_DIRS), exclude: []},
  service: {include: [...dirGlobs(SERVICE_DIRS), ...SERVICE_FILES], exclude: []},
  unit: {include: [`test/${TEST_FILES}`], exclude: [...dirGlobs(E2E_DIRS), ...dirGlobs(SERVICE_DIRS), ...SERVICE_FILES]},
};

/** The tier of a test file, by its path from the repository root (`test/<folder>/…`). */
export function tierOf(file: string): Tier {
  const folder = file.split('/')[1] ?? '';
  if (E2E_DIRS.includes(folder)) return 'e2e';
  if (SERVICE_DIRS.includes(folder) || SERVICE_FILES.includes(file)) return 'service';
  return 'unit';
}
