// The row of an embed tenant (its id and creation time), made on the tenant's first use: a group, an embed
// user or an access grant. Kept apart from embedTenants.ts so the resource table can use it.
import type {ServiceContext} from '../../context.js';
import {insertResource, listResources, type ResourceRow} from '../../store/resources.js';

export function ensureTenant(ctx: ServiceContext, name: string): ResourceRow {
  return findTenant(ctx, name) ?? insertResource(ctx.db, 'embed-tenant', '', {name, displayName: null}, ctx.clock.now());
}

export const findTenant = (ctx: ServiceContext, name: string): ResourceRow | undefined => listResources(ctx.db, 'embed-tenant', '').find((t) => t.body.name === name);
