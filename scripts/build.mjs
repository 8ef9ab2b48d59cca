// Bundles src/main.ts into dist/svc.js plus lazily loaded chunks. Startup is ~3x faster than loading per-file tsc
// output. Splitting keeps the UI (Ink/React) and the service (Hono/SQLite) out of what plain
// commands load: a single file made every command parse 3.7 MB. better-sqlite3 is a native addon and stays external.
import {build} from 'esbuild';
import {chmodSync, existsSync, readFileSync, renameSync, rmSync} from 'node:fs';

// Modules of ours that stand in for a dependency's own wherever it is imported (Ink's imports too), in the bundle
// and, through vitest.config.ts, in the tests: `widest-line` by one that remembers widths (src/ui/widestLine.ts).
const aliases = JSON.parse(readFileSync(new URL('aliases.json', import.meta.url), 'utf8'));

// Built beside dist/ and swapped in with two renames: a process running from dist/ (a test, a UI) that lazily
// imports a chunk no longer finds dist/chunks missing for the whole length of a build.
const out = `dist.tmp-${process.pid}`;
rmSync(out, {recursive: true, force: true});

await build({
  entryPoints: {svc: 'src/main.ts'},
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  outdir: out,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: false,
  legalComments: 'none',
  // SVC_BUILD_UPDATE_URL names the release source a release build checks (src/update/release.ts); without it the
  // bundle has none and never checks for updates unless SVC_UPDATE_URL is set where it runs.
  define: {
    'process.env.NODE_ENV': '"production"',
    ...(process.env.SVC_BUILD_UPDATE_URL?.trim() ? {SVC_BUILD_UPDATE_URL: JSON.stringify(process.env.SVC_BUILD_UPDATE_URL.trim())} : {}),
  },
  alias: {...aliases, 'react-devtools-core': './stubs/react-devtools-core.js'},
  external: ['better-sqlite3'],
  splitting: true,
  logLevel: 'warning',
  banner: {
    js: "#!/usr/bin/env node\nimport {createRequire as __svcCreateRequire} from 'node:module'; const require = __svcCreateRequire(import.meta.url);",
  },
});
chmodSync(`${out}/svc.js`, 0o755);
const old = `dist.old-${process.pid}`;
if (existsSync('dist')) renameSync('dist', old);
renameSync(out, 'dist');
rmSync(old, {recursive: true, force: true});
