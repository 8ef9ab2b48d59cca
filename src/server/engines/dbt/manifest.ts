// Reading a dbt manifest (target/manifest.json), whether the sync compiled it or the caller uploaded it: the
// schema version is checked first, then the enabled models with their documented columns, and the tests that
// say which column is a key (unique + not_null) and which columns point at other models (relationships).
import type {DbtSyncManifestStats} from '../../../contract/dbt.js';

export class ManifestError extends Error {}

export const SUPPORTED_SCHEMAS = {min: 7, max: 12} as const;

export interface ManifestColumn {
  name: string;
  description: string;
  dataType: string | null;
  meta: Record<string, unknown>;
}

export interface ManifestModel {
  uniqueId: string;
  name: string;
  path: string;
  description: string;
  meta: Record<string, unknown>;
  tags: string[];
  materialized: string | null;
  /** Compiled SQL when the manifest has it (dbt compile/build); `dbt parse` manifests do not. */
  compiledSql: string | null;
  /** `schema.alias` of the relation the model builds. */
  relation: string | null;
  columns: ManifestColumn[];
  primaryKey: string | null;
  relationships: Array<{column: string; toUniqueId: string; field: string}>;
}

export interface ReadManifest {
  schemaVersion: number;
  dbtVersion: string | null;
  generatedAt: string | null;
  stats: DbtSyncManifestStats;
  models: ManifestModel[];
  /** Models left out, each with why, for the sync log. */
  skipped: string[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function readManifest(manifest: unknown): ReadManifest {
  if (!isObj(manifest)) throw new ManifestError('manifest.json is not a JSON object');
  const metadata = manifest.metadata;
  const schemaUrl = isObj(metadata) ? str(metadata.dbt_schema_version) : null;
  const schemaVersion = Number(/manifest\/v(\d+)\.json$/.exec(schemaUrl ?? '')?.[1] ?? NaN);
  if (!Number.isInteger(schemaVersion)) {
    throw new ManifestError('this is not a dbt manifest: metadata.dbt_schema_version is missing (expected https://schemas.getdbt.com/dbt/manifest/v12.json or similar)');
  }
  const dbtVersion = isObj(metadata) ? str(metadata.dbt_version) : null;
  if (schemaVersion < SUPPORTED_SCHEMAS.min || schemaVersion > SUPPORTED_SCHEMAS.max) {
    throw new ManifestError(
      `unsupported manifest schema v${schemaVersion}${dbtVersion ? ` written by dbt ${dbtVersion}` : ''}: dbt sync reads manifests ` +
        `v${SUPPORTED_SCHEMAS.min} to v${SUPPORTED_SCHEMAS.max} (dbt 1.3 to 1.8). Upgrade dbt in the project (require-dbt-version) and sync again`,
    );
  }
  const {nodes, sources = {}, macros = {}} = manifest;
  if (!isObj(nodes)) throw new ManifestError('manifest.json has no "nodes" object');
  if (!isObj(sources) || !isObj(macros)) throw new ManifestError('manifest.json: "sources" and "macros" must be objects');
  const entries = Object.entries(nodes).filter((e): e is [string, Obj] => isObj(e[1]));
  const modelNodes = entries.filter(([, n]) => n.resource_type === 'model' && !(isObj(n.config) && n.config.enabled === false));
  const tests = entries.filter(([, n]) => n.resource_type === 'test').map(([, n]) => n);
  const skipped: string[] = [];
  const models: ManifestModel[] = [];
  for (const [id, node] of modelNodes) {
    const model = readModel(id, node, tests);
    if (!IDENTIFIER.test(model.name)) skipped.push(`${id}: "${model.name}" is not a valid cube name`);
    else if (model.columns.length === 0) skipped.push(`${id}: no documented columns, so no dimensions (document them in a schema.yml)`);
    else models.push(model);
  }
  if (models.length === 0) {
    throw new ManifestError(
      `the manifest holds no enabled model with documented columns (${modelNodes.length} model(s) found); ` +
        'document the columns of the models to sync in schema.yml files',
    );
  }
  return {
    schemaVersion,
    dbtVersion,
    generatedAt: isObj(metadata) ? str(metadata.generated_at) : null,
    stats: {models: modelNodes.length, sources: Object.keys(sources).length, macros: Object.keys(macros).length},
    models: models.sort((a, b) => a.name.localeCompare(b.name)),
    skipped,
  };
}

function readModel(id: string, node: Obj, tests: Obj[]): ManifestModel {
  const config = isObj(node.config) ? node.config : {};
  const columns: ManifestColumn[] = isObj(node.columns)
    ? Object.entries(node.columns).filter((e): e is [string, Obj] => isObj(e[1])).map(([key, c]) => ({
        name: str(c.name) ?? key,
        description: str(c.description) ?? '',
        dataType: str(c.data_type),
        meta: isObj(c.meta) ? c.meta : {},
      }))
    : [];
  const mine = tests.filter((t) => attachedTo(t) === id);
  const testsOn = (column: string, name: string) => mine.filter((t) => t.column_name === column && testName(t) === name);
  const primaryKey = columns.find((c) => testsOn(c.name, 'unique').length > 0 && testsOn(c.name, 'not_null').length > 0)?.name ?? null;
  const relationships = mine.filter((t) => testName(t) === 'relationships').flatMap((t) => {
    const kwargs = isObj(t.test_metadata) && isObj(t.test_metadata.kwargs) ? t.test_metadata.kwargs : {};
    const target = /ref\(\s*['"]([^'"]+)['"]\s*\)/.exec(str(kwargs.to) ?? '')?.[1];
    const field = str(kwargs.field);
    const column = str(t.column_name);
    const toUniqueId = (Array.isArray((t.depends_on as Obj | undefined)?.nodes) ? ((t.depends_on as Obj).nodes as unknown[]) : [])
      .map(String).find((n) => n !== id && n.endsWith(`.${target}`));
    return target && field && column && toUniqueId ? [{column, toUniqueId, field}] : [];
  });
  const schema = str(node.schema);
  const alias = str(node.alias) ?? str(node.name);
  return {
    uniqueId: id,
    name: str(node.name) ?? id.split('.').at(-1)!,
    path: str(node.original_file_path) ?? '',
    description: str(node.description) ?? '',
    meta: isObj(node.meta) ? node.meta : isObj(config.meta) ? config.meta : {},
    tags: Array.isArray(node.tags) ? node.tags.map(String) : [],
    materialized: str(config.materialized),
    compiledSql: str(node.compiled_code) ?? str(node.compiled_sql),
    relation: schema && alias && config.materialized !== 'ephemeral' ? `${schema}.${alias}` : null,
    columns,
    primaryKey,
    relationships,
  };
}

/** Manifests v10+ name the node a test is attached to; older ones list it first in depends_on. */
function attachedTo(test: Obj): string | undefined {
  if (typeof test.attached_node === 'string') return test.attached_node;
  const deps = isObj(test.depends_on) && Array.isArray(test.depends_on.nodes) ? test.depends_on.nodes : [];
  return typeof deps[0] === 'string' ? deps[0] : undefined;
}

function testName(test: Obj): string | undefined {
  return isObj(test.test_metadata) ? str(test.test_metadata.name) ?? undefined : undefined;
}
