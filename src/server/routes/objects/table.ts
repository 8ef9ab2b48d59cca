// The service's side of the object catalogue (contract/catalogue.ts): each kind's entry with its schemas resolved,
// and, for the few kinds that need code, the service's behaviour (defaults of a new object, derived fields, fields
// added from other tables, a table of their own). crud.ts turns each row into routes; a kind with no behaviour here
// is served from its catalogue entry alone.
import {randomBytes} from 'node:crypto';
import {OBJECT_KINDS, type ObjectKind} from '../../../contract/catalogue.js';
import {objectSchema} from '../../../contract/objectSchemas.js';
import type {ServiceContext} from '../../context.js';
import {badRequest} from '../../errors.js';
import {listResources} from '../../store/resources.js';
import {reportPeople} from './reportPeople.js';
import {schedule} from './schedule.js';
import {ensureTenant} from './tenantRows.js';
import type {ResourceBehaviour, ResourceSpec} from './types.js';
import {usersStore} from './users.js';

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The 12-character public id reports and dashboards are shared by. */
export function newPublicId(): string {
  return [...randomBytes(12)].map((b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
}

function dashboardIdOf(ctx: ServiceContext, scope: string, publicId: string): number {
  const found = listResources(ctx.db, 'dashboard', scope).find((d) => d.body.publicId === publicId);
  if (!found) throw badRequest(`dashboardPublicId: no published dashboard ${publicId} here`);
  return found.id;
}

const BEHAVIOUR: Record<string, ResourceBehaviour> = {
  folder: {
    initial: (input, c) => ({
      parentId: null,
      type: 'FOLDER',
      position: c.siblings.filter((f) => (f.parentId ?? null) === (input.parentId ?? null)).length,
    }),
  },
  workbook: {
    initial: () => ({name: 'Untitled workbook', folderId: null, slug: null, meta: {}, calculatedFields: {}, type: 'WORKBOOK'}),
  },
  report: {
    enrich: reportPeople,
    initial: () => ({
      name: 'Untitled report',
      publicId: newPublicId(),
      title: null,
      description: null,
      workbookId: null,
      folderId: null,
      jsonQuery: null,
      type: 'REPORT',
    }),
  },
  notification: {
    initial: (input, c) => ({
      dashboardId: input.dashboardId ?? dashboardIdOf(c.ctx, c.scope, String(input.dashboardPublicId)),
      timezone: 'UTC',
      isEnabled: true,
      notificationEnabled: true,
      notificationAiSummary: false,
      notificationFormat: 'png',
    }),
    derive: schedule,
  },
  role: {initial: () => ({description: null, userIds: []})},
  user: {store: usersStore, initial: () => ({firstName: null, isAdmin: false, isDeactivated: false, notifications: {}})},
  'user-attribute': {initial: () => ({displayName: null, description: null, defaultValue: null})},
  'embed-group': {
    initial: (_input, c) => {
      ensureTenant(c.ctx, c.scope);
      return {description: null, userCount: 0, memberIds: []};
    },
  },
};

function resourceSpec(kind: ObjectKind): ResourceSpec {
  const {item, create, update} = kind.schemas;
  return {
    ...kind,
    item: objectSchema(item),
    ...(create && {createBody: objectSchema(create)}),
    ...(update && {updateBody: objectSchema(update)}),
    ...BEHAVIOUR[kind.kind],
  };
}

/** One row per catalogue kind, in the catalogue's order (the order of the routes in GET /api/v1/spec). */
export const RESOURCES: ResourceSpec[] = OBJECT_KINDS.map(resourceSpec);
