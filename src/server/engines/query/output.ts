// Turns SQL rows into the platform's result rows (keyed by member name, typed by member type) and annotation.
import type {MemberAnnotation, Row} from './types.js';
import type {ResolvedDimension, ResolvedMeasure, ResolvedSegment} from './members.js';

export interface OutputColumn {
  alias: string;
  /** Result keys this column fills; empty for hidden columns (measures only filtered on) and segments. */
  keys: string[];
  member: ResolvedMeasure | ResolvedDimension | ResolvedSegment;
  kind: 'measure' | 'dimension' | 'timeDimension' | 'segment';
  granularity?: string;
}

/** Sums of decimals pick up binary noise (189944.61000000002); 15 significant digits is what a double holds. */
const decimal = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) ? n : Number(n.toPrecision(15));
};

function typed(value: unknown, column: OutputColumn): Row[string] {
  if (value === null || value === undefined) return null;
  const member = column.member;
  if (member.kind === 'measure') return decimal(value);
  if (member.kind !== 'dimension') return String(value);
  switch (member.type) {
    case 'number': return decimal(value);
    case 'boolean': return value === 1 || value === true || value === '1' || value === 'true';
    default: return String(value);
  }
}

export function shapeRows(rows: Array<Record<string, unknown>>, outputs: OutputColumn[]): Row[] {
  const visible = outputs.filter((o) => o.keys.length > 0);
  return rows.map((row) => {
    const out: Row = {};
    for (const column of visible) {
      const value = typed(row[column.alias], column);
      // A time dimension also answers under its bare name unless the query lists that name as a dimension.
      for (const key of column.keys) if (!(key in out)) out[key] = value;
    }
    return out;
  });
}

export function annotate(outputs: OutputColumn[]) {
  const annotation = {
    measures: {} as Record<string, MemberAnnotation>,
    dimensions: {} as Record<string, MemberAnnotation>,
    segments: {} as Record<string, MemberAnnotation>,
    timeDimensions: {} as Record<string, MemberAnnotation>,
  };
  for (const o of outputs) {
    const m = o.member;
    const type = m.kind === 'segment' ? 'boolean' : m.type;
    const entry = {title: m.title, shortTitle: m.shortTitle, type};
    if (o.kind === 'segment') annotation.segments[m.name] = entry;
    else if (o.keys.length === 0) continue;
    else if (o.kind === 'measure') annotation.measures[m.name] = entry;
    else if (o.kind === 'dimension') annotation.dimensions[m.name] = entry;
    else for (const key of o.keys) annotation.timeDimensions[key] = entry;
  }
  return annotation;
}
