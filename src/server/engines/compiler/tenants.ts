// The local service's multi-tenancy rule, read from the model. A cube or view may carry
//   meta:
//     tenants: [acme, globex]
// and is then visible only to a security context whose `tenant` is one of those names; without `meta.tenants` it is
// visible to every context. A view is visible only when it and every cube it draws from are visible. The rule
// applies to every token that carries a security context (metadata tokens and environment tokens): what they list
// and what they can query. Tokens without one (the deployment's data token) see the whole model.
import {isMap} from 'yaml';
import type {CompiledModel} from './types.js';
import {FileContext, mapEntries, scalarText, seqItems} from './yamlNodes.js';

/** `meta.tenants` of a cube or view node: undefined when absent (visible to all), the names otherwise. */
export function parseTenants(ctx: FileContext, meta: unknown, where: string): string[] | undefined {
  if (!isMap(meta)) return undefined;
  const entry = mapEntries(ctx, meta, `${where}: "meta"`)?.find((e) => e.key === 'tenants');
  if (!entry) return undefined;
  const names: string[] = [];
  for (const item of seqItems(ctx, entry.value, `${where}: "meta.tenants"`) ?? []) {
    const name = scalarText(item);
    if (name === undefined || name.trim() === '') ctx.error(item, `${where}: each of "meta.tenants" must be a tenant name`);
    else names.push(name);
  }
  return names;
}

/** The tenant a security context names (`tenant`, a string or number), or undefined. */
export function tenantOf(securityContext: Record<string, unknown>): string | undefined {
  const t = securityContext.tenant;
  return typeof t === 'string' || typeof t === 'number' ? String(t) : undefined;
}

const allows = (tenants: string[] | undefined, tenant: string | undefined): boolean =>
  tenants === undefined || (tenant !== undefined && tenants.includes(tenant));

/** The part of `model` a security context may see and query. */
export function visibleModel(model: CompiledModel, securityContext: Record<string, unknown>): CompiledModel {
  const tenant = tenantOf(securityContext);
  const visible = [...model.cubes.values()].filter((c) => allows(c.tenants, tenant));
  const names = new Set(visible.map((c) => c.name));
  // Joins into a hidden cube go too: a visible cube must not lead a query into one.
  const cubes = new Map(visible.map((c) => [c.name, {...c, joins: new Map([...c.joins].filter(([target]) => names.has(target)))}]));
  const views = new Map(
    [...model.views].filter(([, v]) => allows(v.tenants, tenant) && v.joinPaths.every((path) => path.every((cube) => cubes.has(cube)))),
  );
  return {cubes, views};
}
