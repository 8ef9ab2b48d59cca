// The test tiers, one rule for vitest.config.ts (a vitest project per tier) and for the guard in
// test/tooling/tiers.test.ts. A new file lands in its tier without editing this:
//  - e2e: the built binary (dist/svc.js), tmux, vim, Chromium, Prism; needs `npm run build` first. By folder.
//  - service: the service in-process (testApp(), startTestService(), startDemo()) with the real client and real
//    SQLite: the service folders, and any other file that imports the service (src/server) or its test helpers
//    (test/cli: the command tree run in-process through helpers/cliInProcess.ts).
//  - unit: everything else: pure modules, components with fakes.
//  - react-dev: React's development build over every screen (test/react-dev), a canary for what the production
//    build the other tiers run does not check. By folder.
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';

export type Tier = 'unit' | 'service' | 'e2e' | 'react-dev';
export const TIERS: Tier[] = ['unit', 'service', 'e2e', 'react-dev'];

export const E2E_DIRS = ['e2e', 'oracles'];
export const SERVICE_DIRS = ['server', 'screens', 'security'];
/** An import of the service or of a helper that starts it in-process. */
const IN_PROCESS_SERVICE = /from ['"][./]*(?:helpers\/(?:startService|screenApp|steppedApp|scim|cliInProcess|dataModelHarness)|(?:\.\.\/)+src\/server\/)/;

/** The tier of a test file, from its path (`test/<folder>/…`, from the repository root) and its text. */
export function tierOf(file: string, text: string): Tier {
  const folder = file.split('/')[1] ?? '';
  if (E2E_DIRS.includes(folder)) return 'e2e';
  if (folder === 'react-dev') return 'react-dev';
  if (SERVICE_DIRS.includes(folder) || IN_PROCESS_SERVICE.test(text)) return 'service';
  return 'unit';
}

/** Every test file under test/ (bench excluded), as `test/…` paths. */
export function testFiles(root: string, dir = 'test'): string[] {
  return readdirSync(join(root, dir), {withFileTypes: true}).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return path === 'test/bench' ? [] : testFiles(root, path);
    return /\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** The test files of each tier; every file is in exactly one. */
export function filesByTier(root: string): Record<Tier, string[]> {
  const byTier: Record<Tier, string[]> = {unit: [], service: [], e2e: [], 'react-dev': []};
  for (const f of testFiles(root)) byTier[tierOf(f, readFileSync(join(root, f), 'utf8'))].push(f);
  return byTier;
}
