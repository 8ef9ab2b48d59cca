// Shared shapes of the API. contract/ imports nothing but zod: schema names for the OpenAPI document come from
// `.meta({id})`, which @asteasolutions/zod-to-openapi (under @hono/zod-openapi) reads without extending zod.
import {z} from 'zod';

/** Offset/limit paging object returned beside `data` by the seed's list endpoints. */
export const Pagination = z
  .object({
    offset: z.number().int().min(0),
    limit: z.number().int().min(1),
    total: z.number().int().min(0),
  })
  .meta({id: 'Pagination'});
export type Pagination = z.infer<typeof Pagination>;

/** Cursor paging info of the current API (`first`/`after`). */
export const PageInfo = z
  .object({
    hasNextPage: z.boolean(),
    hasPreviousPage: z.boolean(),
    startCursor: z.string().nullable().optional(),
    endCursor: z.string().nullable().optional(),
  })
  .meta({id: 'PageInfo'});
export type PageInfo = z.infer<typeof PageInfo>;

/** Every error the service answers: `{"error": "<message>"}`. */
export const ErrorBody = z.object({error: z.string()}).meta({id: 'Error'});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const DEFAULT_OFFSET = 0;
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 1000;

const nonNegativeInt = (name: string) =>
  z.string().regex(/^\d{1,9}$/, `${name} must be a non-negative integer`);

/** Query params shared by offset-paged lists: strings on the wire, validated, defaults applied by the handler. */
export const OffsetLimitQuery = z.object({
  offset: nonNegativeInt('offset').optional(),
  limit: nonNegativeInt('limit')
    .refine((v) => Number(v) >= 1 && Number(v) <= MAX_LIMIT, `limit must be between 1 and ${MAX_LIMIT}`)
    .optional(),
});

/** Path parameter for a deployment id. Numeric string: a coerced (z.coerce) path param breaks the generated OpenAPI document. */
export const DeploymentIdParam = z.object({
  deploymentId: z.string().regex(/^\d{1,12}$/, 'deployment id must be numeric'),
});

export const SuccessBody = z.object({success: z.boolean()}).meta({id: 'Success'});
export type SuccessBody = z.infer<typeof SuccessBody>;

/** Cursor paging of the current API: `first` (page size) and `after` (a pageInfo.endCursor). */
export const CursorQuery = z.object({
  first: z
    .string()
    .regex(/^\d{1,9}$/, 'first must be a positive integer')
    .refine((v) => Number(v) >= 1 && Number(v) <= MAX_LIMIT, `first must be between 1 and ${MAX_LIMIT}`)
    .optional(),
  after: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'after must be a pageInfo.endCursor value').optional(),
});

/** A list answer of the current API: `items` with cursor `pageInfo`. */
export function itemsPage<T extends z.ZodType>(item: T, id: string) {
  return z.object({items: z.array(item), pageInfo: PageInfo}).meta({id});
}

/** A list answer that also carries `data`, a copy of `items` (most of the platform's older lists). */
export function itemsDataPage<T extends z.ZodType>(item: T, id: string) {
  return z.object({items: z.array(item), data: z.array(item), pageInfo: PageInfo}).meta({id});
}

/** The seed's list answer: `data.<key>` with offset `pagination`, beside the current API's `items` and `pageInfo`. */
export function seedListPage<K extends string, L extends z.ZodType, T extends z.ZodType>(key: K, listed: L, item: T, id: string) {
  return z
    .object({data: z.object({[key]: z.array(listed)} as Record<K, z.ZodArray<L>>), pagination: Pagination, items: z.array(item), pageInfo: PageInfo})
    .meta({id});
}
