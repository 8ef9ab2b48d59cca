// Rows → response shapes for deployments. One place, so list, detail, settings and writes agree.
import type {Deployment, DeploymentDetail, DeploymentListItem, DeploymentSettings} from '../../../contract/index.js';
import {autoDomain, deploymentUrl, isoTime, type ServiceContext} from '../../context.js';
import type {DeploymentRow} from '../../store/deployments.js';

type S = DeploymentSettings;

export function toListItem(row: DeploymentRow): DeploymentListItem {
  return {id: String(row.id), name: row.name, created_at: isoTime(row.created_at)};
}

export function toDeployment(ctx: ServiceContext, row: DeploymentRow): Deployment {
  return {
    id: row.id,
    name: row.name,
    deploymentUrl: deploymentUrl(ctx, row),
    creationStep: row.creation_step as Deployment['creationStep'],
    created_at: isoTime(row.created_at),
  };
}

export function toDetail(ctx: ServiceContext, row: DeploymentRow): DeploymentDetail {
  return {
    ...toDeployment(ctx, row),
    region: row.region,
    cloudProvider: row.cloud_provider as S['cloudProvider'],
    creationMethod: row.creation_method as S['creationMethod'],
    deployMode: row.deploy_mode as S['deployMode'],
    deployBranchName: row.deploy_branch_name,
    releaseChannel: row.release_channel as S['releaseChannel'],
    releaseChannelVersion: row.release_channel_version,
  };
}

export function toSettings(ctx: ServiceContext, row: DeploymentRow): DeploymentSettings {
  const url = deploymentUrl(ctx, row);
  return {
    id: row.id,
    name: row.name,
    template: row.template as S['template'],
    cloudProvider: row.cloud_provider as S['cloudProvider'],
    creationStep: row.creation_step as S['creationStep'],
    creationMethod: row.creation_method as S['creationMethod'],
    deploymentUrl: url,
    releaseChannel: row.release_channel as S['releaseChannel'],
    releaseChannelVersion: row.release_channel_version,
    releaseChannelVersionHold: row.release_channel_version_hold === 1,
    deployBranchName: row.deploy_branch_name,
    deployBranchReadOnly: row.deploy_branch_read_only === 1,
    deployBranchMergeAllowed: row.deploy_branch_merge_allowed === 1,
    deployProjectRoot: row.deploy_project_root,
    deployMode: row.deploy_mode as S['deployMode'],
    isCubeSqlEnabled: true,
    isSupportPreAggregations: true,
    cubeImageVersion: `v${row.release_channel_version}`,
    customDomain: row.custom_domain,
    autoDomain: autoDomain(ctx),
    region: row.region,
    targetPlatform: row.target_platform,
    repoType: row.creation_method === 'github' ? 'git' : 'deployRepo',
    isManaged: row.is_managed === null ? null : row.is_managed === 1,
    templateVariables: row.template_variables ? (JSON.parse(row.template_variables) as Record<string, unknown>) : null,
  };
}
