// The demo data model every seeded deployment starts with. It compiles cleanly against the sample dataset and
// exercises each feature of the compiler: all measure types, filtered measures, joins both ways, a segment, views.
// Multi-tenancy (compiler/tenants.ts): `users` (and so the `customers` view) is visible only to the security context
// {"tenant": "acme"}, the `sales` view only to {"tenant": "globex"}; orders, products and line_items to everyone.
import type {ModelFile} from '../compiler/types.js';

const orders = `cubes:
  - name: orders
    sql_table: orders
    joins:
      - name: users
        relationship: many_to_one
        sql: "{CUBE}.user_id = {users.id}"
      - name: line_items
        relationship: one_to_many
        sql: "{CUBE}.id = {line_items}.order_id"
    measures:
      - name: count
        type: count
      - name: total_amount
        type: sum
        sql: amount
      - name: average_amount
        type: avg
        sql: amount
      - name: largest_amount
        type: max
        sql: amount
      - name: completed_count
        type: count
        filters:
          - sql: "{CUBE}.status = 'completed'"
      - name: completed_share
        type: number
        sql: "1.0 * {completed_count} / NULLIF({count}, 0)"
      - name: buyers
        type: count_distinct
        sql: user_id
    dimensions:
      - name: id
        type: number
        sql: id
        primary_key: true
      - name: status
        type: string
        sql: status
      - name: amount
        type: number
        sql: amount
      - name: created_at
        type: time
        sql: created_at
    segments:
      - name: completed
        sql: "{CUBE}.status = 'completed'"
`;

const users = `cubes:
  - name: users
    sql_table: users
    joins:
      - name: orders
        relationship: one_to_many
        sql: "{CUBE}.id = {orders}.user_id"
    measures:
      - name: count
        type: count
      - name: vip_count
        type: count
        filters:
          - sql: "{is_vip}"
    dimensions:
      - name: id
        type: number
        sql: id
        primary_key: true
      - name: name
        type: string
        sql: name
      - name: city
        type: string
        sql: city
      - name: country
        type: string
        sql: country
      - name: is_vip
        type: boolean
        sql: is_vip
      - name: created_at
        type: time
        sql: created_at
    meta:
      tenants: [acme]
`;

const products = `cubes:
  - name: products
    sql_table: products
    measures:
      - name: count
        type: count
      - name: average_price
        type: avg
        sql: price
      - name: cheapest_price
        type: min
        sql: price
    dimensions:
      - name: id
        type: number
        sql: id
        primary_key: true
      - name: name
        type: string
        sql: name
      - name: category
        type: string
        sql: category
      - name: price
        type: number
        sql: price
`;

const lineItems = `cubes:
  - name: line_items
    sql: SELECT * FROM line_items
    joins:
      - name: orders
        relationship: many_to_one
        sql: "{CUBE}.order_id = {orders.id}"
      - name: products
        relationship: belongs_to
        sql: "{CUBE}.product_id = {products.id}"
    measures:
      - name: count
        type: count
      - name: total_quantity
        type: sum
        sql: quantity
      - name: revenue
        type: sum
        sql: "{CUBE}.quantity * {CUBE}.price"
    dimensions:
      - name: id
        type: number
        sql: id
        primary_key: true
      - name: quantity
        type: number
        sql: quantity
`;

const sales = `views:
  - name: sales
    cubes:
      - join_path: line_items
        includes:
          - revenue
          - total_quantity
      - join_path: line_items.orders
        includes:
          - status
          - created_at
          - name: count
            alias: orders_count
      - join_path: line_items.products
        includes:
          - category
    meta:
      tenants: [globex]
`;

const customers = `views:
  - name: customers
    cubes:
      - join_path: users
        includes: "*"
        excludes:
          - created_at
      - join_path: users.orders
        prefix: true
        includes:
          - count
          - total_amount
`;

export const DEMO_MODEL_FILES: readonly ModelFile[] = [
  {path: 'model/cubes/orders.yml', content: orders},
  {path: 'model/cubes/users.yml', content: users},
  {path: 'model/cubes/products.yml', content: products},
  {path: 'model/cubes/line_items.yml', content: lineItems},
  {path: 'model/views/sales.yml', content: sales},
  {path: 'model/views/customers.yml', content: customers},
];
