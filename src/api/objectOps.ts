// Object groups' operations beyond CRUD, by path: singletons (tenant settings, app config), embedding, publish
// and duplicate, workspace moves and bulk operations, attribute values, role membership, recipients, meta.
import type {Api} from './client.js';
import {listObjects, type ObjectPage} from './objects.js';
import {listRows, readRows, unwrap, type Json} from './read.js';

export const getTenantSettings = async (api: Api, signal?: AbortSignal) => unwrap(await api.get('/api/v1/tenant/settings', {signal}));
export const updateTenantSettings = async (api: Api, body: Json, signal?: AbortSignal) => unwrap(await api.put('/api/v1/tenant/settings', {json: body, signal}));
export const getAppConfig = async (api: Api, signal?: AbortSignal) => unwrap(await api.get('/api/v1/app-config', {signal}));

export async function setDashboardEmbedding(api: Api, publicId: string, allowEmbed: boolean, signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.patch(`/api/v1/embed/dashboard/${encodeURIComponent(publicId)}`, {json: {allowEmbed}, signal}));
}

export async function getEmbeddedDashboard(api: Api, publicId: string, signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.get(`/api/v1/embed/dashboard/${encodeURIComponent(publicId)}`, {signal}));
}

export async function publishWorkbook(api: Api, deploymentId: string, workbookId: string, body: Json, signal?: AbortSignal): Promise<Json> {
  const path = `/api/v1/deployments/${encodeURIComponent(deploymentId)}/workbooks/${encodeURIComponent(workbookId)}/publish`;
  return unwrap(await api.post(path, {json: {workbookId: Number(workbookId), ...body}, signal}));
}

export async function listWorkspace(api: Api, deploymentId: string, query: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<ObjectPage> {
  return listObjects(api, {command: 'workspace', noun: 'object', description: '', path: '/api/v1/deployments/{scope}/workspace', scope: 'deployment', operations: ['list'], columns: []}, deploymentId, query, signal);
}

export async function getAttributeValues(api: Api, userId: string, signal?: AbortSignal): Promise<{values: Json[]; raw: unknown}> {
  const raw = await api.get(`/api/v1/user-attribute-values/${encodeURIComponent(userId)}`, {signal});
  return {values: readRows(listRows(raw), (r) => r), raw};
}

export async function setAttributeValue(api: Api, body: {userAttributeId: string; userId: string; value: unknown}, signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.post('/api/v1/user-attribute-values', {json: body, signal}));
}

/** Cubes and views chosen by selectors, e.g. `[{"type":"cube","deploymentId":1,"environment":"production"}]`. */
export async function describeMeta(api: Api, selectors: unknown, signal?: AbortSignal): Promise<{items: Json[]; raw: unknown}> {
  const raw = await api.post('/api/v1/meta', {json: {selectors}, signal});
  return {items: readRows(listRows(raw), (r) => r), raw};
}

export async function folderAncestors(api: Api, deploymentId: string, folderId: string, signal?: AbortSignal): Promise<{items: Json[]; raw: unknown}> {
  const raw = await api.get(`/api/v1/deployments/${encodeURIComponent(deploymentId)}/folders/${encodeURIComponent(folderId)}/ancestors`, {signal});
  return {items: readRows(listRows(raw), (r) => r), raw};
}

export async function moveWorkspaceObject(api: Api, deploymentId: string, body: {id: number; type: string; folderId: number | null}, signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.post(`/api/v1/deployments/${encodeURIComponent(deploymentId)}/workspace/move`, {json: body, signal}));
}

export async function bulkUserAction(api: Api, action: string, userIds: number[], signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.post('/api/v1/users/bulk', {json: {action, userIds}, signal}));
}

export async function duplicateWorkbook(api: Api, deploymentId: string, workbookId: string, signal?: AbortSignal): Promise<Json> {
  const path = `/api/v1/deployments/${encodeURIComponent(deploymentId)}/workbooks/${encodeURIComponent(workbookId)}/duplicate`;
  return unwrap(await api.post(path, {json: {}, signal}));
}

/** PUT gives the user the role, DELETE takes it away. */
export async function setRoleMembership(api: Api, roleId: string, userId: string, member: boolean, signal?: AbortSignal): Promise<void> {
  await api.request(member ? 'PUT' : 'DELETE', `/api/v1/roles/${encodeURIComponent(roleId)}/users/${encodeURIComponent(userId)}`, {signal});
}

/** `bulk-delete` or `bulk-move` of workspace objects; the answer lists what worked and what failed. */
export async function bulkWorkspace(api: Api, deploymentId: string, op: 'bulk-delete' | 'bulk-move', body: Json, signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.post(`/api/v1/deployments/${encodeURIComponent(deploymentId)}/workspace/${op}`, {json: body, signal}));
}

const recipientsPath = (deploymentId: string, notificationId: string) =>
  `/api/v1/deployments/${encodeURIComponent(deploymentId)}/notifications/${encodeURIComponent(notificationId)}/recipients`;

export async function listRecipients(api: Api, deploymentId: string, notificationId: string, signal?: AbortSignal): Promise<{items: Json[]; raw: unknown}> {
  const raw = await api.get(recipientsPath(deploymentId, notificationId), {signal});
  return {items: readRows(listRows(raw), (r) => r), raw};
}

/** POST adds (upserts) recipients; DELETE removes them. */
export async function changeRecipients(api: Api, deploymentId: string, notificationId: string, add: boolean, body: Json, signal?: AbortSignal): Promise<Json> {
  return unwrap(await api.request(add ? 'POST' : 'DELETE', recipientsPath(deploymentId, notificationId), {json: body, signal}));
}
