// Databricks Metric View publication: converts the views of a compiled data model into Databricks metric view YAML,
// offline (nothing is sent to Databricks). Per view: its root cube is the metric view's `source`, each cube on its
// join paths a (nested) join, its dimensions and measures the metric view's, their SQL rewritten from the cube
// aliases to `source` and the join names. What cannot be carried over faithfully blocks that view with an issue
// instead of being guessed: access policies (`meta.tenants`), a cube defined by a SQL query, a one-to-many join
// (fan-out), a join that is not an equality of two columns, and a table name that does not resolve to
// catalog.schema.table (a two-part schema.table is qualified with the data source's catalog).
import {createHash} from 'node:crypto';
import {stringify} from 'yaml';
import type {MetricViewIssue, MetricViewResult} from '../../contract/exports.js';
import type {CompiledCube, CompiledModel, CompiledView} from './compiler/types.js';

export interface ConversionInput {
  dataSourceName: string;
  /** `CUBEJS_DB_DATABRICKS_CATALOG` of the data source, if set. */
  catalog: string | undefined;
  targetNames: Record<string, string>;
  sourceOverrides: Record<string, string>;
}

const issueOf = (code: string, stage: MetricViewIssue['stage'], message: string, element?: string, severity: MetricViewIssue['severity'] = 'ERROR'): MetricViewIssue => ({
  code,
  severity,
  stage,
  message,
  element: element ?? null,
});

/**
 * The view names a selection picks: `all`, the `selected` ones as named, or those matching `pattern` (literals, ^,
 * $, `.` and one `.*`: anything else throws, naming what is not supported).
 */
export function selectViews(model: CompiledModel, mode: 'all' | 'selected' | 'pattern', names: readonly string[] | null | undefined, pattern: string | null | undefined): string[] {
  const all = [...model.views.keys()].sort();
  if (mode === 'all') return all;
  if (mode === 'selected') return [...new Set(names ?? [])];
  const re = safePattern(pattern ?? '');
  return all.filter((n) => re.test(n));
}

/** THE check of the safe regex subset: literals, ^ and $ at the ends, `.`, and at most one `.*`. */
export function safePattern(pattern: string): RegExp {
  const body = pattern.replace(/^\^/, '').replace(/\$$/, '');
  if (/[()[\]{}|+?\\]/.test(body) || body.includes('^') || body.includes('$')) {
    throw new Error('viewNameRegex supports literals, ^, $, . and one .* only (no grouping, alternation, classes, quantifiers or escapes)');
  }
  if ((body.match(/\.\*/g) ?? []).length > 1 || /(?<!\.)\*/.test(body)) throw new Error('viewNameRegex may use one .* wildcard and no other *');
  return new RegExp(pattern);
}

/** `"a"."b"` or `"b"` → its parts; a subquery → undefined. */
function tableParts(source: string): string[] | undefined {
  if (!/^"[^"]+"(\."[^"]+")*$/.test(source)) return undefined;
  return source.split('.').map((p) => p.slice(1, -1));
}

interface Resolved {
  resolved?: string;
  issue?: MetricViewIssue;
}

function resolveSource(cube: CompiledCube, catalog: string | undefined): Resolved {
  const parts = tableParts(cube.source);
  if (!parts) return {issue: issueOf('UNSUPPORTED_SOURCE', 'INPUT', `cube ${cube.name} is defined by a SQL query; a metric view needs a table: give the cube sql_table: schema.table`, cube.name)};
  if (parts.length === 1) return {issue: issueOf('UNQUALIFIED_SOURCE', 'INPUT', `cube ${cube.name} reads table ${parts[0]} without a schema: write sql_table as schema.table`, cube.name)};
  if (parts.length === 2 && !catalog) {
    return {issue: issueOf('MISSING_CATALOG', 'INPUT', `cube ${cube.name} reads ${parts.join('.')}: set CUBEJS_DB_DATABRICKS_CATALOG for the data source to qualify schema.table sources`, cube.name)};
  }
  return {resolved: (parts.length === 2 ? [catalog!, ...parts] : parts).join('.')};
}

/** The SQL of a member with each cube alias replaced by its place in the metric view (`source`, or the join path). */
function rewrite(sql: string, aliases: ReadonlyMap<string, string>): string {
  return sql.replace(/"([^"]+)"(\.)?("([^"]+)")?/g, (whole, name: string, dot: string | undefined, _q, column: string | undefined) => {
    const alias = aliases.get(name);
    if (alias === undefined) return column ? `\`${name}\`.${column}` : `\`${name}\``;
    return dot && column ? `${alias}.${column}` : dot ? `${alias}.` : alias;
  });
}

const EQUI_JOIN = /^"[^"]+"\.("[^"]+"|\w+) = \(?"[^"]+"\.("[^"]+"|\w+)\)?$/;

/** One view's conversion result. */
export function convertView(model: CompiledModel, viewName: string, input: ConversionInput): MetricViewResult {
  const metricViewName = input.targetNames[viewName] ?? viewName;
  const failed = (issues: MetricViewIssue[], datasetSources: MetricViewResult['datasetSources'] = []): MetricViewResult => ({
    cubeViewName: viewName,
    metricViewName,
    outcome: 'failed',
    eligibleForPublication: false,
    issues,
    datasetSources,
    counts: {dimensions: 0, measures: 0, joins: 0, warnings: issues.filter((i) => i.severity === 'WARNING').length, errors: issues.filter((i) => i.severity === 'ERROR').length},
    source: null,
    metricViewYaml: null,
    metricViewSha256: null,
  });
  const view: CompiledView | undefined = model.views.get(viewName);
  if (!view) return failed([issueOf('VIEW_NOT_FOUND', 'INPUT', `the data model has no view ${viewName}`, viewName)]);

  const issues: MetricViewIssue[] = [];
  const override = input.sourceOverrides[viewName];
  if (override !== undefined && override !== view.root) {
    issues.push(issueOf('SOURCE_OVERRIDE_UNSUPPORTED', 'VIEW_PROJECTION', `view ${viewName} projects from ${view.root}; re-rooting it at ${override} is not supported`, viewName));
  }
  const cubeNames = [...new Set(view.joinPaths.flat())];
  const cubes = cubeNames.map((n) => model.cubes.get(n)!);
  for (const cube of cubes) {
    if (cube.tenants || view.tenants) {
      issues.push(issueOf('ACCESS_POLICY', 'INPUT', `${cube.tenants ? `cube ${cube.name}` : `view ${viewName}`} is limited to tenants (meta.tenants); access policies are not converted`, cube.tenants ? cube.name : viewName));
      break;
    }
  }
  const datasetSources: MetricViewResult['datasetSources'] = [];
  for (const cube of cubes) {
    const r = resolveSource(cube, input.catalog);
    if (r.issue) issues.push(r.issue);
    datasetSources.push({dataset: cube.name, dataSource: input.dataSourceName, originalSource: cube.source.replaceAll('"', ''), resolvedSource: r.resolved ?? ''});
  }

  // The join tree: every path from the root, each step a many-to-one (or one-to-one) equality join.
  const aliases = new Map<string, string>([[view.root, 'source']]);
  interface JoinNode {
    name: string;
    source: string;
    on: string;
    joins: JoinNode[];
  }
  const tree: JoinNode[] = [];
  const nodes = new Map<string, JoinNode>();
  for (const path of view.joinPaths) {
    for (let i = 1; i < path.length; i++) {
      const from = path[i - 1]!;
      const to = path[i]!;
      const key = path.slice(0, i + 1).join('.');
      if (nodes.has(key)) continue;
      const join = model.cubes.get(from)!.joins.get(to);
      if (!join) continue;
      if (join.relationship === 'one_to_many') {
        issues.push(issueOf('UNSAFE_FANOUT', 'VIEW_PROJECTION', `the join ${from} → ${to} is one-to-many: measures would fan out; a metric view joins many-to-one only`, key));
      }
      if (!EQUI_JOIN.test(join.sql.trim())) issues.push(issueOf('UNSUPPORTED_JOIN', 'VIEW_PROJECTION', `the join ${from} → ${to} is not an equality of two columns: ${join.sql}`, key));
      const alias = path.slice(1, i + 1).join('.');
      aliases.set(to, alias);
      const node: JoinNode = {name: to, source: datasetSources.find((d) => d.dataset === to)?.resolvedSource ?? '', on: join.sql, joins: []};
      nodes.set(key, node);
      (i === 1 ? tree : nodes.get(path.slice(0, i).join('.'))!.joins).push(node);
    }
  }
  const fixOn = (n: JoinNode): Record<string, unknown> => ({name: n.name, source: n.source, on: rewrite(n.on, aliases), ...(n.joins.length ? {joins: n.joins.map(fixOn)} : {})});

  const dimensions: Array<{name: string; expr: string}> = [];
  const measures: Array<{name: string; expr: string}> = [];
  for (const m of view.members.values()) {
    const cube = model.cubes.get(m.cube)!;
    if (m.kind === 'dimension') dimensions.push({name: m.name, expr: rewrite(cube.dimensions.get(m.member)!.sql, aliases)});
    else if (m.kind === 'measure') measures.push({name: m.name, expr: rewrite(cube.measures.get(m.member)!.sql, aliases)});
    else issues.push(issueOf('SEGMENT_SKIPPED', 'OSSIE_TO_DATABRICKS', `segment ${m.name} has no metric view counterpart and is left out`, m.name, 'WARNING'));
  }
  if (issues.some((i) => i.severity === 'ERROR')) return failed(issues, datasetSources);

  const root = datasetSources.find((d) => d.dataset === view.root)!.resolvedSource;
  const doc = {version: 0.1, source: root, ...(tree.length ? {joins: tree.map(fixOn)} : {}), dimensions, measures};
  const yaml = stringify(doc);
  return {
    cubeViewName: viewName,
    metricViewName,
    outcome: 'success',
    eligibleForPublication: true,
    issues,
    datasetSources,
    counts: {dimensions: dimensions.length, measures: measures.length, joins: nodes.size, warnings: issues.length, errors: 0},
    source: root,
    metricViewYaml: yaml,
    metricViewSha256: createHash('sha256').update(yaml).digest('hex'),
  };
}

/** The overall outcome: every view converted, some, or none. */
export function outcomeOf(views: readonly MetricViewResult[]): 'success' | 'partial' | 'failed' {
  const ok = views.filter((v) => v.outcome === 'success').length;
  return ok > 0 && ok === views.length ? 'success' : ok > 0 ? 'partial' : 'failed';
}
