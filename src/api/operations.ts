// One call of an object-group operation beyond CRUD (embed tenants, embed access, my settings, …): the method,
// the path with its values already encoded, an optional body and query. Answers come back as parsed JSON
// (null for 204), for the command layer to print.
import type {Api} from './client.js';

export interface OperationCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  json?: Record<string, unknown>;
  query?: Record<string, string | number | undefined>;
}

export async function callOperation(api: Api, call: OperationCall, signal?: AbortSignal): Promise<unknown> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(call.query ?? {})) if (value !== undefined) params.set(key, String(value));
  const path = params.size > 0 ? `${call.path}?${params.toString()}` : call.path;
  return api.request(call.method, path, {...(call.json ? {json: call.json} : {}), signal});
}
