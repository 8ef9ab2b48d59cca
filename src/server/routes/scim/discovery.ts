// SCIM discovery (RFC 7644 §4): what this service supports, its resource types and their schemas, so an
// identity provider can configure itself. The documents describe what scimUsers/scimGroups really do.
import {createRoute, z} from '@hono/zod-openapi';
import {SCIM_ACCOUNT_SCHEMA, SCIM_ENTERPRISE_SCHEMA, SCIM_GROUP_SCHEMA, SCIM_MAX_COUNT, SCIM_USER_SCHEMA, ScimDocument, ScimDocumentList} from '../../../contract/scim.js';
import type {RouteGroup} from '../../appTypes.js';
import type {ServiceContext} from '../../context.js';
import {ScimFailure} from '../../scimEnvelope.js';
import {SCIM_TAGS, scimErrors, scimJson} from './shared.js';
import {listResponse, SCIM_BASE} from './views.js';

const CORE = 'urn:ietf:params:scim:schemas:core:2.0';
const SPC_SCHEMA = `${CORE}:ServiceProviderConfig`;
const RESOURCE_TYPE_SCHEMA = `${CORE}:ResourceType`;
const SCHEMA_SCHEMA = `${CORE}:Schema`;

type Attr = {name: string; type: string; multiValued: boolean; required: boolean; caseExact: boolean; mutability: string; returned: string; uniqueness: string; subAttributes?: Attr[]};

const attr = (name: string, extra: Partial<Attr> = {}): Attr => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

const SCHEMAS = [
  {
    id: SCIM_USER_SCHEMA,
    name: 'User',
    description: 'User account',
    attributes: [
      attr('userName', {required: true, uniqueness: 'server'}),
      attr('externalId', {caseExact: true}),
      attr('name', {type: 'complex', subAttributes: [attr('givenName'), attr('familyName'), attr('formatted')]}),
      attr('displayName'),
      attr('emails', {type: 'complex', multiValued: true, subAttributes: [attr('value'), attr('type'), attr('primary', {type: 'boolean'})]}),
      attr('active', {type: 'boolean'}),
      attr('groups', {type: 'complex', multiValued: true, mutability: 'readOnly', subAttributes: [attr('value', {mutability: 'readOnly'}), attr('display', {mutability: 'readOnly'})]}),
    ],
  },
  {
    id: SCIM_ENTERPRISE_SCHEMA,
    name: 'EnterpriseUser',
    description: 'Enterprise User',
    attributes: [
      ...['employeeNumber', 'costCenter', 'organization', 'division', 'department'].map((n) => attr(n)),
      attr('manager', {type: 'complex', subAttributes: [attr('value'), attr('$ref', {type: 'reference'}), attr('displayName', {mutability: 'readOnly'})]}),
    ],
  },
  {
    id: SCIM_ACCOUNT_SCHEMA,
    name: 'AccountUser',
    description: 'The same user in the management API (/api/v1/users/{id})',
    attributes: [attr('userId', {type: 'integer', mutability: 'readOnly', uniqueness: 'server'})],
  },
  {
    id: SCIM_GROUP_SCHEMA,
    name: 'Group',
    description: 'Group',
    attributes: [
      attr('displayName', {required: true, uniqueness: 'server'}),
      attr('externalId', {caseExact: true}),
      attr('members', {type: 'complex', multiValued: true, subAttributes: [attr('value', {caseExact: true, mutability: 'immutable'}), attr('display', {mutability: 'readOnly'})]}),
    ],
  },
];

const RESOURCE_TYPES = [
  {
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'User account',
    schema: SCIM_USER_SCHEMA,
    schemaExtensions: [
      {schema: SCIM_ENTERPRISE_SCHEMA, required: false},
      {schema: SCIM_ACCOUNT_SCHEMA, required: true},
    ],
  },
  {id: 'Group', name: 'Group', endpoint: '/Groups', description: 'Group', schema: SCIM_GROUP_SCHEMA, schemaExtensions: []},
];

const at = (ctx: ServiceContext, path: string) => `${ctx.baseUrl}${SCIM_BASE}${path}`;

function schemaDoc(ctx: ServiceContext, s: (typeof SCHEMAS)[number]) {
  return {schemas: [SCHEMA_SCHEMA], ...s, meta: {resourceType: 'Schema', location: at(ctx, `/Schemas/${s.id}`)}};
}

function resourceTypeDoc(ctx: ServiceContext, r: (typeof RESOURCE_TYPES)[number]) {
  return {schemas: [RESOURCE_TYPE_SCHEMA], ...r, meta: {resourceType: 'ResourceType', location: at(ctx, `/ResourceTypes/${r.id}`)}};
}

const IdParam = z.object({id: z.string().min(1)});

export const registerScimDiscovery: RouteGroup = (app, ctx) => {
  app.openapi(
    createRoute({
      method: 'get',
      path: `${SCIM_BASE}/ServiceProviderConfig`,
      operationId: 'getScimServiceProviderConfig',
      summary: 'What this SCIM service supports (patch and filter yes; bulk, sort, etags and password change no)',
      tags: SCIM_TAGS,
      responses: {200: scimJson(ScimDocument, 'the ServiceProviderConfig'), ...scimErrors()},
    }),
    (c) =>
      c.json(
        {
          schemas: [SPC_SCHEMA],
          documentationUri: at(ctx, ''),
          patch: {supported: true},
          bulk: {supported: false, maxOperations: 0, maxPayloadSize: 0},
          filter: {supported: true, maxResults: SCIM_MAX_COUNT},
          changePassword: {supported: false},
          sort: {supported: false},
          etag: {supported: false},
          authenticationSchemes: [
            {type: 'oauthbearertoken', name: 'SCIM token', description: 'Authorization: Bearer <SCIM token> (or Api-Key <SCIM token>); issue one with svc api-keys create --scim', primary: true},
          ],
          meta: {resourceType: 'ServiceProviderConfig', location: at(ctx, '/ServiceProviderConfig')},
        },
        200,
      ),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${SCIM_BASE}/ResourceTypes`,
      operationId: 'listScimResourceTypes',
      summary: 'The SCIM resource types (User, Group)',
      tags: SCIM_TAGS,
      responses: {200: scimJson(ScimDocumentList, 'a ListResponse of resource types'), ...scimErrors()},
    }),
    (c) => c.json(listResponse(RESOURCE_TYPES.map((r) => resourceTypeDoc(ctx, r)), RESOURCE_TYPES.length, 1), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${SCIM_BASE}/ResourceTypes/{id}`,
      operationId: 'getScimResourceType',
      summary: 'One SCIM resource type',
      tags: SCIM_TAGS,
      request: {params: IdParam},
      responses: {200: scimJson(ScimDocument, 'the resource type'), ...scimErrors(404)},
    }),
    (c) => {
      const found = RESOURCE_TYPES.find((r) => r.id === c.req.valid('param').id);
      if (!found) throw new ScimFailure(404, `no resource type ${c.req.valid('param').id}`);
      return c.json(resourceTypeDoc(ctx, found), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${SCIM_BASE}/Schemas`,
      operationId: 'listScimSchemas',
      summary: 'The SCIM schemas of users and groups, attribute by attribute',
      tags: SCIM_TAGS,
      responses: {200: scimJson(ScimDocumentList, 'a ListResponse of schemas'), ...scimErrors()},
    }),
    (c) => c.json(listResponse(SCHEMAS.map((s) => schemaDoc(ctx, s)), SCHEMAS.length, 1), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${SCIM_BASE}/Schemas/{id}`,
      operationId: 'getScimSchema',
      summary: 'One SCIM schema by its URN',
      tags: SCIM_TAGS,
      request: {params: IdParam},
      responses: {200: scimJson(ScimDocument, 'the schema'), ...scimErrors(404)},
    }),
    (c) => {
      const found = SCHEMAS.find((s) => s.id === c.req.valid('param').id);
      if (!found) throw new ScimFailure(404, `no schema ${c.req.valid('param').id}`);
      return c.json(schemaDoc(ctx, found), 200);
    },
  );
};
