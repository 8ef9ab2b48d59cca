// A second implementation of the data API's query semantics, for checking the query engine: it reads the model's
// YAML itself and the warehouse's tables with plain `SELECT * FROM <table>`, and joins, filters, groups and
// aggregates in TypeScript. It shares nothing with the engine or the model compiler but the model files.
//
// The semantics it implements (the platform's): a query's rows are the joined rows of the cubes it names, each join
// a LEFT JOIN along the declared joins from a root (a view's first cube, else the first cube named that reaches all
// the others); dimension filters, segments and date ranges keep rows; rows are grouped by the dimensions (a time
// dimension truncated to its granularity, ISO weeks from Monday); each measure aggregates over the DISTINCT rows of
// its own cube in the group (by primary key), so a one-to-many join never repeats the "one" side; measure filters
// keep groups; order is the query's, else the first time dimension ascending, else the first measure descending,
// ties broken by the dimensions ascending.
// It never reads a join's relationship: counting each cube's distinct rows needs none, so the engine's use of the
// relationships (which cubes a join repeats, and so which measures it computes over distinct keys) is under test.
//
// Member SQL is evaluated only in a small grammar: a bare column, `{CUBE}.col`, `{cube}.col`, `{member}`,
// `{cube.member}`, string and number literals, and one `=` or `*` between two of those. Anything else (functions,
// CASE, arithmetic over measures: `number` measures) is Unsupported, and the test leaves those members out.
import type Database from 'better-sqlite3';
import {parse} from 'yaml';
import {Unsupported, aggregate, compareSql, matcher, sqlTruthy, timeOf, truncate, valueOf, type DbRow, type Expr, type OracleRow, type Value, type Wide} from './queryOracleValues.js';

export {Unsupported, type OracleRow} from './queryOracleValues.js';

export interface OracleQuery {
  measures?: string[];
  dimensions?: string[];
  segments?: string[];
  filters?: Array<{member: string; operator: string; values?: string[]}>;
  timeDimensions?: Array<{dimension: string; granularity?: string; dateRange?: [string, string]}>;
  order?: Array<[string, 'asc' | 'desc']>;
}

/**
 * The answer before offset and limit: every row, in the query's order; `order` the keys and directions it used;
 * `inexact` the keys of sums and averages, whose last bits depend on the order the values were added in.
 */
export interface OracleAnswer {
  rows: OracleRow[];
  order: Array<[string, 'asc' | 'desc']>;
  inexact: Set<string>;
}

interface YamlMember {name: string; type?: string; sql?: string; primary_key?: boolean; filters?: Array<{sql: string}>}
interface YamlCube {name: string; sql_table?: string; sql?: string; measures?: YamlMember[]; dimensions?: YamlMember[]; segments?: YamlMember[]; joins?: YamlMember[]}
interface YamlView {name: string; cubes: Array<{join_path: string; includes: '*' | Array<string | {name: string; alias?: string}>; excludes?: string[]; prefix?: boolean}>}
interface ViewMember {cube: string; member: string}
interface View {root: string; paths: string[][]; members: Map<string, ViewMember>}
type Kind = 'measure' | 'dimension' | 'segment';
interface Member {name: string; cube: string; member: string; kind: Kind; def: YamlMember; view?: string; cubes: string[]}

const TOKEN = /\s*(?:(\{\s*[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?\s*\}(?:\.[A-Za-z_]\w*)?)|'((?:[^']|'')*)'|(-?\d+(?:\.\d+)?)|([A-Za-z_]\w*)|(=|\*))/y;

export class QueryOracle {
  private readonly cubes = new Map<string, YamlCube>();
  private readonly views = new Map<string, View>();
  private readonly tables = new Map<string, DbRow[]>();
  private readonly exprs = new Map<string, Expr>();
  private readonly joined = new Map<string, Wide[]>();

  constructor(files: ReadonlyArray<{content: string}>, private readonly db: Database.Database) {
    for (const file of files) {
      const doc = parse(file.content) as {cubes?: YamlCube[]; views?: YamlView[]};
      for (const cube of doc.cubes ?? []) this.cubes.set(cube.name, cube);
      for (const view of doc.views ?? []) this.views.set(view.name, this.view(view));
    }
  }

  /** Every member name of the model (cubes and views) with its kind and type, and whether the oracle can evaluate it. */
  members(): Array<{name: string; kind: Kind; type: string; supported: boolean}> {
    const of = (name: string) => {
      let supported = true;
      try {
        const m = this.resolve(name);
        if (m.kind === 'measure') this.measureParts(m.cube, m.def);
      } catch (e) {
        if (!(e instanceof Unsupported)) throw e;
        supported = false;
      }
      const [owner = '', member = ''] = name.split('.');
      const {cube, member: inCube} = this.views.get(owner)?.members.get(member) ?? {cube: owner, member};
      const {kind, def} = this.member(cube, inCube);
      return {name, kind, type: def.type ?? 'boolean', supported};
    };
    const all = (c: YamlCube) => [...(c.measures ?? []), ...(c.dimensions ?? []), ...(c.segments ?? [])];
    return [
      ...[...this.cubes.values()].flatMap((c) => all(c).map((m) => of(`${c.name}.${m.name}`))),
      ...[...this.views].flatMap(([view, v]) => [...v.members.keys()].map((name) => of(`${view}.${name}`))),
    ];
  }

  answer(q: OracleQuery): OracleAnswer {
    const resolved = (name: string) => this.resolve(name);
    const measures = (q.measures ?? []).map(resolved);
    const dims = (q.dimensions ?? []).map(resolved);
    const times = (q.timeDimensions ?? []).map((t) => ({...t, ...resolved(t.dimension)}));
    const segments = (q.segments ?? []).map(resolved);
    const filters = (q.filters ?? []).map((f) => ({...f, ...resolved(f.member)}));
    const havingMeasures = filters.filter((f) => f.kind === 'measure');
    const all = [...measures, ...dims, ...times, ...segments, ...filters];
    const views = new Set(all.map((m) => m.view));
    if (views.size > 1) throw new Unsupported('a query reads one view, or cubes only');
    const dimExpr = (m: Member) => this.expr(m.cube, `dimension:${m.member}`, m.def.sql!);
    const keep = this.rowFilter(times, segments, filters.filter((f) => f.kind === 'dimension'));
    const rows = this.joinedRows(all[0]?.view, [...new Set(all.flatMap((m) => m.cubes))]).filter(keep);

    const keyParts = [
      ...dims.map((d) => { const e = dimExpr(d); return (w: Wide) => valueOf(e.at(w), d.def.type!); }),
      ...times.filter((t) => t.granularity).map((t) => { const e = dimExpr(t); return (w: Wide) => truncate(timeOf(e.at(w)), t.granularity!); }),
    ];
    const allMeasures = [...new Map([...measures, ...havingMeasures].map((m) => [`${m.cube}.${m.member}`, m])).values()];
    const keyOf = new Map(allMeasures.map((m) => [m.cube, this.primaryKey(m.cube)]));
    const groups = new Map<string, {key: Value[]; rows: Map<string, Map<Value, Wide>>}>();
    for (const w of rows) {
      let id = '';
      for (const part of keyParts) {
        const v = part(w);
        id += `${typeof v === 'string' ? 's' : ''}${String(v)}\u0000`;
      }
      let group = groups.get(id);
      if (!group) groups.set(id, group = {key: keyParts.map((part) => part(w)), rows: new Map([...keyOf.keys()].map((c) => [c, new Map()]))});
      // Each cube's rows by primary key: a row the joins repeat counts once.
      for (const [cube, pk] of keyOf) if (w[cube]) group.rows.get(cube)!.set(pk.at(w), w);
    }
    if (groups.size === 0 && keyParts.length === 0) groups.set('', {key: [], rows: new Map()});

    const parts = allMeasures.map((m) => [m, this.measureParts(m.cube, m.def)] as const);
    const having = havingMeasures.map((f) => [f.name, matcher(f.operator, f.values ?? [], 'number')] as const);
    const out: OracleRow[] = [];
    for (const group of groups.values()) {
      const value = new Map(parts.map(([m, p]) => [m.name, aggregate(p, m.def.type!, group.rows.get(m.cube)?.values() ?? [])]));
      if (!having.every(([name, test]) => test(value.get(name)!))) continue;
      const row: OracleRow = {};
      for (const m of measures) row[m.name] = value.get(m.name)!;
      dims.forEach((d, i) => { row[d.name] ??= d.def.type === 'boolean' && group.key[i] !== null ? group.key[i] === 1 : group.key[i]!; });
      times.filter((t) => t.granularity).forEach((t, i) => {
        const v = group.key[dims.length + i]!;
        row[`${t.name}.${t.granularity}`] ??= v;
        row[t.name] ??= v;
      });
      out.push(row);
    }
    const timeKeys = times.filter((t) => t.granularity).map((t) => `${t.name}.${t.granularity}`);
    const order = q.order ?? (timeKeys.length > 0 ? [[timeKeys[0]!, 'asc']] : measures.length > 0 ? [[measures[0]!.name, 'desc']] : []);
    const full = [...order, ...[...dims.map((d) => d.name), ...timeKeys].filter((k) => !order.some(([o]) => o === k)).map((k): [string, 'asc'] => [k, 'asc'])];
    out.sort((a, b) => {
      for (const [key, direction] of full) {
        const c = compareSql(a[key] ?? null, b[key] ?? null);
        if (c !== 0) return direction === 'asc' ? c : -c;
      }
      return 0;
    });
    return {rows: out, order: full, inexact: new Set(measures.filter((m) => m.def.type === 'sum' || m.def.type === 'avg').map((m) => m.name))};
  }

  /** Whether a joined row is kept by the date ranges, segments and dimension filters (all of them). */
  private rowFilter(times: Array<Member & {dateRange?: [string, string]}>, segments: Member[], filters: Array<Member & {operator: string; values?: string[]}>): (w: Wide) => boolean {
    const tests = [
      ...times.filter((t) => t.dateRange).map((t) => {
        const e = this.expr(t.cube, `dimension:${t.member}`, t.def.sql!);
        const [from, to] = [`${t.dateRange![0]}T00:00:00.000`, `${t.dateRange![1]}T23:59:59.999`];
        return (w: Wide) => { const v = timeOf(e.at(w)); return v !== null && v >= from && v <= to; };
      }),
      ...segments.map((s) => { const e = this.expr(s.cube, `segment:${s.member}`, s.def.sql!); return (w: Wide) => sqlTruthy(e.at(w)); }),
      ...filters.map((f) => {
        const [e, test] = [this.expr(f.cube, `dimension:${f.member}`, f.def.sql!), matcher(f.operator, f.values ?? [], f.def.type!)];
        return (w: Wide) => test(valueOf(e.at(w), f.def.type!));
      }),
    ];
    return (w) => tests.every((test) => test(w));
  }

  /** A query's member name (`cube.member` or `view.member`), with the cubes its SQL reads, its own first. */
  private resolve(name: string): Member {
    const [owner = '', inOwner = ''] = name.split('.');
    const view = this.views.get(owner);
    const through = view?.members.get(inOwner);
    if (view && !through) throw new Unsupported(`no member "${name}"`);
    const [cube, member] = through ? [through.cube, through.member] : [owner, inOwner];
    const {kind, def} = this.member(cube, member);
    const cubes = kind === 'measure' ? [cube] : [cube, ...this.expr(cube, `${kind}:${member}`, def.sql!).cubes];
    return {name, cube, member, kind, def, cubes, ...(view && {view: owner})};
  }

  private member(cube: string, name: string): {kind: Kind; def: YamlMember} {
    const c = this.cubes.get(cube);
    if (!c) throw new Unsupported(`no cube "${cube}"`);
    for (const kind of ['measure', 'dimension', 'segment'] as const) {
      const def = c[`${kind}s`]?.find((m) => m.name === name);
      if (def) return {kind, def};
    }
    throw new Unsupported(`no member "${cube}.${name}"`);
  }

  private view(view: YamlView): View {
    const members = new Map<string, ViewMember>();
    const paths = view.cubes.map((entry) => entry.join_path.split('.'));
    for (const [i, entry] of view.cubes.entries()) {
      const path = paths[i]!;
      const cubeName = path.at(-1)!;
      const c = this.cubes.get(cubeName)!;
      const included = entry.includes === '*'
        ? [...(c.measures ?? []), ...(c.dimensions ?? []), ...(c.segments ?? [])].map((m) => ({name: m.name, alias: undefined}))
        : entry.includes.map((i) => (typeof i === 'string' ? {name: i, alias: undefined} : i));
      for (const {name, alias} of included) {
        if (entry.excludes?.includes(name)) continue;
        members.set(alias ?? (entry.prefix ? `${cubeName}_${name}` : name), {cube: cubeName, member: name});
      }
    }
    return {root: paths[0]![0]!, paths, members};
  }

  private table(cube: string): DbRow[] {
    let rows = this.tables.get(cube);
    if (!rows) {
      const c = this.cubes.get(cube)!;
      const table = c.sql_table ?? /^\s*SELECT \* FROM ([A-Za-z_]\w*)\s*$/i.exec(c.sql ?? '')?.[1];
      if (!table || !/^[A-Za-z_]\w*$/.test(table)) throw new Unsupported(`cube "${cube}" is not a plain table`);
      rows = this.db.prepare(`SELECT * FROM "${table}"`).all() as DbRow[];
      this.tables.set(cube, rows);
    }
    return rows;
  }

  private primaryKey(cube: string): Expr {
    const pk = this.cubes.get(cube)!.dimensions?.find((d) => d.primary_key);
    if (!pk) throw new Unsupported(`cube "${cube}" has no primary key`);
    return this.expr(cube, `dimension:${pk.name}`, pk.sql!);
  }

  private measureParts(cube: string, def: YamlMember): {value?: Expr; filters: Expr[]} {
    if (!['count', 'count_distinct', 'sum', 'avg', 'min', 'max'].includes(def.type!)) throw new Unsupported(`measure type ${def.type}`);
    this.primaryKey(cube);
    const own = (e: Expr): Expr => {
      if ([...e.cubes].some((c) => c !== cube)) throw new Unsupported('a measure reads another cube');
      return e;
    };
    return {
      ...(def.sql !== undefined && {value: own(this.expr(cube, `measure:${def.name}`, def.sql))}),
      filters: (def.filters ?? []).map((f, i) => own(this.expr(cube, `filter${i}:${def.name}`, f.sql))),
    };
  }

  /** Member SQL as a function of a joined row (memoised per member). */
  private expr(owner: string, id: string, sql: string): Expr {
    const key = `${owner}/${id}`;
    let e = this.exprs.get(key);
    if (!e) this.exprs.set(key, e = this.compile(owner, sql));
    return e;
  }

  private compile(owner: string, sql: string): Expr {
    this.table(owner);
    if (/^\s*[A-Za-z_]\w*\s*$/.test(sql)) return this.column(owner, sql.trim());
    const tokens: string[][] = [];
    TOKEN.lastIndex = 0;
    while (TOKEN.lastIndex < sql.length && !/^\s*$/.test(sql.slice(TOKEN.lastIndex))) {
      const m = TOKEN.exec(sql);
      if (!m) throw new Unsupported(`cannot read "${sql}"`);
      tokens.push(m.slice(1));
    }
    const operand = (t: string[] | undefined): Expr => {
      if (!t) throw new Unsupported(`cannot read "${sql}"`);
      const [ref, str, num] = t;
      if (str !== undefined) return {cubes: new Set(), at: () => str.replace(/''/g, "'")};
      if (num !== undefined) return {cubes: new Set(), at: () => Number(num)};
      if (ref === undefined) throw new Unsupported(`cannot read "${sql}"`);
      const [, inner = '', column] = /^\{\s*([^}]*?)\s*\}(?:\.(\w+))?$/.exec(ref)!;
      const [head = '', name] = inner.split('.');
      const cube = head === 'CUBE' ? owner : name !== undefined || column !== undefined ? head : owner;
      if (column !== undefined) {
        if (name !== undefined || !this.cubes.has(cube)) throw new Unsupported(`cannot read "${ref}"`);
        return this.column(cube, column);
      }
      const member = name ?? head;
      const def = this.cubes.get(cube)?.dimensions?.find((d) => d.name === member);
      if (!def) throw new Unsupported(`"${ref}" is not a dimension`);
      return this.expr(cube, `dimension:${member}`, def.sql!);
    };
    if (tokens.length === 1) return operand(tokens[0]);
    const [left, op, right] = [operand(tokens[0]), tokens[1]?.[4], operand(tokens[2])];
    if (tokens.length !== 3 || op === undefined) throw new Unsupported(`cannot read "${sql}"`);
    const cubes = new Set([...left.cubes, ...right.cubes]);
    return {cubes, at: (w) => {
      const [a, b] = [left.at(w), right.at(w)];
      if (a === null || b === null) return null;
      if (op === '*') return Number(a) * Number(b);
      return typeof a === typeof b && a === b ? 1 : 0;
    }, ...(op === '=' && {sides: [left, right] as [Expr, Expr]})};
  }

  private column(cube: string, column: string): Expr {
    const rows = this.table(cube);
    if (rows.length > 0 && !(column in rows[0]!)) throw new Unsupported(`no column ${cube}.${column}`);
    return {cubes: new Set([cube]), at: (w) => w[cube]?.[column] ?? null};
  }

  /** The joined rows of a view's paths to `cubes`, or of the cubes from the first one that reaches the others. */
  private joinedRows(viewName: string | undefined, cubes: string[]): Wide[] {
    const parents = new Map<string, string | undefined>();
    const view = viewName === undefined ? undefined : this.views.get(viewName)!;
    if (view) {
      parents.set(view.root, undefined);
      for (const cube of cubes) {
        const path = view.paths.find((p) => p.includes(cube));
        if (!path) throw new Unsupported(`no join path of the view reaches "${cube}"`);
        for (let i = 1; i <= path.indexOf(cube); i++) parents.set(path[i]!, path[i - 1]);
      }
    } else {
      const root = cubes.find((c) => cubes.every((other) => this.reach(c).has(other)));
      if (!root) throw new Unsupported(`cannot join ${cubes.join(', ')}`);
      const reached = this.reach(root);
      for (let c of cubes) for (; !parents.has(c); c = reached.get(c)!) { parents.set(c, reached.get(c)); if (reached.get(c) === undefined) break; }
    }
    const order: string[] = [];
    const visit = (c: string): void => { if (order.includes(c)) return; const p = parents.get(c); if (p) visit(p); order.push(c); };
    for (const c of parents.keys()) visit(c);
    const id = order.map((c) => `${parents.get(c) ?? ''}>${c}`).sort().join(',');
    let wide = this.joined.get(id);
    if (wide) return wide;
    wide = this.table(order[0]!).map((r) => ({[order[0]!]: r}));
    for (const child of order.slice(1)) wide = this.leftJoin(wide, parents.get(child)!, child);
    this.joined.set(id, wide);
    return wide;
  }

  /** Cubes reachable from `root` along declared joins, each to the cube it is reached from. */
  private reach(root: string): Map<string, string | undefined> {
    const reached = new Map<string, string | undefined>([[root, undefined]]);
    for (const from of reached.keys()) {
      for (const j of this.cubes.get(from)!.joins ?? []) if (!reached.has(j.name)) reached.set(j.name, from);
    }
    return reached;
  }

  private leftJoin(wide: Wide[], parent: string, child: string): Wide[] {
    const join = this.cubes.get(parent)!.joins!.find((j) => j.name === child)!;
    const sides = this.expr(parent, `join:${child}`, join.sql!).sides;
    const childSide = sides?.find((s) => s.cubes.size === 1 && s.cubes.has(child));
    const parentSide = sides?.find((s) => s !== childSide && [...s.cubes].every((c) => c !== child));
    if (!childSide || !parentSide) throw new Unsupported(`join ${parent} → ${child} is not an equality of the two sides`);
    const index = new Map<Value, DbRow[]>();
    for (const row of this.table(child)) {
      const v = childSide.at({[child]: row});
      if (v !== null) index.set(v, [...(index.get(v) ?? []), row]);
    }
    return wide.flatMap((w) => {
      const v = parentSide.at(w);
      const found = v === null ? undefined : index.get(v);
      return found ? found.map((row) => ({...w, [child]: row})) : [{...w, [child]: undefined}];
    });
  }
}
