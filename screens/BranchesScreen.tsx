// Branches of a deployment as a tree (each under its parent) with kind and staging state. n creates a branch
// from the selected one, D deletes, s turns its staging environment on or off, m merges it into the deploy
// branch and then shows the production rebuild live; d/Enter opens dev mode on it. Every write confirms first.
// A new branch gets the cursor; enabling staging opens the build it starts.
import React, {useRef, useState} from 'react';
import {Box} from 'ink';
import {useMutation, useQuery} from '@tanstack/react-query';
import {dataModelMutations, dataModelQueries} from '../src/queries/dataModel.js';
import {LIST_REFRESH_MS} from '../src/queries/poll.js';
import {ConfirmDialog} from '../src/ui/components/ConfirmDialog.js';
import {DataTable, type Column} from '../src/ui/components/DataTable.js';
import {StateView} from '../src/ui/components/StateView.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {useTitle} from '../src/ui/hooks/useTitle.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {color, glyph} from '../src/ui/theme.js';
import {refusal} from './branches/advice.js';
import {PromptDialog} from './common/PromptDialog.js';
import {newBranchNameProblem} from '../src/contract/names.js';
import {branchTree, type BranchRow} from './branches/tree.js';
import {useLivePolicy} from './useLivePolicy.js';
import {useDeploymentName} from './useDeploymentName.js';
import {useScreenKit} from './useScreenKit.js';
import {useDialogSlot} from './common/useDialogSlot.js';

const columns: Column<BranchRow>[] = [
  {id: 'name', header: 'BRANCH', flex: 3, render: (b) => `${b.prefix}${b.name}`, color: (b) => (b.kind === 'dev' ? color.devBranch : undefined)},
  {id: 'kind', header: 'KIND', width: 7, render: (b) => b.kind},
  {id: 'parent', header: 'PARENT', flex: 2, render: (b) => b.parentBranch ?? '—'},
  {id: 'staging', header: 'STAGING', width: 8, render: (b) => (b.stagingEnabled ? `${glyph.running} on` : b.kind === 'shared' ? 'off' : '—'), color: (b) => (b.stagingEnabled ? color.success : color.muted)},
  {id: 'hash', header: 'LAST HASH', width: 10, render: (b) => (b.lastHash ?? '').slice(0, 8)},
];

type Dialog = {kind: 'none'} | {kind: 'create'; from: string} | {kind: 'delete' | 'staging' | 'merge'; target: BranchRow};

export function BranchesScreen({params}: ScreenProps) {
  const {api, client, nav, flash, body} = useScreenKit();
  const id = params.deploymentId ?? '';
  const live = useLivePolicy(LIST_REFRESH_MS);
  const {name, deployBranch} = useDeploymentName(params);
  useTitle('Branches', name);
  const query = useQuery(dataModelQueries.branches(api, id, live));
  const rows = branchTree(query.data ?? [], deployBranch);
  const selected = useRef<BranchRow | undefined>(undefined);
  const [dialog, setDialog] = useState<Dialog>({kind: 'none'});
  // The cursor lands on a branch just created, once the refetched list has it.
  const [focus, setFocus] = useState<{id: string} | undefined>();
  const close = () => setDialog({kind: 'none'});
  const create = useMutation(dataModelMutations.createBranch(api, client, id));
  const remove = useMutation(dataModelMutations.deleteBranch(api, client, id));
  const staging = useMutation(dataModelMutations.staging(api, client, id));
  const merge = useMutation(dataModelMutations.mergeToDefault(api, client, id));
  const production = deployBranch ?? rows.find((r) => r.kind === 'deploy')?.name ?? '';

  // The highlighted row as it is now: a refetch (staging toggled) replaces the row DataTable last reported.
  const current = () => rows.find((r) => r.name === selected.current?.name) ?? selected.current;
  const withSelected = (f: (b: BranchRow) => void) => () => {
    const b = current();
    return b ? f(b) : false;
  };
  const openDev = (b: BranchRow) =>
    nav.push({screen: 'dev', params: {deploymentId: id, deploymentName: name, devFrom: b.name}, label: `dev mode · ${b.name}`});
  useKeys(
    'screen',
    {
      'branches.create': () => setDialog({kind: 'create', from: current()?.name ?? production}),
      'branches.delete': withSelected((b) =>
        b.kind === 'deploy' ? flash.warn(`${b.name} is the deploy branch; it cannot be deleted`) : setDialog({kind: 'delete', target: b}),
      ),
      'branches.staging': withSelected((b) => setDialog({kind: 'staging', target: b})),
      'branches.merge': withSelected((b) =>
        b.kind === 'deploy' ? flash.info(`${b.name} is the deploy branch already; pick a branch to merge into it`) : setDialog({kind: 'merge', target: b}),
      ),
      'branches.dev': withSelected(openDev),
      'branches.build': withSelected((b) => nav.push({screen: 'build', params: {deploymentId: id, deploymentName: name, branch: b.name}, label: b.name})),
    },
    {active: dialog.kind === 'none'},
  );

  const failed = (what: string) => (err: unknown) => (close(), flash.error(refusal(what, err, 'branches')));
  const dialogView = (() => {
    switch (dialog.kind) {
      case 'none':
        return null;
      case 'create':
        return (
          <PromptDialog
            title={`New branch from ${dialog.from}`}
            label="Name"
            placeholder="e.g. feature/orders"
            action="create"
            check={newBranchNameProblem}
            busy={create.isPending ? 'Creating' : undefined}
            error={create.error ? refusal('could not create it', create.error, 'branches') : undefined}
            onCancel={() => (create.reset(), close())}
            onSubmit={(branch) =>
              create.mutate({name: branch, from: dialog.from}, {onSuccess: () => (close(), setFocus({id: branch}), flash.success(`Created branch ${branch} from ${dialog.from}`))})
            }
          />
        );
      case 'delete': {
        const b = dialog.target;
        return (
          <ConfirmDialog
            title={`Delete branch ${b.name}?`}
            message={`Its children move under ${b.parentBranch ?? 'its parent'}; dev-mode sessions on it end. It cannot be undone.`}
            confirmLabel="Delete"
            busy={remove.isPending ? 'Deleting' : undefined}
            onCancel={close}
            onConfirm={() => remove.mutate(b.name, {onSuccess: () => (close(), flash.success(`Deleted branch ${b.name}`)), onError: failed(`could not delete ${b.name}`)})}
          />
        );
      }
      case 'staging': {
        const b = dialog.target;
        const enable = !b.stagingEnabled;
        const verb = enable ? 'enable' : 'disable';
        return (
          <ConfirmDialog
            title={`${enable ? 'Enable' : 'Disable'} the staging environment of ${b.name}?`}
            message={enable ? 'The branch gets an always-on staging environment and builds now.' : 'Its staging environment stops serving.'}
            confirmLabel={enable ? 'Enable' : 'Disable'}
            busy={staging.isPending ? (enable ? 'Enabling' : 'Disabling') : undefined}
            onCancel={close}
            onConfirm={() =>
              staging.mutate(
                {branchName: b.name, enabled: enable},
                {
                  onSuccess: () => {
                    close();
                    if (!enable) return flash.success(`Staging disabled for ${b.name}`);
                    // Enabling builds the branch: watch that build (Esc comes back here; b opens it again).
                    flash.info(`Staging enabled for ${b.name}; watching its build`);
                    nav.push({screen: 'build', params: {deploymentId: id, deploymentName: name, branch: b.name}, label: `staging build · ${b.name}`});
                  },
                  onError: failed(`could not ${verb} staging on ${b.name}`),
                },
              )
            }
          />
        );
      }
      case 'merge': {
        const b = dialog.target;
        return (
          <ConfirmDialog
            title={`Merge ${b.name} into ${production}?`}
            message={`Production rebuilds from the merged model; ${b.name} is deleted afterwards (its children move up).`}
            confirmLabel="Merge"
            busy={merge.isPending ? 'Merging' : undefined}
            onCancel={close}
            onConfirm={() =>
              merge.mutate(
                {branchName: b.name},
                {
                  onSuccess: () => {
                    close();
                    flash.info(`Merged ${b.name} into ${production}; watching the production rebuild`);
                    nav.push({screen: 'build', params: {deploymentId: id, deploymentName: name, branch: production}, label: 'production rebuild'});
                  },
                  onError: failed(`could not merge ${b.name}`),
                },
              )
            }
          />
        );
      }
    }
  })();
  const dialogBox = useDialogSlot(dialogView, dialog.kind);

  return (
    <Box flexDirection="column">
      {dialogBox.slot}
      <StateView query={query} noun="branches" empty={rows.length === 0}>
        <DataTable
          rows={rows}
          columns={columns}
          getRowId={(b) => b.name}
          noun="branches"
          height={Math.max(3, body.height - dialogBox.rows)}
          active={dialog.kind === 'none'}
          focus={focus}
          onSelect={(b) => (selected.current = b)}
          onActivate={openDev}
        />
      </StateView>
    </Box>
  );
}
