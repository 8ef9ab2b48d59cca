// RFC 7644 §3.4.3: queries sent as a SearchRequest body, so a filter need not sit in a URL (and its logs):
// `POST /Users/.search`, `POST /Groups/.search`, and `POST /.search` over both (users, then groups). They answer as
// the lists do, through the same code (lists.ts).
import {createRoute, type z} from '@hono/zod-openapi';
import {ScimGroupList, ScimResourceList, ScimSearchRequest, ScimUserList} from '../../../contract/scim.js';
import type {RouteGroup} from '../../appTypes.js';
import {queryFromSearch, scimList, type ScimKind} from './lists.js';
import {SCIM_TAGS, scimBody, scimErrors, scimJson} from './shared.js';
import {SCIM_BASE} from './views.js';

const SEARCHES: Array<{path: string; operationId: string; what: string; kinds: ScimKind[]; list: typeof ScimUserList | typeof ScimGroupList | typeof ScimResourceList}> = [
  {path: `${SCIM_BASE}/Users/.search`, operationId: 'searchScimUsers', what: 'users', kinds: ['Users'], list: ScimUserList},
  {path: `${SCIM_BASE}/Groups/.search`, operationId: 'searchScimGroups', what: 'groups', kinds: ['Groups'], list: ScimGroupList},
  {path: `${SCIM_BASE}/.search`, operationId: 'searchScimResources', what: 'users, then groups', kinds: ['Users', 'Groups'], list: ScimResourceList},
];

export const registerScimSearch: RouteGroup = (app, ctx) => {
  for (const s of SEARCHES) {
    app.openapi(
      createRoute({
        method: 'post',
        path: s.path,
        operationId: s.operationId,
        summary: `Search ${s.what} with a SearchRequest body (filter, attributes, excludedAttributes, startIndex, count)`,
        tags: SCIM_TAGS,
        request: {body: scimBody(ScimSearchRequest)},
        responses: {200: scimJson(s.list, `a ListResponse of ${s.what}`), ...scimErrors(400)},
      }),
      (c) => c.json(scimList(ctx, s.kinds, queryFromSearch(c.req.valid('json'))) as z.infer<typeof ScimResourceList>, 200),
    );
  }
};
