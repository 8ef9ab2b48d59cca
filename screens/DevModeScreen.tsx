// Dev mode as a guided workflow: pick (or create) a branch → enter dev mode (your personal dev-… fork of it; the
// header shows ★) → edit files in $EDITOR or create one → validate (errors per file, each a row) → commit to the
// parent branch → optionally merge the parent into the deploy branch (production rebuilds, shown live) → leave
// dev mode. The bar on top always shows the step and what comes next. The guide's progress belongs to the dev
// branch (guideStore), so leaving the screen and coming back keeps it; the diff against the parent (v / A) is
// rebuilt from the service. Committing or merging an unvalidated or failing model asks first, default No.
import React, {useEffect, useRef, useState} from 'react';
import {buildQueries} from '../src/queries/builds.js';
import {Box, Text} from 'ink';
import {useQuery} from '@tanstack/react-query';
import type {BranchItem} from '../src/api/dataModel.js';
import {dataModelQueries} from '../src/queries/dataModel.js';
import {BUILD_POLL_MS, LIST_REFRESH_MS} from '../src/queries/poll.js';
import {StateView} from '../src/ui/components/StateView.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {editorCommand} from '../src/ui/hooks/useExternal.js';
import {useWithheld} from '../src/ui/hooks/usePolicy.js';
import {useDevBranch, useTitle} from '../src/ui/hooks/useTitle.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {color} from '../src/ui/theme.js';
import {BranchPicker, pickerRows} from './common/BranchPicker.js';
import {DevDialog, type Dialog} from './devmode/DevDialogs.js';
import {changedFiles} from './common/diff.js';
import {DiffView} from './common/DiffView.js';
import {FilesPane, firstErrorFile, paneRows, type PaneRow} from './devmode/FilesPane.js';
import {useGuide} from './devmode/guideStore.js';
import {isDevBranch} from './devmode/reducer.js';
import {progress} from './devmode/steps.js';
import {STEPS_BAR_HEIGHT, StepsBar} from './devmode/StepsBar.js';
import {useDevActions} from './devmode/useDevActions.js';
import {useLivePolicy} from './useLivePolicy.js';
import {useDeploymentName} from './useDeploymentName.js';
import {useScreenKit} from './useScreenKit.js';
import {useDialogSlot} from './common/useDialogSlot.js';

const NONE: Dialog = {kind: 'none'};

export function DevModeScreen({params}: ScreenProps) {
  const {api, nav, flash, body} = useScreenKit();
  // What this session may do (--readonly, the credential's permissions): Enter and the hint offer only that.
  const withheld = useWithheld();
  const id = params.deploymentId ?? '';
  const listLive = useLivePolicy(LIST_REFRESH_MS);
  const buildLive = useLivePolicy(BUILD_POLL_MS);
  const {name, deployBranch} = useDeploymentName(params);
  useTitle('Dev mode', name);
  const [state, dispatch] = useGuide(id);
  const session = state.session;
  const [dialog, setDialog] = useState<Dialog>(NONE);
  const [focus, setFocus] = useState<{id: string} | undefined>();
  const actions = useDevActions(id, session, dispatch, (path) => setFocus({id: path}));

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
  }, [session, sessionStatus.data, sessionStatus.isFetching, branches.data, dispatch]);
  useEffect(() => {
    // The parent arrives with the branch list when the session was found through build status.
    const parent = session && !session.parent ? branches.data?.find((b) => b.name === session.name)?.parentBranch : undefined;
    if (session && parent) dispatch({type: 'session', session: {...session, parent}});
  }, [session, branches.data, dispatch]);
  useDevBranch(session?.name);
  // Opened for a branch (Enter or d on Branches) while the session is on another one: the screen is about that
  // branch, not the session it would otherwise show. t (or Enter) moves the session there in one step.
  const wanted = params.devFrom;
  const elsewhere = session != null && wanted !== undefined && session.name !== wanted && session.parent !== wanted;
  /** The session this screen works on: none while it is about another branch. */
  const current = elsewhere ? null : session;

  // Opened to enter at once (t in the file browser): on `devFrom`, as t here would, once the screen knows there is
  // no session; a session already open stays, and the flash says where.
  const autoEntered = useRef(false);
  useEffect(() => {
    if (autoEntered.current || !params.devEnter || !params.devFrom || withheld('dev.toggle') !== undefined || session === undefined) return;
    autoEntered.current = true;
    if (session === null) void actions.enter(params.devFrom);
    else if (session.name !== params.devFrom && session.parent !== params.devFrom) flash.info(`your session is on ${session.name}: t moves it to ${params.devFrom}`);
  }, [session, params.devEnter, params.devFrom, withheld, actions, flash]);
  const devName = current && isDevBranch(current.name) ? current.name : undefined;
  const files = useQuery({...dataModelQueries.files(api, id, devName ?? ''), enabled: devName !== undefined});
  const parentFiles = useQuery({...dataModelQueries.files(api, id, session?.parent ?? ''), enabled: devName !== undefined && session?.parent !== undefined});
  const changes = files.data && parentFiles.data ? changedFiles(parentFiles.data, files.data) : [];
  const rows = paneRows(files.data ?? [], changes, state.validation);
  const devBuild = useQuery({...buildQueries.status(api, id, session?.name, buildLive), enabled: session != null});
  const production = useQuery({...buildQueries.status(api, id, deployBranch, buildLive), enabled: state.merged && deployBranch !== undefined});

  // After a failed validation the cursor goes to the first file with an error (also when coming back).
  useEffect(() => {
    const first = state.validation && !state.validation.valid ? firstErrorFile(paneRows(files.data ?? [], [], state.validation)) : undefined;
    if (first) setFocus({id: first.id});
    // Only a new validation result moves the cursor; a refetch of the file list must not pull it back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.validation]);

  const picks = pickerRows(branches.data ?? [], deployBranch, params.devFrom);
  const picked = useRef<BranchItem | undefined>(undefined);
  const [pickedName, setPickedName] = useState<string | undefined>(params.devFrom);
  const selected = useRef<PaneRow | undefined>(undefined);
  // Files changed against the parent count as edits: after a restart the guide resumes at "validate".
  const edited = [...new Set([...state.saved, ...changes.map((c) => c.path)])];
  const step = progress({state: {...state, saved: edited, session: current}, deployBranch, picked: current ? undefined : pickedName, editor: editorCommand(), withheld, ...(elsewhere && {away: session.name})});
  const toProduction = current?.parent !== undefined && current.parent === deployBranch;
  const v = state.validation;
  const unvalidated = !devName ? undefined : !v ? `${devName} was not validated since the last edit` : !v.valid ? `the last validation of ${devName} failed (${v.errors.length} error${v.errors.length === 1 ? '' : 's'})` : undefined;

  const close = () => setDialog(NONE);
  const open = (d: Dialog) => setDialog(d);
  const toggle = (fresh: boolean) => () => {
    if (current === undefined) return false;
    if (!fresh && current && isDevBranch(current.name)) return void actions.exit();
    // Before the table reports its cursor, the highlighted row is the first one.
    const target = (current && !isDevBranch(current.name) ? current.name : undefined) ?? (current ? current.parent : undefined) ?? picked.current?.name ?? picks[0]?.name;
    if (target) void actions.enter(target, fresh);
  };
  const merge = () => {
    if (!current) return flash.warn('enter dev mode first: the merge brings your committed work to production');
    if (!current.parent || current.parent === deployBranch) return flash.info(`${current.name} commits straight to ${deployBranch ?? 'the deploy branch'}: nothing to merge`);
    if (!state.committed) flash.warn(`nothing committed in this visit: ${current.parent} is merged as it is`);
    open({kind: 'merge'});
  };
  /** The selected row's file (an error row's too), as the list shows it now. */
  const rowFile = () => files.data?.find((f) => f.path === selected.current?.path);
  const rowChange = () => changes.find((c) => c.path === selected.current?.path);
  const editRow = (r: PaneRow | undefined) => {
    if (!r) return false;
    const f = files.data?.find((x) => x.path === r.path);
    if (f) return actions.editFile(f);
    flash.warn(r.path === '' ? 'this error is about the model as a whole, not one file' : `${r.path} is not on ${devName ?? 'the dev branch'}`);
  };
  const needFile = (then: (path: string) => void) => () => {
    if (!devName) return false;
    const f = rowFile();
    return f ? then(f.path) : flash.warn('select a file first');
  };
  useKeys(
    'screen',
    {
      'dev.toggle': toggle(false),
      'dev.fresh': toggle(true),
      'dev.edit': () => (devName ? editRow(selected.current) : false),
      'dev.new': () => open({kind: current ? 'newFile' : 'newBranch'}),
      'dev.validate': () => (current ? void actions.validate() : false),
      'dev.commit': () => (devName ? open({kind: unvalidated ? 'commitGuard' : 'commit'}) : flash.warn('enter dev mode first: a commit brings a dev-… branch’s edits to its parent')),
      'dev.merge': merge,
      'dev.diff': () => {
        if (!devName) return false;
        const c = rowChange();
        if (c) return open({kind: 'diff', title: `${c.path}: ${devName} against ${session?.parent ?? 'its parent'}`, changes: [c]});
        flash.info(selected.current ? `${selected.current.path} is as on ${session?.parent ?? 'the parent'}` : 'select a file first');
      },
      'dev.diffAll': () => (devName ? open({kind: 'diff', title: `${devName} against ${session?.parent ?? 'its parent'}: ${changes.length} file${changes.length === 1 ? '' : 's'} changed`, changes}) : false),
      'dev.discard': () => {
        if (!devName) return false;
        const c = rowChange();
        return c ? open({kind: 'discard', change: c}) : flash.info(`nothing to discard: ${selected.current?.path ?? 'the file'} is as on ${session?.parent ?? 'the parent'}`);
      },
      'dev.delete': needFile((path) => open({kind: 'delete', path})),
      'dev.rename': needFile((path) => open({kind: 'rename', path})),
      'dev.build': () => (current ? nav.push({screen: 'build', params: {deploymentId: id, deploymentName: name, branch: current.name}, label: current.name}) : false),
    },
    {active: dialog.kind === 'none' && actions.busy === undefined},
  );

  // The diff is no dialog over the list: it takes the list's place.
  const dialogBox = useDialogSlot(
    dialog.kind === 'none' || dialog.kind === 'diff' ? null : (
      <DevDialog dialog={dialog} session={current} devName={devName} deployBranch={deployBranch} files={files.data ?? []} unvalidated={unvalidated} toProduction={toProduction} actions={actions} close={close} open={open} />
    ),
    dialog.kind,
  );
  const dialogHeight = dialogBox.rows;
  // A question in a short terminal gets the body to itself (its title says what it is about; the header keeps the
  // ★ branch): under the steps bar its last lines — the answer being typed or chosen — would be cut off.
  const stepsShown = dialogHeight === 0 || body.height >= STEPS_BAR_HEIGHT + dialogHeight + 4;
  const height = Math.max(3, body.height - (stepsShown ? STEPS_BAR_HEIGHT : 0) - dialogHeight - (actions.busy ? 1 : 0));

  return (
    <Box flexDirection="column">
      <Box display={stepsShown ? 'flex' : 'none'} flexDirection="column">
        <StepsBar session={session} progress={step} build={devBuild.data} production={state.merged ? production.data : undefined} />
      </Box>
      {dialogBox.slot}
      {actions.busy ? <Text color={color.muted}>{actions.busy}…</Text> : null}
      {dialog.kind === 'diff' ? (
        <DiffView title={dialog.title} changes={dialog.changes} height={height} onClose={close} />
      ) : devName ? (
        <StateView query={files} noun="files" empty={rows.length === 0}>
          <FilesPane
            rows={rows}
            saved={state.saved}
            validation={state.validation}
            height={height}
            active={dialog.kind === 'none' && actions.busy === undefined}
            focus={focus}
            onSelect={(r) => (selected.current = r)}
            onActivate={withheld('dev.edit') !== undefined ? undefined : editRow}
          />
        </StateView>
      ) : current === undefined ? null : (
        <StateView query={branches} noun="branches" empty={picks.length === 0}>
          <BranchPicker
            rows={picks}
            deployBranch={deployBranch}
            height={height}
            active={dialog.kind === 'none' && actions.busy === undefined}
            onSelect={(b) => ((picked.current = b), setPickedName(b.name))}
            onActivate={withheld('dev.toggle') !== undefined ? undefined : (b) => void actions.enter(b.name)}
          />
        </StateView>
      )}
    </Box>
  );
}
