// Environment variables of a deployment. Secret-looking values are masked (by the service and again by the
// client); n sets one, e changes the selected one, D unsets it. Each asks first and names the rebuild the change
// causes; after it the production build it started is shown live under the table (b opens it).
import React, {useMemo, useRef, useState} from 'react';
import {Box, Text} from 'ink';
import {useMutation, useQuery, useQueryClient} from '@tanstack/react-query';
import {ENCRYPTED, type EnvVariable} from '../src/api/envVars.js';
import {buildQueries} from '../src/queries/builds.js';
import {envVarMutations, envVarQueries} from '../src/queries/envVars.js';
import {BUILD_POLL_MS, LIST_REFRESH_MS} from '../src/queries/poll.js';
import {useRunStarted} from '../src/ui/activity/ActivityFeedProvider.js';
import {causedBuild} from '../src/ui/activity/feed.js';
import {ConfirmDialog} from '../src/ui/components/ConfirmDialog.js';
import {DataTable, type Column} from '../src/ui/components/DataTable.js';
import {StateView, errorMessage} from '../src/ui/components/StateView.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {useApi} from '../src/ui/hooks/useApi.js';
import {useBodySize} from '../src/ui/hooks/useBodySize.js';
import {useFlash} from '../src/ui/hooks/useFlash.js';
import {useNavActions} from '../src/ui/hooks/useNav.js';
import {useTitle} from '../src/ui/hooks/useTitle.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {color} from '../src/ui/theme.js';
import {useDeploymentName} from './useDeploymentName.js';
import {useLivePolicy} from './useLivePolicy.js';
import {RebuildLine, rebuildText} from './variables/RebuildLine.js';
import {VarForm} from './variables/VarForm.js';
import {secretPart, type VarDraft} from './variables/varInput.js';
import {useDialogSlot} from './common/useDialogSlot.js';

const SECRET_SHOWN = '••••••••';
const columns: Column<EnvVariable>[] = [
  {id: 'name', header: 'NAME', flex: 2, render: (v) => v.name},
  {id: 'secret', header: 'SECRET', width: 7, render: (v) => (secretPart(v.name) ? 'yes' : '')},
  {id: 'value', header: 'VALUE', flex: 3, render: (v) => (secretPart(v.name) || v.value === ENCRYPTED ? SECRET_SHOWN : v.value), color: (v) => (secretPart(v.name) ? color.muted : undefined)},
];
const NO_ROWS: EnvVariable[] = [];

type Dialog =
  | {kind: 'none'}
  | {kind: 'form'; draft: VarDraft; error?: string}
  | {kind: 'set'; draft: VarDraft}
  | {kind: 'unset'; name: string};

export function VariablesScreen({params}: ScreenProps) {
  const api = useApi();
  const client = useQueryClient();
  const nav = useNavActions();
  const flash = useFlash();
  const body = useBodySize();
  const id = params.deploymentId ?? '';
  const live = useLivePolicy(LIST_REFRESH_MS);
  const {name, deployBranch} = useDeploymentName(params, live);
  useTitle('Variables', name);
  const query = useQuery(envVarQueries.list(api, id, live));
  const rows = query.data?.variables ?? NO_ROWS;
  const existing = useMemo(() => new Set(rows.map((v) => v.name)), [rows]);
  const buildLive = useLivePolicy(BUILD_POLL_MS);
  const build = useQuery({...buildQueries.status(api, id, deployBranch, buildLive), enabled: deployBranch !== undefined});
  const set = useMutation(envVarMutations.set(api, client, id));
  const runStarted = useRunStarted();
  const unset = useMutation(envVarMutations.unset(api, client, id));
  const [dialog, setDialog] = useState<Dialog>({kind: 'none'});
  const [focus, setFocus] = useState<{id: string} | undefined>();
  // The production build before the last change: a newer one is the rebuild that change started.
  const [since, setSince] = useState<number | undefined>();
  const selected = useRef<EnvVariable | undefined>(undefined);
  const close = () => setDialog({kind: 'none'});

  useKeys(
    'screen',
    {
      'variables.set': () => setDialog({kind: 'form', draft: {name: '', value: ''}}),
      'variables.edit': () => {
        const v = selected.current;
        if (!v) return false;
        // A secret's value is never known here: it is typed again, never prefilled.
        setDialog({kind: 'form', draft: {name: v.name, value: secretPart(v.name) || v.value === ENCRYPTED ? '' : v.value}});
      },
      'variables.unset': () => (selected.current ? setDialog({kind: 'unset', name: selected.current.name}) : false),
      'variables.build': () => (deployBranch ? nav.push({screen: 'build', params: {deploymentId: id, deploymentName: name, branch: deployBranch}}) : false),
    },
    {active: dialog.kind === 'none'},
  );

  const changed = (text: string) => {
    setSince(build.data?.buildJobId ?? 0);
    close();
    if (build.data?.status === 'none') return flash.success(`${text}; it applies at the first build`);
    runStarted(causedBuild(id, build.data, {deploymentName: name, ref: deployBranch}));
    flash.success(`${text}; ${deployBranch ? `rebuilding ${deployBranch}` : 'rebuilding'} (b watches it)`);
  };
  const dialogView = (() => {
    switch (dialog.kind) {
      case 'none':
        return null;
      case 'form':
        return (
          <VarForm
            deployment={name}
            initial={dialog.draft}
            existing={existing}
            serverError={dialog.error}
            onSubmit={(draft) => setDialog({kind: 'set', draft})}
            onCancel={close}
          />
        );
      case 'set': {
        const {draft} = dialog;
        return (
          <ConfirmDialog
            title={`Set ${draft.name} on ${name}?`}
            message={rebuildText(deployBranch, build.data)}
            confirmLabel="Set"
            busy={set.isPending ? `Setting ${draft.name}` : undefined}
            onConfirm={() =>
              set.mutate(draft, {
                onSuccess: () => (changed(`Set ${draft.name}`), setFocus({id: draft.name})),
                // Back to the form with everything typed, and the service's answer under it.
                onError: (err) => setDialog({kind: 'form', draft, error: errorMessage(err)}),
              })
            }
            onCancel={() => setDialog({kind: 'form', draft})}
          />
        );
      }
      case 'unset': {
        const target = dialog.name;
        return (
          <ConfirmDialog
            title={`Unset ${target} on ${name}?`}
            message={`The variable is removed. ${rebuildText(deployBranch, build.data)}`}
            confirmLabel="Unset"
            busy={unset.isPending ? `Unsetting ${target}` : undefined}
            onConfirm={() => unset.mutate(target, {onSuccess: () => changed(`Unset ${target}`), onError: (err) => (close(), flash.error(`could not unset ${target}: ${errorMessage(err)}`))})}
            onCancel={close}
          />
        );
      }
    }
  })();
  const dialogBox = useDialogSlot(dialogView, dialog.kind);
  return (
    <Box flexDirection="column">
      {dialogBox.slot}
      <StateView query={query} noun="variables" empty={rows.length === 0}>
        <DataTable
          rows={rows}
          columns={columns}
          getRowId={(v) => v.name}
          noun="variables"
          height={Math.max(3, body.height - dialogBox.rows - 2)}
          active={dialog.kind === 'none'}
          focus={focus}
          onSelect={(v) => (selected.current = v)}
        />
        {query.data && !query.data.complete ? <Text color={color.warn}>Only the first {rows.length} variables are shown.</Text> : null}
        <Box marginTop={1}>
          <RebuildLine branch={deployBranch} build={build.data} since={since} />
        </Box>
      </StateView>
    </Box>
  );
}
