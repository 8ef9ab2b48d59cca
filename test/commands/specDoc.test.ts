import {describe, expect, it} from 'vitest';
import {filterDocument, listOperations, matchesPattern} from '../../src/commands/specDoc.js';

const ref = (name: string) => ({$ref: `#/components/schemas/${name}`});

const doc = {
  openapi: '3.1.0',
  info: {title: 't', version: '1.0.0'},
  servers: [{url: 'https://x'}],
  security: [{bearerAuth: []}],
  paths: {
    '/things': {
      post: {operationId: 'createThing', summary: 'Create a thing', requestBody: {content: {'application/json': {schema: ref('ThingInput')}}}},
      get: {operationId: 'listThings', summary: 'List things', responses: {200: {$ref: '#/components/responses/Things'}}},
    },
    '/things/{id}': {
      parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}],
      delete: {operationId: 'deleteThing', summary: 'Remove one'},
      get: {operationId: 'getThing', summary: 'One thing', responses: {200: {content: {'application/json': {schema: ref('Thing')}}}}},
    },
    '/other': {put: {operationId: 'putOther', summary: 'Unrelated', requestBody: {content: {'application/json': {schema: ref('Other')}}}}},
  },
  components: {
    securitySchemes: {bearerAuth: {type: 'http', scheme: 'bearer'}},
    responses: {Things: {description: 'x', content: {'application/json': {schema: {type: 'array', items: ref('Thing')}}}}},
    schemas: {
      Thing: {type: 'object', properties: {owner: ref('Owner'), tags: {type: 'array', items: ref('Tag')}}},
      Owner: {type: 'object', properties: {team: ref('Team')}},
      Team: {type: 'object', properties: {lead: ref('Owner')}},
      Tag: {type: 'string'},
      ThingInput: {type: 'object'},
      Other: {type: 'object'},
    },
  },
};

describe('spec document', () => {
  it('lists operations by verb: get, put, post, delete', () => {
    expect(listOperations(doc).map((o) => `${o.method} ${o.path}`)).toEqual([
      'GET /things',
      'GET /things/{id}',
      'PUT /other',
      'POST /things',
      'DELETE /things/{id}',
    ]);
  });

  it('matches method, path, summary and operation id in any case', () => {
    const ops = listOperations(doc);
    const names = (p: string) => ops.filter((o) => matchesPattern(o, p)).map((o) => o.operationId);
    expect(names('DELETE')).toEqual(['deleteThing']);
    expect(names('{id}')).toEqual(['getThing', 'deleteThing']);
    expect(names('unrelated')).toEqual(['putOther']);
    expect(names('LISTTHINGS')).toEqual(['listThings']);
  });

  it('keeps only matched operations and the transitive closure of what they reference, cycles included', () => {
    const ops = listOperations(doc).filter((o) => matchesPattern(o, 'list things'));
    const out = filterDocument(doc, ops) as typeof doc;
    expect(Object.keys(out.paths)).toEqual(['/things']);
    expect(Object.keys(out.paths['/things'])).toEqual(['get']);
    expect(Object.keys(out.components.schemas).sort()).toEqual(['Owner', 'Tag', 'Team', 'Thing']);
    expect(Object.keys(out.components.responses)).toEqual(['Things']);
    expect(out.components.securitySchemes).toEqual(doc.components.securitySchemes);
    expect(out).toMatchObject({openapi: '3.1.0', info: doc.info, servers: doc.servers, security: doc.security});
  });

  it('keeps path-level parameters with the operations under them', () => {
    const ops = listOperations(doc).filter((o) => o.operationId === 'deleteThing');
    const out = filterDocument(doc, ops) as typeof doc;
    expect(out.paths['/things/{id}']).toEqual({parameters: doc.paths['/things/{id}'].parameters, delete: doc.paths['/things/{id}'].delete});
    expect(Object.keys(out.components)).toEqual(['securitySchemes']);
  });
});
