// Model compiler: a branch's files → a validated, compiled model (or the errors that stop it), with no I/O.
import type {CompileError, CompileResult, CompiledCube, CompiledModel, ModelFile} from './types.js';
import type {RawCube, RawView} from './raw.js';
import {parseModelFile} from './parseFile.js';
import {ReferenceError, Resolver, quote} from './references.js';
import {compileView} from './compileView.js';

export type {CompileError, CompileResult, CompiledModel, ModelFile} from './types.js';

const MODEL_DIRS = ['model/', 'schema/'];

/** Project-relative POSIX path without a leading slash, as errors name files. */
export const relativePath = (path: string): string => path.replace(/^\/+/, '');

export function isModelFile(path: string): boolean {
  const rel = relativePath(path);
  return MODEL_DIRS.some((dir) => rel.startsWith(dir));
}

export function compileModel(files: readonly ModelFile[]): CompileResult {
  const errors: CompileError[] = [];
  const raws: RawCube[] = [];
  const rawViews: RawView[] = [];
  const sorted = files.map((f) => ({path: relativePath(f.path), content: f.content})).sort((a, b) => a.path.localeCompare(b.path));
  for (const file of sorted) {
    if (!isModelFile(file.path)) continue;
    if (/\.ya?ml$/i.test(file.path)) {
      const parsed = parseModelFile(file.path, file.content, errors);
      raws.push(...parsed.cubes);
      rawViews.push(...parsed.views);
    } else if (/\.(js|ts|py|jinja)$/i.test(file.path)) {
      errors.push({file: file.path, message: 'only YAML model files are compiled by the local service; rewrite this file as .yml'});
    }
  }
  const cubes = new Map<string, RawCube>();
  const definedIn = new Map<string, string>();
  for (const cube of raws) {
    const earlier = definedIn.get(cube.name);
    if (earlier) errors.push(at(cube.file, cube.line, `cube "${cube.name}" is already defined in ${earlier}`));
    else {
      definedIn.set(cube.name, cube.file);
      cubes.set(cube.name, cube);
    }
  }
  const model: CompiledModel = {cubes: new Map(), views: new Map()};
  const resolver = new Resolver(cubes);
  for (const cube of cubes.values()) model.cubes.set(cube.name, compileCube(cube, cubes, resolver, errors));
  for (const view of rawViews) {
    const earlier = definedIn.get(view.name);
    if (earlier) {
      errors.push(at(view.file, view.line, `view "${view.name}" clashes with a cube or view already defined in ${earlier}`));
      continue;
    }
    definedIn.set(view.name, view.file);
    const compiled = compileView(view, model, errors);
    if (compiled) model.views.set(view.name, compiled);
  }
  return {valid: errors.length === 0, errors, cubesCount: model.cubes.size, viewsCount: model.views.size, model};
}

function at(file: string, line: number | undefined, message: string): CompileError {
  return line === undefined ? {file, message} : {file, message, line};
}

function compileCube(raw: RawCube, cubes: Map<string, RawCube>, resolver: Resolver, errors: CompileError[]): CompiledCube {
  const source = raw.sqlTable ? raw.sqlTable.split('.').map(quote).join('.') : `(${raw.sql ?? 'SELECT NULL'})`;
  const cube: CompiledCube = {name: raw.name, source, dimensions: new Map(), measures: new Map(), segments: new Map(), joins: new Map(), file: raw.file, ...(raw.tenants && {tenants: raw.tenants})};
  const attempt = (line: number | undefined, what: string, run: () => void): void => {
    try {
      run();
    } catch (e) {
      if (!(e instanceof ReferenceError)) throw e;
      errors.push(at(raw.file, line, `cube "${raw.name}": ${what}: ${e.message}`));
    }
  };
  for (const d of raw.dimensions) {
    attempt(d.line, `dimension "${d.name}"`, () => {
      const resolved = resolver.dimension(raw, d);
      const dim = {name: d.name, type: d.type, sql: resolved.sql, cubes: [...resolved.cubes], primaryKey: d.primaryKey, title: d.title ?? titleOf(d.name)};
      cube.dimensions.set(d.name, dim);
      if (d.primaryKey && cube.primaryKey) throw new ReferenceError(`a cube has one primary key; "${cube.primaryKey.name}" is one already`);
      if (d.primaryKey) cube.primaryKey = dim;
    });
  }
  for (const m of raw.measures) {
    attempt(m.line, `measure "${m.name}"`, () => {
      cube.measures.set(m.name, {name: m.name, type: m.type, sql: resolver.measure(raw, m), title: m.title ?? titleOf(m.name)});
    });
  }
  for (const s of raw.segments) {
    attempt(s.line, `segment "${s.name}"`, () => {
      const resolved = resolver.segment(raw, s.sql);
      cube.segments.set(s.name, {name: s.name, sql: resolved.sql, cubes: [...resolved.cubes]});
    });
  }
  for (const j of raw.joins) {
    attempt(j.line, `join "${j.name}"`, () => {
      if (!cubes.has(j.name)) throw new ReferenceError(`the target cube "${j.name}" is not defined`);
      if (j.name === raw.name) throw new ReferenceError('a cube cannot join itself');
      cube.joins.set(j.name, {name: j.name, relationship: j.relationship, sql: resolver.join(raw, j.name, j.sql).sql});
    });
  }
  return cube;
}

/** `total_amount` → `Total Amount`, as the platform titles members that declare no title. */
export function titleOf(name: string): string {
  return name.split('_').filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
}
