// `svc data-model` (alias `dm`): the branch workflow of the data model, as in the real client. Files and
// branches live in their own files; this one makes the group.
import type {Command} from '@commander-js/extra-typings';
import {registerBranchCommands} from './dataModelBranches.js';
import {registerFileCommands} from './dataModelFiles.js';

export function register(program: Command): void {
  const group = program
    .command('data-model')
    .alias('dm')
    .description('data-model files, branches and dev mode: edit on a personal dev-… branch, validate, commit, merge');
  registerFileCommands(group);
  registerBranchCommands(group);
}
