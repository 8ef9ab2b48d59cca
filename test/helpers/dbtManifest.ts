// A small dbt manifest (schema v11) with one model, as `dbt compile` writes it to target/manifest.json: the
// upload both the service's dbt sync tests and the CLI's `dbt generate` e2e tests send.
export function smallManifest() {
  return {
    metadata: {dbt_schema_version: 'https://schemas.getdbt.com/dbt/manifest/v11.json', dbt_version: '1.7.0', generated_at: '2026-05-30T12:00:00Z'},
    nodes: {
      'model.shop.big_orders': {
        resource_type: 'model', name: 'big_orders', schema: 'main', alias: 'orders', config: {materialized: 'table'},
        description: 'Orders over 100 EUR.', compiled_code: 'select id, amount, status from "main"."orders" where amount > 100',
        columns: {id: {name: 'id', data_type: 'integer'}, amount: {name: 'amount', data_type: 'numeric', meta: {measures: 'sum'}}, status: {name: 'status'}},
      },
    },
    sources: {},
    macros: {},
  };
}
