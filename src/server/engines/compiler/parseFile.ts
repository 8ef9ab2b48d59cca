// One YAML model file → raw cubes and views, with syntax errors reported at their line.
import {LineCounter, parseDocument} from 'yaml';
import type {CompileError} from './types.js';
import type {RawCube, RawView} from './raw.js';
import {parseCube} from './parseCube.js';
import {parseView} from './parseView.js';
import {FileContext, mapEntries, seqItems} from './yamlNodes.js';

export function parseModelFile(file: string, content: string, errors: CompileError[]): {cubes: RawCube[]; views: RawView[]} {
  const lines = new LineCounter();
  const doc = parseDocument(content, {lineCounter: lines, prettyErrors: false, uniqueKeys: true});
  const out = {cubes: [] as RawCube[], views: [] as RawView[]};
  if (doc.errors.length > 0) {
    for (const e of doc.errors) {
      const line = lines.linePos(e.pos[0]).line;
      const message = `YAML syntax error: ${e.message.split('\n')[0]}`;
      errors.push(line === undefined ? {file, message} : {file, message, line});
    }
    return out;
  }
  if (doc.contents === null) return out;
  const ctx = new FileContext(file, lines, errors);
  const top = mapEntries(ctx, doc.contents, 'a model file');
  for (const entry of top ?? []) {
    if (entry.key === 'cubes') {
      for (const node of seqItems(ctx, entry.value, '"cubes"') ?? []) {
        const cube = parseCube(ctx, node);
        if (cube) out.cubes.push(cube);
      }
    } else if (entry.key === 'views') {
      for (const node of seqItems(ctx, entry.value, '"views"') ?? []) {
        const view = parseView(ctx, node);
        if (view) out.views.push(view);
      }
    } else {
      ctx.error(entry.keyNode, `unknown top-level key "${entry.key}" (a model file holds "cubes" and "views")`);
    }
  }
  return out;
}
