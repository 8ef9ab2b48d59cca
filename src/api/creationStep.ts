// Where a deployment is in its creation wizard: advance, reset.
import type {Api} from './client.js';
import {readDeploymentRecord, type DeploymentRecord} from './deployments.js';
import {unwrap} from './read.js';

const base = (id: string) => `/api/v1/deployments/${encodeURIComponent(id)}`;

export async function advanceCreationStep(api: Api, deploymentId: string, creationStep: string, signal?: AbortSignal): Promise<DeploymentRecord> {
  return readDeploymentRecord(unwrap(await api.post(`${base(deploymentId)}/creation-step/advance`, {json: {creationStep}, signal})));
}

export async function resetCreationStep(api: Api, deploymentId: string, signal?: AbortSignal): Promise<DeploymentRecord> {
  return readDeploymentRecord(unwrap(await api.post(`${base(deploymentId)}/creation-step/reset`, {signal})));
}
