// Which versions a deployment may run and how an update request picks one. The list is the head of every
// release channel plus the versions any deployment of the account ran before; a switch must name a listed version.
import type {DeploymentVersion, ReleaseChannel} from '../contract/index.js';
import type {ServiceContext} from './context.js';
import {badRequest} from './errors.js';
import type {DeploymentRow} from './store/deployments.js';
import {channelHead, channelHeads, accountHistory, type ChannelVersion} from './store/versions.js';

export const IMAGE_REPOSITORY = 'svc-platform/runtime';

const CHANNEL_ORDER = ['latest', 'release'];

function semverParts(v: string): number[] {
  return v.split('.').map(Number);
}

function compareSemver(a: string, b: string): number {
  const [x, y] = [semverParts(a), semverParts(b)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

export function listVersions(ctx: ServiceContext, row: DeploymentRow): DeploymentVersion[] {
  const heads = channelHeads(ctx.db);
  const current: ChannelVersion = {channel: row.release_channel, version: row.release_channel_version};
  const seen = new Set<string>();
  const all: ChannelVersion[] = [];
  for (const v of [...heads, current, ...accountHistory(ctx.db)]) {
    const key = `${v.channel}/${v.version}`;
    if (!seen.has(key)) {
      seen.add(key);
      all.push(v);
    }
  }
  all.sort((a, b) => CHANNEL_ORDER.indexOf(a.channel) - CHANNEL_ORDER.indexOf(b.channel) || compareSemver(b.version, a.version));
  return all.map((v) => ({
    version: v.version,
    releaseChannel: v.channel as ReleaseChannel,
    releaseChannelVersion: `${IMAGE_REPOSITORY}:v${v.version}`,
    isLatestInChannel: heads.some((h) => h.channel === v.channel && h.version === v.version),
    isCurrent: v.channel === current.channel && v.version === current.version,
  }));
}

export interface VersionChoice {
  channel: string;
  version: string;
  hold: boolean;
}

/**
 * Resolves `releaseChannelVersion` (`1.2.3`, `v1.2.3` or `<repo>:v1.2.3`) and/or `releaseChannel` to a listed
 * version; undefined when neither is sent. A non-latest choice holds the version unless `hold` says otherwise.
 */
export function chooseVersion(
  ctx: ServiceContext,
  row: DeploymentRow,
  body: {releaseChannel?: string; releaseChannelVersion?: string; releaseChannelVersionHold?: boolean},
): VersionChoice | undefined {
  if (body.releaseChannelVersion !== undefined) {
    const listed = listVersions(ctx, row).filter((v) => !body.releaseChannel || v.releaseChannel === body.releaseChannel);
    const wanted = normaliseVersion(body.releaseChannelVersion);
    const matches = listed.filter((v) => v.version === wanted.version && (wanted.repository ?? IMAGE_REPOSITORY) === IMAGE_REPOSITORY);
    const pick = matches.find((v) => v.releaseChannel === row.release_channel) ?? matches[0];
    if (!pick) {
      const choices = listed.map((v) => `${v.version} on ${v.releaseChannel}${v.isLatestInChannel ? ' (newest)' : ''}`).join(', ');
      throw badRequest(`releaseChannelVersion "${body.releaseChannelVersion}" is not on the versions list of deployment ${row.id}; valid choices: ${choices}`);
    }
    return {channel: pick.releaseChannel, version: pick.version, hold: body.releaseChannelVersionHold ?? !pick.isLatestInChannel};
  }
  if (body.releaseChannel !== undefined) {
    const head = channelHead(ctx.db, body.releaseChannel);
    if (!head) throw badRequest(`release channel "${body.releaseChannel}" has no versions`);
    return {channel: body.releaseChannel, version: head, hold: body.releaseChannelVersionHold ?? false};
  }
  return undefined;
}

function normaliseVersion(input: string): {repository: string | undefined; version: string} {
  const trimmed = input.trim();
  const colon = trimmed.lastIndexOf(':');
  const repository = colon >= 0 ? trimmed.slice(0, colon) : undefined;
  const tag = colon >= 0 ? trimmed.slice(colon + 1) : trimmed;
  return {repository, version: tag.replace(/^v/, '')};
}
