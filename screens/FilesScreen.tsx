// The data-model files of the deploy branch or any shared branch, read-only, without entering dev mode: a folder
// tree (Enter or l/→ opens a folder, h/← closes it or goes to the one above), Enter on a file opens it in the
// viewer, b picks the branch, d diffs the selected file against another branch, t enters dev mode on the branch.
// `/` lists every file whose path matches.
import React, {useMemo, useRef, useState} from 'react';
import {Box, Text} from 'ink';
import {useQuery} from '@tanstack/react-query';
import {safeLine} from '../src/lib/safeText.js';
import {dataModelQueries} from '../src/queries/dataModel.js';
import {LIST_REFRESH_MS} from '../src/queries/poll.js';
import {DataTable, type Column} from '../src/ui/components/DataTable.js';
import {StateView} from '../src/ui/components/StateView.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {useBodySize} from '../src/ui/hooks/useBodySize.js';
import {useApi} from '../src/ui/hooks/useApi.js';
import {useFlash} from '../src/ui/hooks/useFlash.js';
import {useFilter, useNavActions, useRemembered} from '../src/ui/hooks/useNav.js';
import {useKeyScope} from '../src/ui/hooks/useKeyScope.js';
import {useTitle} from '../src/ui/hooks/useTitle.js';
import {useFilterable} from '../src/ui/hooks/useViewFeatures.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {color} from '../src/ui/theme.js';
import {BranchPicker} from './common/BranchPicker.js';
import {browsable} from './files/branches.js';
import {CompareFlow} from './files/CompareFlow.js';
import {devModeOn} from './files/devEntry.js';
import {kb} from './files/fileView.js';
import {parentOf, treeRows, type TreeRow} from './files/tree.js';
import {useDeploymentName} from './useDeploymentName.js';
import {useLivePolicy} from './useLivePolicy.js';

type Mode = 'tree' | 'branch' | 'compare';

const columns: Column<TreeRow>[] = [
  {
    id: 'name',
    header: 'NAME',
    flex: 3,
    render: (r) => `${'  '.repeat(r.depth)}${r.kind === 'folder' ? `${r.open ? '▾' : '▸'} ${r.name}/` : `  ${r.name}`}`,
    color: (r) => (r.kind === 'folder' ? color.accent : undefined),
  },
  {id: 'size', header: 'SIZE', width: 10, align: 'right', render: (r) => (r.kind === 'folder' ? `${r.size} file${r.size === 1 ? '' : 's'}` : kb(r.size))},
];
/** With a `/` filter: each matching file by its whole path. */
const flatColumns: Column<TreeRow>[] = [{...columns[0]!, render: (r) => r.id}, columns[1]!];

/** The branch picker covers the tree: the footer and help show none of the tree's keys while it is open. */
function Covering({children}: {readonly children: React.ReactNode}) {
  useKeyScope('filesBranch');
  return children;
}

export function FilesScreen({params}: ScreenProps) {
  const api = useApi();
  const nav = useNavActions();
  const flash = useFlash();
  const body = useBodySize();
  const filter = useFilter();
  const id = params.deploymentId ?? '';
  const {name, deployBranch: named, settings} = useDeploymentName(params);
  const live = useLivePolicy(LIST_REFRESH_MS);
  const branches = useQuery(dataModelQueries.branches(api, id, live));
  // The settings name the deploy branch; without them, the branch list's root.
  const deployBranch = named ?? branches.data?.find((b) => b.parentBranch === undefined)?.name;
  const [chosen, setChosen] = useRemembered<string | undefined>('branch', params.fileBranch);
  const branch = chosen ?? deployBranch;
  useTitle('Files', [name, branch].filter(Boolean).join(' · '));
  const files = useQuery({...dataModelQueries.files(api, id, branch ?? ''), enabled: branch !== undefined});
  const [open, setOpen] = useRemembered<readonly string[] | undefined>('open', undefined);
  const [mode, setMode] = useState<Mode>('tree');
  const [focus, setFocus] = useState<{id: string} | undefined>();
  // `/` filters the tree; not while a picker or a diff covers it.
  useFilterable(mode === 'tree');
  const selected = useRef<TreeRow | undefined>(undefined);
  // The branch picker opens on the branch being read.
  const branchFocus = useMemo(() => (mode === 'branch' && branch ? {id: branch} : undefined), [mode, branch]);

  const all = files.data ?? [];
  // Top-level folders start open.
  const expanded = new Set(open ?? treeRows(all, new Set()).filter((r) => r.kind === 'folder').map((r) => r.id));
  const needle = filter.toLowerCase();
  const rows = needle ? treeRows(all, expanded, true).filter((r) => r.kind === 'file' && r.id.toLowerCase().includes(needle)) : treeRows(all, expanded);
  const setFolder = (path: string, on: boolean) => setOpen(() => [...[...expanded].filter((p) => p !== path), ...(on ? [path] : [])]);
  const current = () => rows.find((r) => r.id === selected.current?.id);

  const openFile = (r: TreeRow) => {
    if (!branch) return;
    nav.push({screen: 'file', params: {deploymentId: id, deploymentName: name, fileBranch: branch, filePath: r.id}, label: `${r.name} @ ${branch}`});
  };
  const activate = (r: TreeRow) => (r.kind === 'folder' ? setFolder(r.id, !r.open) : openFile(r));
  useKeys(
    'screen',
    {
      'files.branch': () => setMode('branch'),
      'files.expand': () => {
        const r = current();
        return r?.kind === 'folder' && !needle ? setFolder(r.id, true) : false;
      },
      'files.collapse': () => {
        const r = current();
        if (!r || needle) return false;
        if (r.kind === 'folder' && r.open) return setFolder(r.id, false);
        const up = parentOf(r.id);
        if (!up) return;
        setFolder(up, false);
        setFocus({id: up});
      },
      'files.diff': () => {
        const r = current();
        if (r?.kind !== 'file') return flash.info('select a file to diff');
        setMode('compare');
      },
      'files.dev': () => (branch ? nav.push(devModeOn(id, name, branch)) : false),
    },
    {active: mode === 'tree'},
  );
  useKeys('dialog', {'dialog.cancel': () => setMode('tree')}, {active: mode === 'branch'});

  const height = Math.max(3, body.height - 1);
  const where = branch ? `${safeLine(branch)}${branch === deployBranch ? ' (deploy branch)' : ''} · read-only` : '';
  const count = all.length;
  return (
    <Box flexDirection="column">
      <Text color={color.muted} wrap="truncate-end">
        {mode === 'branch' ? (
          'Browse which branch? Enter picks · Esc keeps the current one'
        ) : (
          <>
            branch <Text color={color.accent}>{where}</Text>
            {files.data ? ` · ${count} file${count === 1 ? '' : 's'}` : ''}
          </>
        )}
      </Text>
      {mode === 'branch' ? (
        <Covering>
          <StateView query={branches} noun="branches">
            <BranchPicker
              rows={browsable(branches.data ?? [], deployBranch)}
              deployBranch={deployBranch}
              height={height}
              active
              filter=""
              publishCount={false}
              focus={branchFocus}
              onSelect={() => undefined}
              onActivate={(b) => {
                setChosen(b.name);
                setMode('tree');
              }}
            />
          </StateView>
        </Covering>
      ) : mode === 'compare' && branch && selected.current ? (
        <CompareFlow deploymentId={id} deployBranch={deployBranch} branch={branch} path={selected.current.id} height={height} onClose={() => setMode('tree')} />
      ) : (
        <StateView query={branch ? files : settings.data ? branches : settings} noun="files" empty={files.data !== undefined && count === 0} emptyText={`No data-model files on ${safeLine(branch ?? 'this branch')}`}>
          <DataTable
            rows={rows}
            columns={needle ? flatColumns : columns}
            getRowId={(r) => r.id}
            noun="files"
            filter=""
            height={height}
            active={mode === 'tree'}
            focus={focus}
            onSelect={(r) => (selected.current = r)}
            onActivate={activate}
            activateLabel="open"
            emptyText={needle ? `No file path matches /${filter} (Esc clears the filter)` : undefined}
          />
        </StateView>
      )}
    </Box>
  );
}
