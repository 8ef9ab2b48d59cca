// Deployments: every deployment the credential can see, paged from the API as the cursor nears the end of the
// loaded rows, refreshed live. Enter opens the overview; c creates, D deletes (type the name), * pins (a notice when
// any of its runs ends, from any screen).
import React, {useCallback, useMemo, useRef, useState} from 'react';
import {Box} from 'ink';
import {useInfiniteQuery, useMutation} from '@tanstack/react-query';
import type {DeploymentItem} from '../src/api/deployments.js';
import {idString} from '../src/api/read.js';
import {DEPLOYMENTS_PAGE_SIZE, deploymentMutations, deploymentQueries} from '../src/queries/deployments.js';
import {LIST_REFRESH_MS} from '../src/queries/poll.js';
import {usePins} from '../src/ui/activity/ActivityFeedProvider.js';
import {DataTable} from '../src/ui/components/DataTable.js';
import {StateView, errorMessage} from '../src/ui/components/StateView.js';
import {TypeToConfirm} from '../src/ui/components/TypeToConfirm.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {useOfferSelection} from '../src/ui/hooks/useNav.js';
import {useTitle} from '../src/ui/hooks/useTitle.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {CreateDeploymentForm} from './deployments/CreateDeploymentForm.js';
import {deploymentColumns, STATE_MIN_WIDTH} from './deployments/columns.js';
import {useRowStates} from './deployments/liveState.js';
import {useHints} from './hints.js';
import {useDialogSlot} from './common/useDialogSlot.js';
import {useLivePolicy} from './useLivePolicy.js';
import {useNextPage} from './usePaging.js';
import {useScreenKit} from './useScreenKit.js';

const deploymentId = (d: DeploymentItem) => d.id;

const NO_IDS: readonly string[] = [];

type Dialog = {kind: 'none'} | {kind: 'create'} | {kind: 'delete'; target: DeploymentItem};

export interface DeploymentsScreenProps extends Partial<ScreenProps> {
  /** Rows per API page. @default DEPLOYMENTS_PAGE_SIZE */
  readonly pageSize?: number;
}

export function DeploymentsScreen({pageSize = DEPLOYMENTS_PAGE_SIZE}: DeploymentsScreenProps) {
  const {api, client, nav, flash, body} = useScreenKit();
  const createHint = useHints()([['deployments.create', 'creates one']]);
  const live = useLivePolicy(LIST_REFRESH_MS);
  useTitle('Deployments');
  const query = useInfiniteQuery(deploymentQueries.list(api, {limit: pageSize}, live));
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.deployments) ?? [], [query.data]);
  const [dialog, setDialog] = useState<Dialog>({kind: 'none'});
  const [visibleIds, setVisibleIds] = useState<readonly string[]>([]);
  const onVisibleRows = useCallback((shown: readonly DeploymentItem[]) => setVisibleIds(shown.map((d) => d.id)), []);
  // The state columns need room; on a narrow terminal the name and URL keep it (and no state is fetched).
  const wide = body.width >= STATE_MIN_WIDTH;
  const states = useRowStates(wide ? visibleIds : NO_IDS, live);
  const {pins, togglePin} = usePins();
  const allColumns = useMemo(() => deploymentColumns(wide ? states : undefined, Date.now(), pins), [states, wide, pins]);
  const selected = useRef<DeploymentItem | undefined>(undefined);
  const create = useMutation(deploymentMutations.create(api, client));
  const remove = useMutation(deploymentMutations.remove(api, client));

  const offer = useOfferSelection();
  const nextPage = useNextPage(rows, query, pageSize, deploymentId);
  const onSelect = useCallback((row: DeploymentItem) => {
    selected.current = row;
    offer({params: {deploymentId: row.id, deploymentName: row.name}, label: row.name});
    nextPage(row);
  }, [offer, nextPage]);
  const open = (d: DeploymentItem, screen = 'deployment') =>
    nav.push({screen, params: {deploymentId: d.id, deploymentName: d.name}, label: d.name});

  useKeys(
    'screen',
    {
      'deployments.create': () => setDialog({kind: 'create'}),
      'deployments.delete': () => (selected.current ? setDialog({kind: 'delete', target: selected.current}) : false),
      'deployments.versions': () => (selected.current ? open(selected.current, 'versions') : false),
      'deployments.envs': () => (selected.current ? open(selected.current, 'environments') : false),
      'deployments.pin': () => (selected.current ? togglePin(selected.current.id, selected.current.name) : false),
    },
    {active: dialog.kind === 'none'},
  );

  const close = () => setDialog({kind: 'none'});
  const submitCreate = (input: {name: string; region: string}) =>
    create.mutate(input, {
      onSuccess: (created) => {
        close();
        const id = idString(created.id);
        flash.success(`Created deployment ${input.name}${id ? ` (${id})` : ''}`);
        if (id) nav.push({screen: 'deployment', params: {deploymentId: id, deploymentName: input.name}, label: input.name});
      },
    });
  const confirmDelete = (target: DeploymentItem) =>
    remove.mutate(target.id, {
      onSuccess: () => flash.success(`Deleted deployment ${target.name} (${target.id})`),
      onError: (err) => flash.error(`could not delete ${target.name}: ${errorMessage(err)}`),
      onSettled: close,
    });

  const dialogView =
    dialog.kind === 'create' ? (
      <CreateDeploymentForm
        onSubmit={submitCreate}
        onCancel={() => (create.reset(), close())}
        busy={create.isPending}
        serverError={create.error ? errorMessage(create.error) : undefined}
      />
    ) : dialog.kind === 'delete' ? (
      <TypeToConfirm
        title={`Delete deployment ${dialog.target.name} (${dialog.target.id})?`}
        message="This deletes its environments, branches and builds. It cannot be undone."
        expected={dialog.target.name}
        onConfirm={() => confirmDelete(dialog.target)}
        onCancel={close}
        busy={remove.isPending ? 'Deleting' : undefined}
      />
    ) : null;
  const dialogBox = useDialogSlot(dialogView, dialog.kind);

  return (
    <Box flexDirection="column">
      {dialogBox.slot}
      <StateView query={query} noun="deployments" empty={rows.length === 0} emptyText={createHint ? `No deployments yet (${createHint})` : 'No deployments yet'}>
        <DataTable
          rows={rows}
          columns={allColumns}
          getRowId={(d) => d.id}
          onVisibleRows={onVisibleRows}
          noun="deployments"
          total={query.data?.pages.at(-1)?.total}
          height={Math.max(3, body.height - dialogBox.rows)}
          active={dialog.kind === 'none'}
          onSelect={onSelect}
          onActivate={(d) => open(d)}
        />
      </StateView>
    </Box>
  );
}
