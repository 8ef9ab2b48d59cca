// `dbt compile` for the bundled sample project: resolves `ref`, `source` and `config` in each model, inlines
// ephemeral models as CTEs the way dbt does, and writes the manifest (target/manifest.json) in the schema
// version the project's dbt release writes. Failures carry dbt's own wording so the sync log reads like dbt.
import {createHash} from 'node:crypto';
import type {DbtModelDef, DbtProject, DbtTest} from './project.js';

export class DbtCompileError extends Error {}

export type Manifest = Record<string, unknown>;

const JINJA = /\{\{\s*(.*?)\s*\}\}/g;
const BUILTIN_MACROS = [
  'run_query', 'statement', 'ref', 'source', 'config', 'is_incremental', 'create_table_as', 'create_view_as',
  'get_columns_in_relation', 'alter_column_type', 'drop_relation', 'truncate_relation', 'rename_relation',
  'current_timestamp', 'dateadd', 'datediff', 'date_trunc', 'safe_cast', 'type_string', 'type_timestamp',
  'type_numeric', 'type_int', 'hash', 'concat', 'split_part', 'listagg', 'default__test_unique',
  'default__test_not_null', 'default__test_accepted_values', 'default__test_relationships', 'get_where_subquery',
  'generate_alias_name', 'generate_database_name', 'materialization_view_default', 'materialization_table_default',
  'materialization_incremental_default', 'materialization_seed_default', 'materialization_snapshot_default',
  'materialization_test_default',
];
const UTILS_MACROS = ['star', 'surrogate_key', 'generate_surrogate_key', 'date_spine', 'pivot', 'unpivot', 'union_relations', 'get_column_values', 'deduplicate', 'safe_add'];

/** Manifest schema written by each dbt minor release (dbt 1.3 renamed raw_sql/compiled_sql to *_code). */
export function manifestSchemaVersion(dbtVersion: string): number {
  const minor = Number(/^1\.(\d+)/.exec(dbtVersion)?.[1] ?? 8);
  return ({0: 4, 1: 5, 2: 6, 3: 7, 4: 8, 5: 9, 6: 10, 7: 11} as Record<number, number>)[minor] ?? 12;
}

interface Parsed {
  model: DbtModelDef;
  id: string;
  materialized: string;
  refs: string[];
  sources: Array<[string, string]>;
}

export function compileProject(project: DbtProject, meta: {generatedAt: string; invocationId: string}): Manifest {
  const parsed = new Map<string, Parsed>();
  for (const model of project.models) parsed.set(model.name, parseModel(project, model));
  for (const p of parsed.values()) {
    for (const ref of p.refs) {
      if (!parsed.has(ref)) {
        throw new DbtCompileError(
          `Compilation Error\n  Model '${p.id}' (${p.model.path}) depends on a node named '${ref}' which was not found`,
        );
      }
    }
    for (const [source, table] of p.sources) {
      if (!project.sources.some((s) => s.source === source && s.table === table)) {
        throw new DbtCompileError(`Compilation Error\n  Model '${p.id}' (${p.model.path}) depends on a source named '${source}.${table}' which was not found`);
      }
    }
  }
  const order = topologicalOrder(parsed);
  const schema = manifestSchemaVersion(project.dbtVersion);
  const codeKey = schema >= 7 ? 'code' : 'sql';
  const nodes: Record<string, unknown> = {};
  const bodies = new Map<string, string>();
  for (const name of order) {
    const p = parsed.get(name)!;
    const body = render(p.model.sql, project, parsed);
    bodies.set(name, body);
    const ctes = ephemeralAncestors(name, parsed).map((dep) => `__dbt__cte__${dep} as (\n${bodies.get(dep)!}\n)`);
    const code = ctes.length > 0 ? `with ${ctes.join(',\n')}\n${body}` : body;
    nodes[p.id] = modelNode(project, p, {[`raw_${codeKey}`]: p.model.sql, [`compiled_${codeKey}`]: code});
    Object.assign(nodes, testNodes(project, p, schema));
  }
  const sources = Object.fromEntries(project.sources.map((s) => {
    const id = `source.${project.name}.${s.source}.${s.table}`;
    return [id, {unique_id: id, resource_type: 'source', source_name: s.source, name: s.table, schema: s.schema, identifier: s.table,
      relation_name: `"${s.schema}"."${s.table}"`, description: s.description,
      columns: Object.fromEntries(s.columns.map((c) => [c.name, {name: c.name, description: c.description, meta: {}, tags: []}]))}];
  }));
  const macroNames = [
    ...project.macros.map((m) => `macro.${project.name}.${m}`),
    ...BUILTIN_MACROS.map((m) => `macro.dbt.${m}`),
    ...BUILTIN_MACROS.map((m) => `macro.dbt_sqlite.sqlite__${m}`),
    ...(project.packages.some((p) => p.startsWith('dbt-labs/dbt_utils')) ? UTILS_MACROS.map((m) => `macro.dbt_utils.${m}`) : []),
  ];
  const macros = Object.fromEntries(macroNames.map((id) => [id, {unique_id: id, name: id.split('.').at(-1), package_name: id.split('.')[1], resource_type: 'macro'}]));
  return {
    metadata: {
      dbt_schema_version: `https://schemas.getdbt.com/dbt/manifest/v${schema}.json`,
      dbt_version: project.dbtVersion,
      generated_at: meta.generatedAt,
      invocation_id: meta.invocationId,
      project_name: project.name,
      adapter_type: 'sqlite',
    },
    nodes, sources, macros, exposures: {}, metrics: {}, docs: {},
  };
}

function parseModel(project: DbtProject, model: DbtModelDef): Parsed {
  const id = `model.${project.name}.${model.name}`;
  const p: Parsed = {model, id, materialized: 'view', refs: [], sources: []};
  for (const [, expr] of model.sql.matchAll(JINJA)) {
    const call = /^(ref|source|config)\((.*)\)$/.exec(expr!);
    if (!call) {
      const name = /^[A-Za-z_]\w*/.exec(expr!)?.[0] ?? expr;
      throw new DbtCompileError(`Compilation Error in model ${model.name} (${model.path})\n  '${name}' is undefined. This can happen when calling a macro that does not exist.`);
    }
    const args = [...call[2]!.matchAll(/(\w+\s*=\s*)?'([^']*)'/g)].map((m) => m[2]!);
    if (call[1] === 'ref') p.refs.push(args[0]!);
    else if (call[1] === 'source') p.sources.push([args[0]!, args[1]!]);
    else p.materialized = /materialized\s*=\s*'([^']+)'/.exec(call[2]!)?.[1] ?? p.materialized;
  }
  return p;
}

function render(sql: string, project: DbtProject, parsed: Map<string, Parsed>): string {
  return sql.replace(JINJA, (_, expr: string) => {
    const args = [...expr.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
    if (expr.startsWith('config(')) return '';
    if (expr.startsWith('source(')) {
      const s = project.sources.find((x) => x.source === args[0] && x.table === args[1])!;
      return `"${s.schema}"."${s.table}"`;
    }
    const target = parsed.get(args[0]!)!;
    return target.materialized === 'ephemeral' ? `__dbt__cte__${target.model.name}` : `"dbt_prod"."${target.model.name}"`;
  }).replace(/^\s*\n/, '');
}

function topologicalOrder(parsed: Map<string, Parsed>): string[] {
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]): void => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      const cycle = [...path.slice(path.indexOf(name)), name].map((n) => parsed.get(n)!.id);
      throw new DbtCompileError(`Found a cycle: ${cycle.join(' --> ')}`);
    }
    state.set(name, 'visiting');
    for (const ref of parsed.get(name)!.refs) visit(ref, [...path, name]);
    state.set(name, 'done');
    order.push(name);
  };
  for (const name of parsed.keys()) visit(name, []);
  return order;
}

/** Ephemeral models a model reads, directly or through other ephemeral models, dependencies first. */
function ephemeralAncestors(name: string, parsed: Map<string, Parsed>): string[] {
  const out: string[] = [];
  const walk = (n: string): void => {
    for (const ref of parsed.get(n)!.refs) {
      const dep = parsed.get(ref)!;
      if (dep.materialized !== 'ephemeral' || out.includes(ref)) continue;
      walk(ref);
      out.push(ref);
    }
  };
  walk(name);
  return out;
}

function modelNode(project: DbtProject, p: Parsed, code: Record<string, string>): Record<string, unknown> {
  const m = p.model;
  return {
    unique_id: p.id, resource_type: 'model', name: m.name, package_name: project.name, path: m.path.replace(/^models\//, ''),
    original_file_path: m.path, database: 'analytics', schema: 'dbt_prod', alias: m.name,
    relation_name: p.materialized === 'ephemeral' ? null : `"dbt_prod"."${m.name}"`,
    description: m.description, meta: m.meta ?? {}, tags: m.tags ?? [],
    config: {enabled: true, materialized: p.materialized, meta: m.meta ?? {}, tags: m.tags ?? []},
    columns: Object.fromEntries(m.columns.map((c) => [c.name, {name: c.name, description: c.description, data_type: c.dataType, meta: c.meta ?? {}, tags: []}])),
    depends_on: {nodes: [...p.refs.map((r) => `model.${project.name}.${r}`), ...p.sources.map(([s, t]) => `source.${project.name}.${s}.${t}`)], macros: []},
    ...code, compiled: true,
  };
}

function testNodes(project: DbtProject, p: Parsed, schema: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of p.model.columns) {
    for (const test of column.tests ?? []) {
      const {name, kwargs, deps} = describeTest(project, test);
      const hash = createHash('md5').update(`${p.id}.${column.name}.${name}.${JSON.stringify(kwargs)}`).digest('hex').slice(0, 10);
      const id = `test.${project.name}.${name}_${p.model.name}_${column.name}.${hash}`;
      out[id] = {
        unique_id: id, resource_type: 'test', name: `${name}_${p.model.name}_${column.name}`, package_name: project.name,
        column_name: column.name, test_metadata: {name, kwargs: {column_name: column.name, model: `{{ get_where_subquery(ref('${p.model.name}')) }}`, ...kwargs}},
        depends_on: {nodes: [p.id, ...deps], macros: [`macro.dbt.test_${name}`]},
        ...(schema >= 10 && {attached_node: p.id}),
      };
    }
  }
  return out;
}

function describeTest(project: DbtProject, test: DbtTest) {
  if (typeof test === 'string') return {name: test, kwargs: {}, deps: [] as string[]};
  if ('relationships' in test) {
    const target = /ref\('([^']+)'\)/.exec(test.relationships.to)?.[1] ?? '';
    return {name: 'relationships', kwargs: {to: test.relationships.to, field: test.relationships.field}, deps: [`model.${project.name}.${target}`]};
  }
  return {name: 'accepted_values', kwargs: {values: test.accepted_values.values}, deps: [] as string[]};
}
