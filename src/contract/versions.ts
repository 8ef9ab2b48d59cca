// Versions a deployment can switch to: the head of each release channel plus versions the account has run.
import {z} from 'zod';
import {itemsDataPage} from './common.js';
import {ReleaseChannel} from './deployments.js';

export const DeploymentVersion = z
  .object({
    version: z.string(),
    releaseChannel: ReleaseChannel,
    /** `<image_repository>:v<semver>`: the value to pass when switching. */
    releaseChannelVersion: z.string(),
    isLatestInChannel: z.boolean(),
    isCurrent: z.boolean(),
  })
  .meta({id: 'DeploymentVersion'});
export type DeploymentVersion = z.infer<typeof DeploymentVersion>;

export const DeploymentVersionsResponse = itemsDataPage(DeploymentVersion, 'DeploymentVersionsResponse');
export type DeploymentVersionsResponse = z.infer<typeof DeploymentVersionsResponse>;
