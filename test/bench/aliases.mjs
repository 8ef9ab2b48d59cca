// `node --import ./test/bench/aliases.mjs`: the in-process measures load what the product bundle loads in place of
// a dependency's module (scripts/aliases.json, which scripts/build.mjs gives esbuild), so Ink's `widest-line` in a
// bench is src/ui/widestLine.ts as in dist/svc.js. Registered on the main thread; Node runs `resolve` in its
// hooks thread.
import {readFileSync} from 'node:fs';
import {register} from 'node:module';
import {isMainThread} from 'node:worker_threads';

const root = new URL('../../', import.meta.url);
const aliases = JSON.parse(readFileSync(new URL('scripts/aliases.json', root), 'utf8'));

export async function resolve(specifier, context, next) {
  const path = aliases[specifier];
  return next(path ? new URL(path, root).href : specifier, context);
}

if (isMainThread) register(import.meta.url);
