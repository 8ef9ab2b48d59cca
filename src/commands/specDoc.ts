// Reading the service's OpenAPI document: its operations in verb order, pattern matching, and a filtered
// sub-document that is still valid OpenAPI (matched paths plus every component they reach).
type Json = Record<string, unknown>;

const VERBS = ['get', 'put', 'post', 'patch', 'delete', 'options', 'head', 'trace'] as const;

export interface Operation {
  method: string;
  path: string;
  summary: string;
  operationId: string;
}

const record = (v: unknown): Json | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Every operation: grouped by verb (get, put, post, patch, delete, …), paths in document order within a verb. */
export function listOperations(doc: Json): Operation[] {
  const paths = record(doc.paths) ?? {};
  const out: Operation[] = [];
  for (const verb of VERBS) {
    for (const [path, item] of Object.entries(paths)) {
      const op = record(record(item)?.[verb]);
      if (op) out.push({method: verb.toUpperCase(), path, summary: text(op.summary), operationId: text(op.operationId)});
    }
  }
  return out;
}

/** Case-insensitive substring match over "method path summary operationId". */
export function matchesPattern(op: Operation, pattern: string): boolean {
  return `${op.method} ${op.path} ${op.summary} ${op.operationId}`.toLowerCase().includes(pattern.toLowerCase());
}

function collectRefs(node: unknown, found: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collectRefs(item, found);
    return;
  }
  const obj = record(node);
  if (!obj) return;
  for (const [key, value] of Object.entries(obj)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/')) found.add(value);
    else collectRefs(value, found);
  }
}

/** The document reduced to the matching operations and the transitive closure of the components they use. */
export function filterDocument(doc: Json, ops: Operation[]): Json {
  const sourcePaths = record(doc.paths) ?? {};
  const paths: Json = {};
  for (const op of ops) {
    const item = record(sourcePaths[op.path]) ?? {};
    const kept = record(paths[op.path]) ?? (item.parameters === undefined ? {} : {parameters: item.parameters});
    kept[op.method.toLowerCase()] = item[op.method.toLowerCase()];
    paths[op.path] = kept;
  }
  const components = record(doc.components) ?? {};
  const pending = new Set<string>();
  collectRefs(paths, pending);
  const seen = new Set<string>();
  const picked: Record<string, Json> = {};
  while (pending.size > 0) {
    const [ref] = pending;
    if (ref === undefined) break;
    pending.delete(ref);
    if (seen.has(ref)) continue;
    seen.add(ref);
    const [kind, ...rest] = ref.slice('#/components/'.length).split('/');
    const name = rest.join('/').replace(/~1/g, '/').replace(/~0/g, '~');
    const target = record(components[kind ?? ''])?.[name];
    if (kind === undefined || target === undefined) continue;
    (picked[kind] ??= {})[name] = target;
    const next = new Set<string>();
    collectRefs(target, next);
    for (const r of next) if (!seen.has(r)) pending.add(r);
  }
  const securitySchemes = record(components.securitySchemes);
  const outComponents: Json = {...(securitySchemes ? {securitySchemes} : {}), ...picked};
  const out: Json = {openapi: doc.openapi, info: doc.info};
  if (doc.servers !== undefined) out.servers = doc.servers;
  if (doc.security !== undefined) out.security = doc.security;
  out.paths = paths;
  out.components = outComponents;
  return out;
}
