// Reads one cube definition node: required fields, allowed types and member names, duplicate members.
import {DIMENSION_TYPES, MEASURE_TYPES, RELATIONSHIP_ALIASES, type DimensionType, type MeasureType} from './types.js';
import type {RawCube, RawDimension, RawJoin, RawMeasure, RawSegment} from './raw.js';
import {parseTenants} from './tenants.js';
import {FileContext, IDENTIFIER, fieldsOf, mapEntries, scalarBoolean, scalarText, seqItems} from './yamlNodes.js';

// Properties the real platform accepts on cubes and members; the local compiler reads the ones that affect
// queries and tolerates the rest, so models written for the platform still validate.
const CUBE_FIELDS = ['name', 'sql_table', 'sql', 'measures', 'dimensions', 'joins', 'segments', 'title', 'description',
  'public', 'shown', 'meta', 'pre_aggregations', 'refresh_key', 'data_source', 'sql_alias', 'hierarchies'];
const MEMBER_COMMON = ['name', 'type', 'sql', 'title', 'description', 'public', 'shown', 'meta', 'format'];
const MEASURE_FIELDS = [...MEMBER_COMMON, 'filters', 'drill_members', 'rolling_window'];
const DIMENSION_FIELDS = [...MEMBER_COMMON, 'primary_key', 'case', 'sub_query', 'propagate_filters_to_sub_query'];
const JOIN_FIELDS = ['name', 'relationship', 'sql'];
const SEGMENT_FIELDS = ['name', 'sql', 'title', 'description', 'public', 'meta'];

export function parseCube(ctx: FileContext, node: unknown): RawCube | undefined {
  const entries = mapEntries(ctx, node, 'each item of "cubes"');
  if (!entries) return undefined;
  const f = fieldsOf(ctx, entries, CUBE_FIELDS, 'cube');
  const name = requiredName(ctx, f, node, 'cube');
  if (!name) return undefined;
  // The query engine names its own intermediate results __g0, __keys, …; cubes must not shadow them.
  if (name.startsWith('__')) return void ctx.error(f.get('name')?.value, `cube name "${name}" is reserved: names starting with __ are used internally`);
  const where = `cube "${name}"`;
  const cube: RawCube = {name, file: ctx.file, line: ctx.line(node), measures: [], dimensions: [], segments: [], joins: []};
  const tenants = parseTenants(ctx, f.get('meta')?.value, where);
  if (tenants) cube.tenants = tenants;
  const sqlTable = f.get('sql_table');
  const sql = f.get('sql');
  if (sqlTable && sql) ctx.error(sql.keyNode, `${where}: define either "sql_table" or "sql", not both`);
  else if (!sqlTable && !sql) ctx.error(node, `${where}: "sql_table" or "sql" is required`);
  if (sqlTable) {
    const table = scalarText(sqlTable.value);
    if (table === undefined || !/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/.test(table)) {
      ctx.error(sqlTable.value, `${where}: "sql_table" must be a table name such as orders or public.orders`);
    } else cube.sqlTable = table;
  }
  if (sql) {
    const text = scalarText(sql.value);
    if (!text?.trim()) ctx.error(sql.value, `${where}: "sql" must be a non-empty SQL query`);
    else cube.sql = text;
  }
  const seen = new Map<string, string>();
  const members = <T extends {name: string}>(key: string, parse: (n: unknown) => T | undefined, into: T[]): void => {
    const items = seqItems(ctx, f.get(key)?.value, `${where}: "${key}"`);
    for (const item of items ?? []) {
      const member = parse(item);
      if (!member) continue;
      const memberName = member.name;
      const earlier = key === 'joins' ? undefined : seen.get(memberName);
      if (earlier) ctx.error(item, `${where}: member "${memberName}" is defined twice (as a ${earlier} and a ${singular(key)})`);
      else {
        if (key !== 'joins') seen.set(memberName, singular(key));
        into.push(member);
      }
    }
  };
  members('measures', (n) => parseMeasure(ctx, n, where), cube.measures);
  members('dimensions', (n) => parseDimension(ctx, n, where), cube.dimensions);
  members('segments', (n) => parseSegment(ctx, n, where), cube.segments);
  const joined = new Set<string>();
  members('joins', (n) => {
    const join = parseJoin(ctx, n, where);
    if (join && joined.has(join.name)) {
      ctx.error(n, `${where}: join to "${join.name}" is defined twice`);
      return undefined;
    }
    if (join) joined.add(join.name);
    return join;
  }, cube.joins);
  return cube;
}

const singular = (key: string): string => key.slice(0, -1);

function requiredName(ctx: FileContext, f: Map<string, {value: unknown}>, node: unknown, what: string): string | undefined {
  const entry = f.get('name');
  const name = scalarText(entry?.value);
  if (name === undefined) {
    ctx.error(node, `${what}: "name" is required`);
    return undefined;
  }
  if (!IDENTIFIER.test(name)) {
    ctx.error(entry?.value, `${what} name "${name}" must start with a letter or _ and contain only letters, digits and _`);
    return undefined;
  }
  return name;
}

function memberHead(ctx: FileContext, node: unknown, where: string, kind: string, allowed: string[]) {
  const entries = mapEntries(ctx, node, `${where}: each ${kind}`);
  if (!entries) return undefined;
  const f = fieldsOf(ctx, entries, allowed, `${where}: ${kind}`);
  const name = requiredName(ctx, f, node, `${where}: ${kind}`);
  return name ? {f, name, what: `${where}: ${kind} "${name}"`} : undefined;
}

function parseMeasure(ctx: FileContext, node: unknown, where: string): RawMeasure | undefined {
  const head = memberHead(ctx, node, where, 'measure', MEASURE_FIELDS);
  if (!head) return undefined;
  const {f, name, what} = head;
  const type = scalarText(f.get('type')?.value);
  if (type === undefined) return void ctx.error(node, `${what}: "type" is required`);
  if (!(MEASURE_TYPES as readonly string[]).includes(type)) {
    return void ctx.error(f.get('type')?.value, `${what}: unknown type "${type}" (expected one of ${MEASURE_TYPES.join(', ')})`);
  }
  const sql = scalarText(f.get('sql')?.value);
  if (sql === undefined && type !== 'count') return void ctx.error(node, `${what}: "sql" is required for type ${type}`);
  const filters: string[] = [];
  for (const item of seqItems(ctx, f.get('filters')?.value, `${what}: "filters"`) ?? []) {
    const fields = mapEntries(ctx, item, `${what}: each filter`);
    const condition = fields ? scalarText(fields.find((e) => e.key === 'sql')?.value) : undefined;
    if (condition === undefined) ctx.error(item, `${what}: each filter needs "sql"`);
    else filters.push(condition);
  }
  return {name, type: type as MeasureType, sql, filters, title: scalarText(f.get('title')?.value), line: ctx.line(node)};
}

function parseDimension(ctx: FileContext, node: unknown, where: string): RawDimension | undefined {
  const head = memberHead(ctx, node, where, 'dimension', DIMENSION_FIELDS);
  if (!head) return undefined;
  const {f, name, what} = head;
  const type = scalarText(f.get('type')?.value);
  if (type === undefined) return void ctx.error(node, `${what}: "type" is required`);
  if (!(DIMENSION_TYPES as readonly string[]).includes(type)) {
    return void ctx.error(f.get('type')?.value, `${what}: unknown type "${type}" (expected one of ${DIMENSION_TYPES.join(', ')})`);
  }
  const sql = scalarText(f.get('sql')?.value);
  if (sql === undefined) return void ctx.error(node, `${what}: "sql" is required`);
  const pk = f.get('primary_key');
  const primaryKey = pk ? scalarBoolean(pk.value) : false;
  if (primaryKey === undefined) return void ctx.error(pk?.value, `${what}: "primary_key" must be true or false`);
  return {name, type: type as DimensionType, sql, primaryKey, title: scalarText(f.get('title')?.value), line: ctx.line(node)};
}

function parseSegment(ctx: FileContext, node: unknown, where: string): RawSegment | undefined {
  const head = memberHead(ctx, node, where, 'segment', SEGMENT_FIELDS);
  if (!head) return undefined;
  const sql = scalarText(head.f.get('sql')?.value);
  if (sql === undefined) return void ctx.error(node, `${head.what}: "sql" is required`);
  return {name: head.name, sql, line: ctx.line(node)};
}

function parseJoin(ctx: FileContext, node: unknown, where: string): RawJoin | undefined {
  const head = memberHead(ctx, node, where, 'join', JOIN_FIELDS);
  if (!head) return undefined;
  const {f, name, what} = head;
  const relationship = scalarText(f.get('relationship')?.value);
  if (relationship === undefined) return void ctx.error(node, `${what}: "relationship" is required`);
  const canonical = RELATIONSHIP_ALIASES[relationship];
  if (!canonical) {
    return void ctx.error(f.get('relationship')?.value,
      `${what}: unknown relationship "${relationship}" (expected one of ${Object.keys(RELATIONSHIP_ALIASES).join(', ')})`);
  }
  const sql = scalarText(f.get('sql')?.value);
  if (sql === undefined) return void ctx.error(node, `${what}: "sql" is required`);
  return {name, relationship: canonical, sql, line: ctx.line(node)};
}
