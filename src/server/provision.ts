// Creating a deployment: the row, its production environment, the first entry of its version history, the
// lifecycle hooks other modules registered, and the first build. Used by the create route and the seed.
import type {CreateDeploymentBody} from '../contract/index.js';
import type {ServiceContext} from './context.js';
import {findDeployment, insertDeployment, type DeploymentRow} from './store/deployments.js';
import {insertEnvironment} from './store/environments.js';
import {channelHead, recordVersionUse} from './store/versions.js';

export const DEFAULT_DEPLOY_BRANCH = 'main';
export const DEFAULT_RELEASE_CHANNEL = 'latest';

export interface ProvisionOptions {
  now?: number;
  /** Seed only: start on this channel/version instead of the default channel's head. */
  release?: {channel: string; version: string};
  /** Seed only: record the first build as already finished instead of queueing it. */
  alreadyBuilt?: boolean;
}

export function provisionDeployment(ctx: ServiceContext, input: CreateDeploymentBody, opts: ProvisionOptions = {}): DeploymentRow {
  const now = opts.now ?? ctx.clock.now();
  const channel = opts.release?.channel ?? DEFAULT_RELEASE_CHANNEL;
  const version = opts.release?.version ?? channelHead(ctx.db, channel);
  if (!version) throw new Error(`release channel ${channel} has no versions`);
  const id = ctx.db.transaction(() => {
    const newId = insertDeployment(ctx.db, {
      name: input.name,
      region: input.region,
      cloudProvider: input.cloudProvider,
      targetPlatform: input.targetPlatform,
      isManaged: input.isManaged,
      creationStep: input.creationStep,
      creationMethod: input.creationMethod ?? null,
      deployMode: input.deployMode ?? null,
      deployBranchName: DEFAULT_DEPLOY_BRANCH,
      releaseChannel: channel,
      releaseChannelVersion: version,
      now,
    });
    recordVersionUse(ctx.db, newId, {channel, version}, now);
    insertEnvironment(ctx.db, {deploymentId: newId, name: 'production', type: 'production', branch: DEFAULT_DEPLOY_BRANCH, userEmail: null, now});
    for (const hook of ctx.hooks.created) hook({id: newId, deployBranchName: DEFAULT_DEPLOY_BRANCH});
    // A GitHub-backed deployment has no code until the repository is connected, so nothing to build yet.
    if (input.creationMethod === 'github') return newId;
    if (opts.alreadyBuilt) ctx.builds.recordFinished(newId, DEFAULT_DEPLOY_BRANCH, 'deployment created', {finishedAt: now});
    else ctx.builds.trigger(newId, DEFAULT_DEPLOY_BRANCH, 'deployment created');
    return newId;
  })();
  const row = findDeployment(ctx.db, id);
  if (!row) throw new Error(`deployment ${id} vanished after creation`);
  return row;
}
