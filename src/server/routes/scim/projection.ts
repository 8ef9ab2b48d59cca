// RFC 7644 §3.4.2.5 / §3.9: `attributes` (only these, plus what is always returned) and `excludedAttributes`
// (all but these) for every SCIM answer that carries resources: Users and Groups, read, listed or searched.
// Names are case-insensitive, in standard attribute notation: `name.givenName`, `emails.value`, or a path
// under an extension's URN (`urn:…:enterprise:2.0:User:department`, or the URN alone for all of it).

/** Returned whatever the request says (RFC 7643 §3.1, `returned: always`). */
const ALWAYS = new Set(['schemas', 'id']);

type Json = Record<string, unknown>;

export interface Projection {
  attributes?: string[];
  excludedAttributes?: string[];
}

/** A comma-separated query parameter as a list of names; absent or blank: undefined. */
export function nameList(value: string | undefined): string[] | undefined {
  const names = (value ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  return names.length > 0 ? names : undefined;
}

const keyOf = (obj: Json, name: string) => Object.keys(obj).find((k) => k.toLowerCase() === name.toLowerCase());

/** The path of keys a name points at in `resource` (core schema prefix and extension URNs resolved), or undefined. */
function resolve(resource: Json, name: string): string[] | undefined {
  const core = /^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i;
  const plain = name.replace(core, '');
  if (/^urn:/i.test(plain)) {
    const lower = plain.toLowerCase();
    const urn = Object.keys(resource).find((k) => /^urn:/i.test(k) && (lower === k.toLowerCase() || lower.startsWith(`${k.toLowerCase()}:`)));
    if (urn === undefined) return undefined;
    const rest = plain.slice(urn.length + 1);
    return rest === '' ? [urn] : [urn, ...rest.split('.')];
  }
  return plain.split('.');
}

/** Copies the value at `path` from `from` into `into` (through arrays of complex values), keeping what is there. */
function copy(from: unknown, into: Json, path: string[]): void {
  if (from === null || typeof from !== 'object' || Array.isArray(from)) return;
  const [head, ...rest] = path;
  const key = keyOf(from as Json, head!);
  if (key === undefined) return;
  const value = (from as Json)[key];
  if (rest.length === 0) {
    into[key] = value;
    return;
  }
  if (Array.isArray(value)) {
    const kept = (into[key] as Json[] | undefined) ?? value.map(() => ({}));
    value.forEach((item, i) => copy(item, kept[i]!, rest));
    into[key] = kept;
    return;
  }
  const inner = (into[key] as Json | undefined) ?? {};
  copy(value, inner, rest);
  into[key] = inner;
}

/** Removes the value at `path` (from every element of a multi-valued attribute on the way). */
function drop(obj: unknown, path: string[]): void {
  if (obj === null || typeof obj !== 'object') return;
  if (Array.isArray(obj)) {
    for (const item of obj) drop(item, path);
    return;
  }
  const [head, ...rest] = path;
  const key = keyOf(obj as Json, head!);
  if (key === undefined) return;
  if (rest.length === 0) delete (obj as Json)[key];
  else drop((obj as Json)[key], rest);
}

/** `project` with the query parameters of a read (comma-separated names). */
export const projectByQuery = <T extends object>(resource: T, q: {attributes?: string; excludedAttributes?: string}): T =>
  project(resource, {attributes: nameList(q.attributes), excludedAttributes: nameList(q.excludedAttributes)});

/** The resource as the request asked to see it; without either parameter, unchanged. */
export function project<T extends object>(resource: T, p: Projection): T {
  if (!p.attributes && !p.excludedAttributes) return resource;
  const source = resource as unknown as Json;
  let out: Json;
  if (p.attributes) {
    out = {};
    for (const key of Object.keys(source)) if (ALWAYS.has(key)) out[key] = source[key];
    for (const name of p.attributes) {
      const path = resolve(source, name);
      if (path) copy(source, out, path);
    }
  } else {
    out = structuredClone(source);
  }
  for (const name of p.excludedAttributes ?? []) {
    const path = resolve(out, name);
    if (path && !(path.length === 1 && ALWAYS.has(path[0]!.toLowerCase()))) drop(out, path);
  }
  return out as unknown as T;
}
