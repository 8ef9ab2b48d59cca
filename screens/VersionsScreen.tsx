// Versions a deployment can run: ★ current, ✓ latest in its channel. Enter/s switches to the selected version,
// L to the selected channel's latest; both confirm (default No), PUT, then watch the rebuild on the Build screen
// (and the console notices it when it ends, from any screen).
import React, {useRef, useState} from 'react';
import {Box} from 'ink';
import {useMutation, useQuery} from '@tanstack/react-query';
import type {DeploymentVersion} from '../src/api/deployments.js';
import {buildQueries} from '../src/queries/builds.js';
import {deploymentMutations, deploymentQueries} from '../src/queries/deployments.js';
import {BUILD_POLL_MS, LIST_REFRESH_MS} from '../src/queries/poll.js';
import {useRunStarted} from '../src/ui/activity/ActivityFeedProvider.js';
import {causedBuild} from '../src/ui/activity/feed.js';
import {ConfirmDialog} from '../src/ui/components/ConfirmDialog.js';
import {DataTable, type Column} from '../src/ui/components/DataTable.js';
import {StateView, errorMessage} from '../src/ui/components/StateView.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {useTitle} from '../src/ui/hooks/useTitle.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {color, glyph} from '../src/ui/theme.js';
import {useLivePolicy} from './useLivePolicy.js';
import {useDeploymentName} from './useDeploymentName.js';
import {useScreenKit} from './useScreenKit.js';
import {useDialogSlot} from './common/useDialogSlot.js';

const columns: Column<DeploymentVersion>[] = [
  {id: 'current', header: ' ', width: 1, render: (v) => (v.isCurrent ? glyph.star : ''), color: () => color.accent},
  {id: 'version', header: 'VERSION', width: 12, render: (v) => v.version},
  {id: 'channel', header: 'CHANNEL', width: 9, render: (v) => v.releaseChannel},
  {id: 'latest', header: 'LATEST', width: 6, render: (v) => (v.isLatestInChannel ? glyph.ok : ''), color: () => color.success},
  {id: 'pass', header: 'CHANNEL VERSION', flex: 1, render: (v) => v.releaseChannelVersion},
];
const rowId = (v: DeploymentVersion) => `${v.releaseChannel}:${v.releaseChannelVersion}`;

interface Switch {
  /** Body of the PUT. */
  body: {releaseChannelVersion: string} | {releaseChannel: string};
  /** What the dialog and flash call the target. */
  label: string;
}

export function VersionsScreen({params}: ScreenProps) {
  const {api, client, nav, flash, body, readonly} = useScreenKit();
  const id = params.deploymentId ?? '';
  const live = useLivePolicy(LIST_REFRESH_MS);
  const query = useQuery(deploymentQueries.versions(api, id, live));
  const {settings, name, deployBranch} = useDeploymentName(params);
  useTitle('Versions', name);
  // The deploy branch's build before a switch: the rebuild the switch starts is the next one.
  const buildLive = useLivePolicy(BUILD_POLL_MS);
  const build = useQuery({...buildQueries.status(api, id, deployBranch, buildLive), enabled: deployBranch !== undefined});
  const rows = query.data?.versions ?? [];
  const selected = useRef<DeploymentVersion | undefined>(undefined);
  const [pending, setPending] = useState<Switch | undefined>();
  const update = useMutation(deploymentMutations.update(api, client, id));
  const runStarted = useRunStarted();

  const ask = (target: Switch, alreadyCurrent: boolean) =>
    alreadyCurrent ? flash.info(`${name} already runs ${target.label}`) : setPending(target);
  const switchToSelected = () => {
    const v = selected.current;
    if (!v) return false;
    ask({body: {releaseChannelVersion: v.releaseChannelVersion}, label: `version ${v.version} (${v.releaseChannel})`}, v.isCurrent);
  };
  const switchToLatest = () => {
    const v = selected.current;
    if (!v) return false;
    const head = rows.find((r) => r.releaseChannel === v.releaseChannel && r.isLatestInChannel);
    ask({body: {releaseChannel: v.releaseChannel}, label: `the latest ${v.releaseChannel} version${head ? ` (${head.version})` : ''}`}, head?.isCurrent ?? false);
  };
  useKeys('screen', {'versions.switch': switchToSelected, 'versions.latest': switchToLatest}, {active: pending === undefined});

  const confirm = (target: Switch) =>
    update.mutate(target.body, {
      onSuccess: (after) => {
        setPending(undefined);
        const branch = after.deployBranchName ?? settings.data?.deployBranchName;
        flash.info(`Switched ${name} to ${target.label}; watching the rebuild`);
        runStarted(causedBuild(id, build.data, {deploymentName: name, ref: branch ?? ''}));
        nav.push({screen: 'build', params: {deploymentId: id, deploymentName: name, branch: branch ?? ''}, label: 'rebuild'});
      },
      onError: (err) => {
        setPending(undefined);
        flash.error(`could not switch ${name}: ${errorMessage(err)}`);
      },
    });

  const question = useDialogSlot(
    pending ? (
      <ConfirmDialog
        title={`Switch ${name} to ${pending.label}?`}
        message={`The deployment rebuilds${settings.data?.deployBranchName ? ` its deploy branch ${settings.data.deployBranchName}` : ''} on the new version.`}
        confirmLabel="Switch"
        onConfirm={() => confirm(pending)}
        onCancel={() => setPending(undefined)}
        busy={update.isPending ? 'Switching' : undefined}
      />
    ) : null,
    'switch',
  );
  return (
    <Box flexDirection="column">
      {question.slot}
      <StateView query={query} noun="versions" empty={rows.length === 0}>
        <DataTable
          rows={rows}
          columns={columns}
          getRowId={rowId}
          noun="versions"
          height={Math.max(3, body.height - question.rows)}
          active={pending === undefined}
          onSelect={(v) => (selected.current = v)}
          // Enter switches too, so it is as dangerous as `s`: --readonly leaves it inert.
          onActivate={readonly ? undefined : (v) => ((selected.current = v), switchToSelected())}
          activateLabel="switch version"
        />
      </StateView>
    </Box>
  );
}
