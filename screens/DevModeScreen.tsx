// Dev mode as a guided workflow: pick (or create) a branch → enter dev mode (a personal dev-… fork; the header
// shows ★) → edit files in $EDITOR or create one → validate (errors per file) → commit to the parent branch →
// optionally merge the parent into the deploy branch (production rebuilds, shown live) → leave dev mode. The bar
// on top always shows the step and what comes next.
import React, {useEffect, useReducer, useRef, useState} from 'react';
import {Box, Text} from 'ink';
import {useQuery} from '@tanstack/react-query';
import type {BranchItem} from '../src/api/dataModel.js';
import {str} from '../src/api/read.js';
import {buildQueries} from '../src/queries/builds.js';
import {dataModelQueries, type DevFile} from '../src/queries/dataModel.js';
import {deploymentQueries} from '../src/queries/deployments.js';
import {BUILD_POLL_MS, LIST_REFRESH_MS} from '../src/queries/poll.js';
import {ConfirmDialog} from '../src/ui/components/ConfirmDialog.js';
import {StateView} from '../src/ui/components/StateView.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {useApi, useAppInfo} from '../src/ui/hooks/useApi.js';
import {useBodySize} from '../src/ui/hooks/useBodySize.js';
import {editorCommand} from '../src/ui/hooks/useExternal.js';
import {useFlash} from '../src/ui/hooks/useFlash.js';
import {useNav} from '../src/ui/hooks/useNav.js';
import {useDevBranch, useTitle} from '../src/ui/hooks/useTitle.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {color} from '../src/ui/theme.js';
import {PROMPT_HEIGHT, PromptDialog} from './branches/PromptDialog.js';
import {BranchPicker, pickerRows} from './devmode/BranchPicker.js';
import {FilesPane} from './devmode/FilesPane.js';
import {devReducer, initialDevState, isDevBranch} from './devmode/reducer.js';
import {progress} from './devmode/steps.js';
import {STEPS_BAR_HEIGHT, StepsBar} from './devmode/StepsBar.js';
import {useDevActions} from './devmode/useDevActions.js';
import {useLivePolicy} from './useLivePolicy.js';

type Dialog = 'none' | 'newBranch' | 'newFile' | 'commit' | 'merge';

export function DevModeScreen({params}: ScreenProps) {
  const api = useApi();
  const nav = useNav();
  const flash = useFlash();
  const body = useBodySize();
  const {readonly} = useAppInfo();
  const id = params.deploymentId ?? '';
  const listLive = useLivePolicy(LIST_REFRESH_MS);
  const buildLive = useLivePolicy(BUILD_POLL_MS);
  const settings = useQuery(deploymentQueries.settings(api, id));
  const name = str(settings.data?.name) ?? params.deploymentName ?? id;
  const deployBranch = str(settings.data?.deployBranchName);
  useTitle('Dev mode', name);
  const [state, dispatch] = useReducer(devReducer, initialDevState);
  const session = state.session;
  const [dialog, setDialog] = useState<Dialog>('none');
  const actions = useDevActions(id, session, dispatch);

  // Without a branch, build status answers for the caller's dev-mode session when one is open.
  const sessionStatus = useQuery({...buildQueries.status(api, id, undefined), enabled: session === undefined});
  const branches = useQuery(dataModelQueries.branches(api, id, listLive));
  useEffect(() => {
    // Not from a cached answer a refetch is replacing: the session may have changed since (entered or left).
    if (session !== undefined || !sessionStatus.data || sessionStatus.isFetching) return;
    const s = sessionStatus.data;
    if (s.mode !== 'dev_mode') return dispatch({type: 'session', session: null});
    const parent = branches.data?.find((b) => b.name === s.branchName)?.parentBranch;
    dispatch({type: 'session', session: {name: s.branchName, ...(parent !== undefined && {parent})}});
  }, [session, sessionStatus.data, sessionStatus.isFetching, branches.data]);
  useEffect(() => {
    // The parent arrives with the branch list when the session was found through build status.
    const parent = session && !session.parent ? branches.data?.find((b) => b.name === session.name)?.parentBranch : undefined;
    if (session && parent) dispatch({type: 'session', session: {...session, parent}});
  }, [session, branches.data]);
  useDevBranch(session?.name);

  const devName = session && isDevBranch(session.name) ? session.name : undefined;
  const files = useQuery({...dataModelQueries.files(api, id, devName ?? ''), enabled: devName !== undefined});
  const devBuild = useQuery({...buildQueries.status(api, id, session?.name, buildLive), enabled: session != null});
  const production = useQuery({...buildQueries.status(api, id, deployBranch, buildLive), enabled: state.merged && deployBranch !== undefined});

  const rows = pickerRows(branches.data ?? [], deployBranch, params.devFrom);
  const picked = useRef<BranchItem | undefined>(undefined);
  const [pickedName, setPickedName] = useState<string | undefined>(params.devFrom);
  const selectedFile = useRef<DevFile | undefined>(undefined);
  const step = progress({state, deployBranch, picked: session ? undefined : pickedName, editor: editorCommand()});

  const close = () => setDialog('none');
  const toggle = () => {
    if (session === undefined) return false;
    if (session && isDevBranch(session.name)) return void actions.exit();
    // Before the table reports its cursor, the highlighted row is the first one.
    const target = session?.name ?? picked.current?.name ?? rows[0]?.name;
    if (target) void actions.enter(target);
  };
  const merge = () => {
    if (!session) return flash.warn('enter dev mode first: the merge brings your committed work to production');
    if (!session.parent || session.parent === deployBranch) return flash.info(`${session.name} commits straight to ${deployBranch ?? 'the deploy branch'}: nothing to merge`);
    if (!state.committed) flash.warn(`nothing committed in this visit: ${session.parent} is merged as it is`);
    setDialog('merge');
  };
  useKeys(
    'screen',
    {
      'dev.toggle': toggle,
      // By path: after a save the list is refetched and the row DataTable last reported holds the old content.
      'dev.edit': () => actions.editFile(files.data?.find((f) => f.path === selectedFile.current?.path) ?? selectedFile.current),
      'dev.new': () => setDialog(session ? 'newFile' : 'newBranch'),
      'dev.validate': () => (session ? void actions.validate() : false),
      'dev.commit': () => (devName ? setDialog('commit') : flash.warn('enter dev mode first: a commit brings a dev-… branch’s edits to its parent')),
      'dev.merge': merge,
      'dev.build': () => (session ? nav.push({screen: 'build', params: {deploymentId: id, deploymentName: name, branch: session.name}, label: session.name}) : false),
    },
    {active: dialog === 'none' && actions.busy === undefined},
  );

  const dialogView =
    dialog === 'newBranch' ? (
      <PromptDialog title={`New branch from ${deployBranch ?? 'the deploy branch'}, then dev mode on it`} label="Name" placeholder="feature/orders" action="create" onCancel={close} onSubmit={(b) => (close(), void actions.createAndEnter(b, deployBranch))} />
    ) : dialog === 'newFile' ? (
      <PromptDialog title={`New file on ${session?.name ?? ''} (opens in $EDITOR)`} label="Path" placeholder="model/cubes/new_cube.yml" action="create and edit" onCancel={close}
        onSubmit={(path) => {
          close();
          const existing = files.data?.find((f) => f.path === path.replace(/^\/+/, ''));
          if (existing) actions.editFile(existing);
          else actions.newFile(path.replace(/^\/+/, ''));
        }}
      />
    ) : dialog === 'commit' ? (
      <PromptDialog title={`Commit ${session?.name ?? ''} to ${session?.parent ?? 'its parent'}`} label="Message" initial={`Update data model from ${session?.name ?? 'dev mode'}`} action="commit" onCancel={close} onSubmit={(message) => (close(), void actions.commit(message))} />
    ) : dialog === 'merge' && session?.parent ? (
      <ConfirmDialog
        title={`Merge ${session.parent} into ${deployBranch ?? 'the deploy branch'}?`}
        message={`Production rebuilds from the merged model; ${session.parent} stays.`}
        confirmLabel="Merge"
        onCancel={close}
        onConfirm={() => (close(), void actions.mergeToDefault(deployBranch ?? 'the deploy branch'))}
      />
    ) : null;
  const dialogHeight = dialog === 'none' ? 0 : dialog === 'merge' ? 5 : PROMPT_HEIGHT;
  const height = Math.max(3, body.height - STEPS_BAR_HEIGHT - dialogHeight - (actions.busy ? 1 : 0));

  return (
    <Box flexDirection="column">
      <StepsBar session={session} progress={step} build={devBuild.data} production={state.merged ? production.data : undefined} />
      {dialogView}
      {actions.busy ? <Text color={color.muted}>{actions.busy}…</Text> : null}
      {devName ? (
        <StateView query={files} noun="files" empty={(files.data ?? []).length === 0}>
          <FilesPane
            files={files.data ?? []}
            saved={state.saved}
            validation={state.validation}
            height={height}
            active={dialog === 'none' && actions.busy === undefined}
            onSelect={(f) => (selectedFile.current = f)}
            onActivate={readonly ? undefined : (f) => actions.editFile(f)}
          />
        </StateView>
      ) : session === undefined ? null : (
        <StateView query={branches} noun="branches" empty={rows.length === 0}>
          <BranchPicker
            rows={rows}
            deployBranch={deployBranch}
            height={height}
            active={dialog === 'none' && actions.busy === undefined}
            onSelect={(b) => ((picked.current = b), setPickedName(b.name))}
            onActivate={readonly ? undefined : (b) => void actions.enter(b.name)}
          />
        </StateView>
      )}
    </Box>
  );
}
