// The dev-mode screen's dialogs: new branch or file, the commit guard and message, merge, discard, delete and
// rename. Each closes itself (onClose) before its action runs; the guard's reason comes from the screen.
import React from 'react';
import type {DevFile} from '../../src/queries/dataModel.js';
import {ConfirmDialog} from '../../src/ui/components/ConfirmDialog.js';
import {PromptDialog} from '../common/PromptDialog.js';
import {newBranchNameProblem} from '../../src/contract/names.js';
import type {FileChange} from '../common/diff.js';
import type {Session} from './reducer.js';
import type {useDevActions} from './useDevActions.js';
import {keysFor as key} from '../hints.js';

export type Dialog =
  | {kind: 'none' | 'newBranch' | 'newFile' | 'commitGuard' | 'commit' | 'merge'}
  | {kind: 'diff'; title: string; changes: FileChange[]}
  | {kind: 'discard'; change: FileChange}
  | {kind: 'delete' | 'rename'; path: string};

export interface DevDialogProps {
  readonly dialog: Dialog;
  readonly session: Session | null | undefined;
  readonly devName: string | undefined;
  readonly deployBranch?: string;
  readonly files: readonly DevFile[];
  /** Why committing or merging now is risky (failed or missing validation), if it is. */
  readonly unvalidated: string | undefined;
  readonly toProduction: boolean;
  readonly actions: ReturnType<typeof useDevActions>;
  readonly close: () => void;
  readonly open: (d: Dialog) => void;
}

export function DevDialog({dialog, session, devName, deployBranch, files, unvalidated, toProduction, actions, close, open}: DevDialogProps) {
  const production_ = deployBranch ?? 'the deploy branch';
  switch (dialog.kind) {
    case 'newBranch':
      return <PromptDialog title={`New branch from ${production_}, then dev mode on it`} label="Name" placeholder="e.g. feature/orders" action="create" check={newBranchNameProblem} onCancel={close} onSubmit={(b) => (close(), void actions.createAndEnter(b, deployBranch))} />;
    case 'newFile':
      return (
        <PromptDialog title={`New file on ${session?.name ?? ''} (opens in $EDITOR)`} label="Path" initial="model/cubes/" action="create and edit" onCancel={close}
          onSubmit={(path) => {
            close();
            const existing = files.find((f) => f.path === path.replace(/^\/+/, ''));
            if (existing) actions.editFile(existing);
            else actions.newFile(path.replace(/^\/+/, ''));
          }}
        />
      );
    case 'commitGuard':
      return (
        <ConfirmDialog
          title={`Commit anyway? ${unvalidated ?? ''}`}
          message={`${toProduction ? `Committing to ${session?.parent} rebuilds production with this model.` : `The commit lands on ${session?.parent ?? 'the parent'}.`} Validate first (${key('dev.validate')}).`}
          confirmLabel="Commit anyway"
          onCancel={close}
          onConfirm={() => open({kind: 'commit'})}
        />
      );
    case 'commit':
      return (
        <PromptDialog
          title={`Commit ${session?.name ?? ''} to ${session?.parent ?? 'its parent'}${toProduction ? ' — the deploy branch: this rebuilds production' : ''}`}
          label="Message" initial={`Update data model from ${session?.name ?? 'dev mode'}`} action="commit" onCancel={close}
          onSubmit={(message) => (close(), void actions.commit(message))}
        />
      );
    case 'merge':
      return session?.parent ? (
        <ConfirmDialog
          title={`Merge ${session.parent} into ${production_}?${unvalidated ? ` ${unvalidated}` : ''}`}
          message={`Production rebuilds from the merged model; ${session.parent} stays.`}
          confirmLabel={unvalidated ? 'Merge anyway' : 'Merge'}
          onCancel={close}
          onConfirm={() => (close(), void actions.mergeToDefault(production_))}
        />
      ) : null;
    case 'discard': {
      const c = dialog.change;
      const what = c.kind === 'added' ? `${c.path} is new on ${devName}: discarding deletes it.` : c.kind === 'deleted' ? `${c.path} comes back as on ${session?.parent}.` : `${c.path} goes back to its content on ${session?.parent}; your edits to it are lost.`;
      return <ConfirmDialog title={`Discard the changes to ${c.path}?`} message={what} confirmLabel="Discard" onCancel={close} onConfirm={() => (close(), void actions.discard(c))} />;
    }
    case 'delete':
      return <ConfirmDialog title={`Delete ${dialog.path} from ${devName}?`} message={`Discard (${key('dev.discard')}) on it afterwards brings back ${session?.parent}'s version.`} confirmLabel="Delete" onCancel={close} onConfirm={() => (close(), void actions.remove(dialog.path))} />;
    case 'rename':
      return <PromptDialog title={`Rename ${dialog.path}`} label="New path" initial={dialog.path} action="rename" onCancel={close} onSubmit={(to) => (close(), to.replace(/^\/+/, '') === dialog.path ? undefined : void actions.rename(dialog.path, to.replace(/^\/+/, '')))} />;
    default:
      return null;
  }
}
