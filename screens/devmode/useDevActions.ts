// The dev-mode workflow's actions: each runs one service call (or the editor, then one), reports the outcome in
// the flash (refusals with what to do instead) and moves the workflow state on. One action at a time: `busy`
// names the running one.
import {useState} from 'react';
import {useMutation, useQueryClient} from '@tanstack/react-query';
import {dataModelMutations, refreshDataModel, type DevFile} from '../../src/queries/dataModel.js';
import {useApi} from '../../src/ui/hooks/useApi.js';
import {editorCommand, useEditor} from '../../src/ui/hooks/useExternal.js';
import {useFlash} from '../../src/ui/hooks/useFlash.js';
import {enterDevMode} from '../../src/workflows/devMode.js';
import {reason, refusal} from '../branches/advice.js';
import type {FileChange} from '../common/diff.js';
import {lastFork} from './guideStore.js';
import {isDevBranch, type DevAction, type Session} from './reducer.js';
import {keysFor as key} from '../hints.js';

/** What a new file starts as in the editor. */
export const NEW_CUBE_TEMPLATE = 'cubes:\n  - name: new_cube\n    sql_table: public.new_table\n';

export function useDevActions(deploymentId: string, session: Session | null | undefined, dispatch: (a: DevAction) => void, focus: (path: string) => void) {
  const api = useApi();
  const client = useQueryClient();
  const flash = useFlash();
  const editor = useEditor();
  const [busy, setBusy] = useState<string | undefined>();
  const m = {
    create: useMutation(dataModelMutations.createBranch(api, client, deploymentId)),
    enter: useMutation({
      mutationFn: (input: {branch: string; fresh?: boolean}) =>
        enterDevMode(api, deploymentId, input.branch, {...(input.fresh && {fresh: true}), ...(lastFork(client, deploymentId, input.branch) !== undefined && {preferred: lastFork(client, deploymentId, input.branch)!})}),
      onSuccess: () => refreshDataModel(client, deploymentId),
    }),
    exit: useMutation(dataModelMutations.stopDevMode(api, client, deploymentId)),
    put: useMutation(dataModelMutations.putFile(api, client, deploymentId)),
    remove: useMutation(dataModelMutations.deleteFile(api, client, deploymentId)),
    rename: useMutation(dataModelMutations.renameFile(api, client, deploymentId)),
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

  const enter = (branch: string, fresh = false) =>
    run(`Entering dev mode on ${branch}`, `could not enter dev mode on ${branch}`, async () => {
      const dev = await m.enter.mutateAsync({branch, fresh});
      const name = dev.branchName ?? branch;
      const parent = dev.parentBranch ?? branch;
      dispatch({type: 'session', session: {name, parent}});
      if (name === branch) flash.success(`Re-opened ${name}`);
      else if (dev.reused) flash.success(`Back on your fork ${name} of ${parent} (${key('dev.fresh')} forks a fresh one)`);
      else flash.success(`Entered dev mode: ${name} forked from ${parent}`);
    });

  const createAndEnter = (name: string, from: string | undefined) =>
    run(`Creating ${name}`, `could not create ${name}`, async () => {
      await m.create.mutateAsync({name, ...(from !== undefined && {from})});
      const dev = await m.enter.mutateAsync({branch: name, fresh: true});
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

  /** A write needs a dev-… fork: the session when it is one; says so (with the key that makes one) otherwise. */
  const writable = (): Session | undefined => {
    if (!session || busy) return undefined;
    if (isDevBranch(session.name)) return session;
    flash.warn(`${session.name} is not a dev-mode branch: files can be written only on a dev-… fork — enter dev mode on it first (${key('dev.toggle')})`);
    return undefined;
  };

  /**
   * Opens `content` in $EDITOR and writes back whatever the editor left — also when it exits non-zero or by a
   * signal. The temp file goes only once the service has the content; when storing fails it stays and the
   * flash says where.
   */
  const edit = (path: string, content: string, isNew = false) => {
    const branch = writable()?.name;
    if (branch === undefined) return;
    void run(`Editing ${path} in ${editorCommand()}`, `could not save ${path}`, async () => {
      let s;
      try {
        s = await editor(content, path);
      } catch (err) {
        return flash.error(`editor failed: ${reason(err)}`);
      }
      if (!s.changed) {
        s.done();
        if (s.exit) return flash.warn(`${s.exit}; ${path} was left as it was`);
        return flash.info(isNew ? `Nothing saved: ${path} was not created` : `No changes to ${path}`);
      }
      try {
        await m.put.mutateAsync({branchName: branch, path, content: s.content});
      } catch (err) {
        return flash.error(`${refusal(`could not save ${path}`, err, 'dev')} — your edit is kept in ${s.file}`);
      }
      s.done();
      dispatch({type: 'saved', path});
      focus(path);
      flash.success(`Saved ${path} to ${branch}${s.exit ? ` (${s.exit}; saved what it left)` : ''}`);
    });
  };

  /** Puts the parent's version back (re-creates a deleted file, removes a new one). */
  const discard = (change: FileChange, s = writable()) =>
    s &&
    run(`Discarding ${change.path}`, `could not discard ${change.path}`, async () => {
      if (change.kind === 'added') await m.remove.mutateAsync({branchName: s.name, path: change.path});
      else await m.put.mutateAsync({branchName: s.name, path: change.path, content: change.before ?? ''});
      dispatch({type: 'saved', path: change.path});
      flash.success(`Discarded the changes to ${change.path}: it is as on ${s.parent ?? 'the parent'}`);
    });

  const remove = (path: string, s = writable()) =>
    s &&
    run(`Deleting ${path}`, `could not delete ${path}`, async () => {
      await m.remove.mutateAsync({branchName: s.name, path});
      dispatch({type: 'saved', path});
      flash.success(`Deleted ${path} from ${s.name}`);
    });

  const rename = (from: string, to: string, s = writable()) =>
    s &&
    run(`Renaming ${from}`, `could not rename ${from}`, async () => {
      await m.rename.mutateAsync({branchName: s.name, from, to});
      dispatch({type: 'saved', path: to});
      focus(to);
      flash.success(`Renamed ${from} to ${to}`);
    });

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

  return {busy, enter, createAndEnter, exit, editFile, newFile, discard, remove, rename, validate, commit, mergeToDefault};
}
