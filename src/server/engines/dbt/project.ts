// The bundled sample dbt project, as the dbt repository of the deployments' git integration holds it at each ref.
// Its sources are the tables of the bundled sample warehouse (schema `main`), so what a sync generates from it can
// be queried locally. Staging models are ephemeral, as many small projects keep them: the compiled SQL of every
// mart then reads only sources, which is what lets a generated cube select through it.

export type DbtTest = 'unique' | 'not_null' | {relationships: {to: string; field: string}} | {accepted_values: {values: string[]}};

export interface DbtColumnDef {
  name: string;
  description: string;
  dataType: string;
  tests?: DbtTest[];
  meta?: Record<string, unknown>;
}

export interface DbtModelDef {
  name: string;
  /** Path inside the project, e.g. `models/marts/fct_orders.sql`. */
  path: string;
  description: string;
  /** Jinja SQL as written: `{{ config(...) }}`, `{{ ref('…') }}` and `{{ source('…', '…') }}` are understood. */
  sql: string;
  columns: DbtColumnDef[];
  meta?: Record<string, unknown>;
  tags?: string[];
}

export interface DbtSourceDef {
  source: string;
  table: string;
  schema: string;
  description: string;
  columns: Array<{name: string; description: string}>;
}

export interface DbtProject {
  name: string;
  dbtVersion: string;
  /** Packages `dbt deps` installs, `owner/name version`. */
  packages: string[];
  sources: DbtSourceDef[];
  models: DbtModelDef[];
  /** The project's own macros; dbt's built-in ones are added by the compiler. */
  macros: string[];
}

export const DBT_REPOSITORY = {url: 'git@github.com:acme/analytics-dbt.git', savedBranch: 'main'} as const;

const pk = (name: string, description: string): DbtColumnDef => ({name, description, dataType: 'integer', tests: ['unique', 'not_null']});

const SOURCES: DbtSourceDef[] = [
  {source: 'shop', table: 'users', schema: 'main', description: 'Customer accounts from the shop database.', columns: [{name: 'id', description: 'Account id.'}]},
  {source: 'shop', table: 'orders', schema: 'main', description: 'Orders as the checkout service writes them.', columns: [{name: 'id', description: 'Order id.'}]},
  {source: 'shop', table: 'line_items', schema: 'main', description: 'One row per product in an order.', columns: [{name: 'id', description: 'Line id.'}]},
  {source: 'shop', table: 'products', schema: 'main', description: 'The product catalogue.', columns: [{name: 'id', description: 'Product id.'}]},
];

const stgCustomers: DbtModelDef = {
  name: 'stg_customers',
  path: 'models/staging/stg_customers.sql',
  description: 'Customer accounts, renamed and typed.',
  sql: `{{ config(materialized='ephemeral') }}
select id as customer_id, name as customer_name, city, country, is_vip = 1 as is_vip, created_at as signed_up_at
from {{ source('shop', 'users') }}`,
  columns: [
    pk('customer_id', 'The customer account id.'),
    {name: 'customer_name', description: 'Full name.', dataType: 'text'},
    {name: 'city', description: 'City of the billing address.', dataType: 'text'},
    {name: 'country', description: 'Country of the billing address.', dataType: 'text'},
    {name: 'is_vip', description: 'Whether the customer is in the VIP programme.', dataType: 'boolean'},
    {name: 'signed_up_at', description: 'When the account was created.', dataType: 'timestamp'},
  ],
  tags: ['staging'],
};

const stgOrders: DbtModelDef = {
  name: 'stg_orders',
  path: 'models/staging/stg_orders.sql',
  description: 'Orders, one row per checkout.',
  sql: `{{ config(materialized='ephemeral') }}
select id as order_id, user_id as customer_id, status, amount, created_at as ordered_at
from {{ source('shop', 'orders') }}`,
  columns: [
    pk('order_id', 'The order id.'),
    {name: 'customer_id', description: 'Who placed the order.', dataType: 'integer', tests: ['not_null']},
    {name: 'status', description: 'Fulfilment status.', dataType: 'text', tests: [{accepted_values: {values: ['completed', 'shipped', 'processing', 'cancelled']}}]},
    {name: 'amount', description: 'Order total in EUR.', dataType: 'numeric', meta: {measures: ['sum', 'avg']}},
    {name: 'ordered_at', description: 'When the order was placed.', dataType: 'timestamp'},
  ],
  tags: ['staging'],
};

const stgProducts: DbtModelDef = {
  name: 'stg_products',
  path: 'models/staging/stg_products.sql',
  description: 'The product catalogue.',
  sql: `{{ config(materialized='ephemeral') }}
select id as product_id, name as product_name, category, price from {{ source('shop', 'products') }}`,
  columns: [
    pk('product_id', 'The product id.'),
    {name: 'product_name', description: 'Display name.', dataType: 'text'},
    {name: 'category', description: 'Catalogue category.', dataType: 'text'},
    {name: 'price', description: 'List price in EUR.', dataType: 'numeric', meta: {measures: ['avg', 'min', 'max']}},
  ],
  tags: ['staging'],
};

const stgOrderItems: DbtModelDef = {
  name: 'stg_order_items',
  path: 'models/staging/stg_order_items.sql',
  description: 'Order lines with their extended price.',
  sql: `{{ config(materialized='ephemeral') }}
select id as order_item_id, order_id, product_id, quantity, price as unit_price, quantity * price as line_total
from {{ source('shop', 'line_items') }}`,
  columns: [
    pk('order_item_id', 'The order line id.'),
    {name: 'order_id', description: 'The order the line belongs to.', dataType: 'integer'},
    {name: 'product_id', description: 'The product ordered.', dataType: 'integer'},
    {name: 'quantity', description: 'Units ordered.', dataType: 'integer', meta: {measures: ['sum']}},
    {name: 'unit_price', description: 'Price per unit in EUR.', dataType: 'numeric'},
    {name: 'line_total', description: 'quantity × unit_price.', dataType: 'numeric', meta: {measures: ['sum']}},
  ],
  tags: ['staging'],
};

const dimCustomers: DbtModelDef = {
  name: 'dim_customers',
  path: 'models/marts/dim_customers.sql',
  description: 'One row per customer with lifetime order figures.',
  sql: `{{ config(materialized='view') }}
select c.customer_id, c.customer_name, c.city, c.country, c.is_vip, c.signed_up_at,
  count(o.order_id) as order_count, coalesce(sum(o.amount), 0) as lifetime_value, min(o.ordered_at) as first_ordered_at
from {{ ref('stg_customers') }} c
left join {{ ref('stg_orders') }} o on o.customer_id = c.customer_id
group by c.customer_id, c.customer_name, c.city, c.country, c.is_vip, c.signed_up_at`,
  columns: [
    pk('customer_id', 'The customer account id.'),
    {name: 'customer_name', description: 'Full name.', dataType: 'text'},
    {name: 'city', description: 'City of the billing address.', dataType: 'text'},
    {name: 'country', description: 'Country of the billing address.', dataType: 'text', meta: {owner: 'growth'}},
    {name: 'is_vip', description: 'Whether the customer is in the VIP programme.', dataType: 'boolean'},
    {name: 'signed_up_at', description: 'When the account was created.', dataType: 'timestamp'},
    {name: 'order_count', description: 'Orders placed so far.', dataType: 'integer', meta: {measures: ['sum']}},
    {name: 'lifetime_value', description: 'Sum of all order amounts in EUR.', dataType: 'numeric', meta: {measures: ['sum', 'avg']}},
    {name: 'first_ordered_at', description: 'When the first order was placed.', dataType: 'timestamp'},
  ],
  meta: {owner: 'growth', certified: true},
  tags: ['marts'],
};

const fctOrders = (ordersRef: string): DbtModelDef => ({
  name: 'fct_orders',
  path: 'models/marts/fct_orders.sql',
  description: 'One row per order with its line counts.',
  sql: `{{ config(materialized='view') }}
select o.order_id, o.customer_id, o.status, o.amount, o.ordered_at,
  count(i.order_item_id) as item_count, coalesce(sum(i.quantity), 0) as unit_count
from {{ ref('stg_orders') }} o
left join {{ ref('${ordersRef}') }} i on i.order_id = o.order_id
group by o.order_id, o.customer_id, o.status, o.amount, o.ordered_at`,
  columns: [
    pk('order_id', 'The order id.'),
    {name: 'customer_id', description: 'Who placed the order.', dataType: 'integer', tests: ['not_null', {relationships: {to: "ref('dim_customers')", field: 'customer_id'}}], meta: {measures: ['count_distinct']}},
    {name: 'status', description: 'Fulfilment status.', dataType: 'text'},
    {name: 'amount', description: 'Order total in EUR.', dataType: 'numeric', meta: {measures: ['sum', 'avg', 'max']}},
    {name: 'ordered_at', description: 'When the order was placed.', dataType: 'timestamp'},
    {name: 'item_count', description: 'Lines in the order.', dataType: 'integer', meta: {measures: ['sum']}},
    {name: 'unit_count', description: 'Units in the order.', dataType: 'integer', meta: {measures: ['sum']}},
  ],
  meta: {owner: 'finance'},
  tags: ['marts'],
});

const fctOrderItems: DbtModelDef = {
  name: 'fct_order_items',
  path: 'models/marts/fct_order_items.sql',
  description: 'Order lines with their product.',
  sql: `{{ config(materialized='view') }}
select i.order_item_id, i.order_id, i.product_id, p.product_name, p.category, i.quantity, i.unit_price, i.line_total
from {{ ref('stg_order_items') }} i
join {{ ref('stg_products') }} p on p.product_id = i.product_id`,
  columns: [
    pk('order_item_id', 'The order line id.'),
    {name: 'order_id', description: 'The order the line belongs to.', dataType: 'integer', tests: [{relationships: {to: "ref('fct_orders')", field: 'order_id'}}]},
    {name: 'product_id', description: 'The product ordered.', dataType: 'integer'},
    {name: 'product_name', description: 'Display name of the product.', dataType: 'text'},
    {name: 'category', description: 'Catalogue category.', dataType: 'text'},
    {name: 'quantity', description: 'Units ordered.', dataType: 'integer', meta: {measures: ['sum']}},
    {name: 'unit_price', description: 'Price per unit in EUR.', dataType: 'numeric', meta: {measures: ['avg']}},
    {name: 'line_total', description: 'quantity × unit_price.', dataType: 'numeric', meta: {measures: ['sum']}},
  ],
  tags: ['marts'],
};

const base = {name: 'acme_shop', packages: ['dbt-labs/dbt_utils 1.3.0'], sources: SOURCES, macros: ['cents_to_dollars', 'generate_schema_name']};

/** The repository's refs: the saved branch, a release tag, and two refs whose syncs fail in named phases. */
const REFS: Record<string, DbtProject> = {
  main: {...base, dbtVersion: '1.8.7', models: [stgCustomers, stgOrders, stgProducts, stgOrderItems, dimCustomers, fctOrders('stg_order_items'), fctOrderItems]},
  'v1.0.0': {...base, dbtVersion: '1.7.4', packages: ['dbt-labs/dbt_utils 1.1.1'], models: [stgCustomers, stgOrders, dimCustomers, {...fctOrders('stg_orders'), sql: fctOrdersWithoutItems()}]},
  // A refactor that renamed a staging model but not every ref to it: dbt compile fails.
  'broken-compile': {...base, dbtVersion: '1.8.7', models: [stgCustomers, stgOrders, stgProducts, stgOrderItems, dimCustomers, fctOrders('stg_payments'), fctOrderItems]},
  // Pinned to a dbt too old for the sync: the manifest it writes (schema v4) cannot be processed.
  'bad-manifest': {...base, dbtVersion: '1.0.9', models: [stgCustomers, stgOrders, dimCustomers]},
};
// A date-stamped release tag (all digits, and hex-looking too): a ref name like any other, resolved here.
REFS['20240101'] = REFS['v1.0.0']!;

function fctOrdersWithoutItems(): string {
  return `{{ config(materialized='view') }}
select o.order_id, o.customer_id, o.status, o.amount, o.ordered_at, 1 as item_count, 1 as unit_count
from {{ ref('stg_orders') }} o`;
}

/** The project as checked out at `ref`, or undefined when the repository has no such branch or tag. */
export function projectAt(ref: string): DbtProject | undefined {
  return Object.hasOwn(REFS, ref) ? REFS[ref] : undefined;
}

export function repositoryRefs(): string[] {
  return Object.keys(REFS);
}
