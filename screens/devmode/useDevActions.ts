// The dev-mode workflow's actions: each runs one service call (or the editor, then one), reports the outcome in
// the flash (refusals with what to do instead) and moves the workflow state on. One action at a time: `busy`
// names the running one.
import {useState} from 'react';
import {useMutation, useQueryClient} from '@tanstack/react-query';
import {dataModelMutations, type DevFile} from '../../src/queries/dataModel.js';
import {useApi} from '../../src/ui/hooks/useApi.js';
import {useEditor} from '../../src/ui/hooks/useExternal.js';
import {useFlash} from '../../src/ui/hooks/useFlash.js';
import {binding, keysLabel} from '../../src/ui/keymap.js';
import {refusal} from '../branches/advice.js';
import {isDevBranch, type DevAction, type Session} from './reducer.js';

/** What a new file starts as in the editor. */
export const NEW_CUBE_TEMPLATE = 'cubes:\n  - name: new_cube\n    sql_table: public.new_table\n';

export function useDevActions(deploymentId: string, session: Session | null | undefined, dispatch: (a: DevAction) => void) {
  const api = useApi();
  const client = useQueryClient();
  const flash = useFlash();
  const editor = useEditor();
  const [busy, setBusy] = useState<string | undefined>();
  const m = {
    create: useMutation(dataModelMutations.createBranch(api, client, deploymentId)),
    enter: useMutation(dataModelMutations.startDevMode(api, client, deploymentId)),
    exit: useMutation(dataModelMutations.stopDevMode(api, client, deploymentId)),
    put: useMutation(dataModelMutations.putFile(api, client, deploymentId)),
    validate: useMutation(dataModelMutations.validate(api, deploymentId)),
    commit: useMutation(dataModelMutations.commit(api, client, deploymentId)),
    merge: useMutation(dataModelMutations.mergeToDefault(api, client, deploymentId)),
  };

  const run = async (label: string, what: string, action: () => Promise<void>) => {
    if (busy) return;
    setBusy(label);
    try {
      await action();
    } catch (err) {
      flash.error(refusal(what, err, 'dev'));
    } finally {
      setBusy(undefined);
    }
  };

  const enter = (branch: string) =>
    run(`Entering dev mode on ${branch}`, `could not enter dev mode on ${branch}`, async () => {
      const dev = await m.enter.mutateAsync(branch);
      const name = dev.branchName ?? branch;
      dispatch({type: 'session', session: {name, parent: dev.parentBranch ?? branch}});
      flash.success(name === branch ? `Re-opened ${name}` : `Entered dev mode: ${name} forked from ${dev.parentBranch ?? branch}`);
    });

  const createAndEnter = (name: string, from: string | undefined) =>
    run(`Creating ${name}`, `could not create ${name}`, async () => {
      await m.create.mutateAsync({name, ...(from !== undefined && {from})});
      const dev = await m.enter.mutateAsync(name);
      const fork = dev.branchName ?? name;
      dispatch({type: 'session', session: {name: fork, parent: dev.parentBranch ?? name}});
      flash.success(`Created ${name} and entered dev mode: ${fork} forked from it`);
    });

  const exit = () =>
    run('Leaving dev mode', 'could not leave dev mode', async () => {
      await m.exit.mutateAsync();
      dispatch({type: 'session', session: null});
      flash.success(`Left dev mode; ${session?.name ?? 'the dev branch'} stays until deleted on the Branches screen`);
    });

  /** Opens `content` in $EDITOR and writes back what was saved; nothing is sent when it did not change. */
  const edit = (path: string, content: string, isNew = false) => {
    if (!session || busy) return;
    if (!isDevBranch(session.name)) {
      const t = binding('dev.toggle');
      return flash.warn(`${session.name} is not a dev-mode branch: files can be written only on a dev-… fork — enter dev mode on it first (${t ? keysLabel(t) : 't'})`);
    }
    const result = editor(content, path);
    if ('error' in result) return flash.error(`editor failed: ${result.error}`);
    if (!result.changed) return flash.info(isNew ? `Nothing saved: ${path} was not created` : `No changes to ${path}`);
    void run(`Saving ${path}`, `could not save ${path}`, async () => {
      await m.put.mutateAsync({branchName: session.name, path, content: result.content});
      dispatch({type: 'saved', path});
      flash.success(`Saved ${path} to ${session.name}`);
    });
  };

  const validate = () =>
    session &&
    run(`Validating ${session.name}`, `could not validate ${session.name}`, async () => {
      const result = await m.validate.mutateAsync(session.name);
      dispatch({type: 'validated', result});
      const files = new Set(result.errors.map((e) => e.fileName ?? '')).size;
      if (result.valid) flash.success(`${session.name} is valid${result.cubesCount !== undefined ? ` (${result.cubesCount} cubes)` : ''}`);
      else flash.error(`${result.errors.length} error${result.errors.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}`);
    });

  const commit = (message: string) =>
    session &&
    run(`Committing to ${session.parent ?? 'the parent'}`, 'could not commit', async () => {
      await m.commit.mutateAsync({branchName: session.name, message});
      dispatch({type: 'committed'});
      flash.success(`Committed ${session.name} to ${session.parent ?? 'its parent branch'}`);
    });

  const mergeToDefault = (into: string) =>
    session?.parent &&
    run(`Merging ${session.parent} into ${into}`, `could not merge ${session.parent}`, async () => {
      // The shared branch is where the team works; merging it must not delete it.
      await m.merge.mutateAsync({branchName: session.parent!, removeBranchAfterMerge: false});
      dispatch({type: 'merged'});
      flash.success(`Merged ${session.parent} into ${into}; production is rebuilding`);
    });

  const editFile = (f: DevFile | undefined) => (f ? edit(f.path, f.content ?? '') : false);
  const newFile = (path: string) => edit(path, NEW_CUBE_TEMPLATE, true);

  return {busy, enter, createAndEnter, exit, editFile, newFile, validate, commit, mergeToDefault};
}
