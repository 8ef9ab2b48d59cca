// The metadata API of an environment under its deployment URL: `<deploymentUrl>/v1/entities` and
// `<deploymentUrl>/v1/data-sources`, for catalogue and BI tools that sync the model's structure without reading
// data. They take a metadata token (or an environment token with scope meta); the token's environment decides the
// branch and its security context what is listed (the tenancy rule of compiler/tenants.ts). The data API's own
// `/cubejs-api/v1/meta` applies the same rule to the same tokens (routes/dataApi.ts).
import {createRoute, z} from '@hono/zod-openapi';
import {DeploymentIdParam, ErrorBody} from '../../../contract/common.js';
import {ContinueWait, MetadataDataSourcesResponse, MetadataEntitiesResponse} from '../../../contract/dataModel.js';
import type {RouteGroup} from '../../appTypes.js';
import {describeModel} from '../../engines/query/meta.js';
import {runtimeModel} from './dataApi.js';

/** Every cube of the local service reads the bundled sample warehouse: one data source. */
const DATA_SOURCE = {name: 'default', type: 'sqlite'};

const errors = {
  401: {description: 'missing, unknown or expired token', content: {'application/json': {schema: ErrorBody}}},
  403: {description: 'not a metadata token (a data token, a management key), or a token for another deployment', content: {'application/json': {schema: ErrorBody}}},
  404: {description: 'unknown deployment', content: {'application/json': {schema: ErrorBody}}},
};
const tags = ['Metadata API'];

type Model = Exclude<Awaited<ReturnType<typeof runtimeModel>>, 'wait'>;

export const register: RouteGroup = (app, ctx) => {
  /** One metadata route: what `list` makes of the token's model, or Continue wait while its branch warms up. */
  const metadataRoute = <S extends z.ZodType>(o: {path: string; operationId: string; summary: string; answer: S; description: string}, list: (model: Model) => z.infer<S>) =>
    app.openapi(
      createRoute({
        method: 'get', path: `/data/{deploymentId}/v1/${o.path}`, operationId: o.operationId, tags,
        summary: o.summary,
        request: {params: DeploymentIdParam},
        responses: {200: {description: `${o.description}, or {"error":"Continue wait"}`, content: {'application/json': {schema: z.union([o.answer, ContinueWait])}}}, ...errors},
      }),
      async (c) => {
        const model = await runtimeModel(ctx, c, c.req.valid('param').deploymentId, undefined, {ownBranch: true});
        if (model === 'wait') return c.json({error: 'Continue wait' as const}, 200);
        return c.json(list(model) as Record<string, unknown>, 200);
      },
    );

  metadataRoute(
    {path: 'entities', operationId: 'metadataEntities', summary: 'Cubes and views the metadata token may see, with their members', answer: MetadataEntitiesResponse, description: 'the visible entities'},
    (model) => ({items: describeModel(model).map((e) => ({...e, dataSource: DATA_SOURCE.name}))}),
  );
  metadataRoute(
    {path: 'data-sources', operationId: 'metadataDataSources', summary: 'Data sources behind the entities the metadata token may see', answer: MetadataDataSourcesResponse, description: 'the data sources'},
    (model) => {
      const entities = describeModel(model).map((e) => e.name);
      return {items: entities.length === 0 ? [] : [{...DATA_SOURCE, entities}]};
    },
  );
};
