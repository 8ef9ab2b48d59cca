// Step one of dev mode: the branch to fork from. The branch the user came with (from the Branches screen) is
// first, then the deploy branch, shared branches, and the caller's own dev branches (entering one re-opens it).
import React from 'react';
import type {BranchItem} from '../../src/api/dataModel.js';
import {DataTable, type Column} from '../../src/ui/components/DataTable.js';
import {color} from '../../src/ui/theme.js';
import {branchKind} from '../branches/tree.js';

export function pickerRows(branches: readonly BranchItem[], deployBranch: string | undefined, first: string | undefined): BranchItem[] {
  const rank = (b: BranchItem) => (b.name === first ? 0 : ({deploy: 1, shared: 2, dev: 3} as const)[branchKind(b, deployBranch)]);
  return [...branches].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

export interface BranchPickerProps {
  readonly rows: readonly BranchItem[];
  readonly deployBranch?: string;
  readonly height: number;
  readonly active: boolean;
  readonly onSelect: (b: BranchItem) => void;
  readonly onActivate?: (b: BranchItem) => void;
  /** The `/` text the rows are filtered by. @default the screen's filter */
  readonly filter?: string;
  /** Publish the count to the title line. @default true */
  readonly publishCount?: boolean;
  /** Moves the cursor to this branch (see DataTable's focus). */
  readonly focus?: {readonly id: string};
}

export function BranchPicker({rows, deployBranch, height, active, onSelect, onActivate, filter, publishCount, focus}: BranchPickerProps) {
  const columns: Column<BranchItem>[] = [
    {id: 'name', header: 'BRANCH', flex: 3, render: (b) => b.name, color: (b) => (branchKind(b, deployBranch) === 'dev' ? color.devBranch : undefined)},
    {id: 'kind', header: 'KIND', width: 7, render: (b) => branchKind(b, deployBranch)},
    {id: 'parent', header: 'PARENT', flex: 2, render: (b) => b.parentBranch ?? '—'},
  ];
  return <DataTable rows={rows} columns={columns} getRowId={(b) => b.name} noun="branches" height={height} active={active} onSelect={onSelect} onActivate={onActivate} filter={filter} publishCount={publishCount} focus={focus} />;
}
