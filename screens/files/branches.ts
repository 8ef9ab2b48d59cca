// The branches the file browser offers: the deploy branch and the shared ones (personal dev-… forks are their
// owners' work in progress; dev mode shows one's own). The deploy branch first, then by name.
import type {BranchItem} from '../../src/api/dataModel.js';
import {branchKind} from '../branches/tree.js';
import {pickerRows} from '../common/BranchPicker.js';

export function browsable(branches: readonly BranchItem[], deployBranch: string | undefined, except?: string): BranchItem[] {
  return pickerRows(branches, deployBranch, undefined).filter((b) => branchKind(b, deployBranch) !== 'dev' && b.name !== except);
}
