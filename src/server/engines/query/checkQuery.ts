// Shape checks on a query that arrived as JSON, before any member is resolved.
import {QueryError, type Query} from './types.js';

const KNOWN = ['measures', 'dimensions', 'segments', 'filters', 'timeDimensions', 'order', 'limit', 'offset',
  // Accepted for compatibility with platform clients; they do not change local results.
  'timezone', 'renewQuery', 'ungrouped', 'total', 'responseFormat'];

export function checkQuery(query: Query, rowLimit: number): void {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) throw new QueryError('the query must be a JSON object');
  for (const key of Object.keys(query)) {
    if (!KNOWN.includes(key)) throw new QueryError(`unknown query property "${key}"`);
  }
  for (const key of ['measures', 'dimensions', 'segments', 'filters', 'timeDimensions'] as const) {
    const value = query[key];
    if (value !== undefined && !Array.isArray(value)) throw new QueryError(`"${key}" must be an array`);
  }
  for (const f of query.filters ?? []) {
    if (typeof f !== 'object' || f === null) throw new QueryError('each filter must be an object with member, operator and values');
    if (f.values !== undefined && !Array.isArray(f.values)) throw new QueryError(`filter on "${String(f.member ?? f.dimension)}": "values" must be an array`);
    if ('and' in f || 'or' in f) throw new QueryError('and/or filter groups are not supported by the local service; list filters side by side (they combine with AND)');
  }
  if (query.limit !== undefined && (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > rowLimit)) {
    throw new QueryError(`limit must be a whole number between 1 and ${rowLimit}`);
  }
  if (query.offset !== undefined && (!Number.isInteger(query.offset) || query.offset < 0)) {
    throw new QueryError('offset must be a whole number of rows, 0 or more');
  }
}
