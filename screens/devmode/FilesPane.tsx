// The dev branch's files with what changed against the parent (new, changed, deleted), what happened to each
// in this visit (saved, validation errors), and each validation error as its own row under its file: the
// cursor reaches every error, Enter (or e) on one opens its file.
import React from 'react';
import {Box, Text} from 'ink';
import type {Validation, ValidationError} from '../../src/api/dataModel.js';
import type {DevFile} from '../../src/queries/dataModel.js';
import {DataTable, type Column} from '../../src/ui/components/DataTable.js';
import {columnWidths} from '../../src/ui/components/tableLayout.js';
import {useBodySize} from '../../src/ui/hooks/useBodySize.js';
import {wrapCells} from '../../src/lib/cells.js';
import {color, glyph} from '../../src/ui/theme.js';
import type {ChangeKind, FileChange} from '../common/diff.js';
import {errorsByFile} from './reducer.js';
import {appendAll} from '../../src/lib/lists.js';

export type PaneRow =
  | {readonly kind: 'file'; readonly id: string; readonly path: string; readonly file?: DevFile; readonly change?: ChangeKind}
  | {readonly kind: 'error'; readonly id: string; readonly path: string; readonly error: ValidationError; readonly line?: string};

/** Files in path order (deleted ones included), each followed by its errors; errors outside any file last. */
export function paneRows(files: readonly DevFile[], changes: readonly FileChange[], validation: Validation | undefined): PaneRow[] {
  const change = new Map(changes.map((c) => [c.path, c.kind]));
  const byFile = errorsByFile(validation);
  const paths = [...new Set([...files.map((f) => f.path), ...changes.filter((c) => c.kind === 'deleted').map((c) => c.path)])].sort((a, b) => a.localeCompare(b));
  const errorRows = (path: string): PaneRow[] => (byFile.get(path) ?? []).map((error, n) => ({kind: 'error', id: `${path}#${n}`, path, error}));
  const out: PaneRow[] = [];
  for (const path of paths) {
    const file = files.find((f) => f.path === path);
    const kind = change.get(path);
    out.push({kind: 'file', id: path, path, ...(file && {file}), ...(kind && {change: kind})});
    appendAll(out, errorRows(path));
  }
  // Errors naming a file the branch does not have, and errors of the model as a whole.
  for (const path of byFile.keys()) if (!paths.includes(path)) appendAll(out, errorRows(path));
  return out;
}

/** The row the cursor goes to after a failed validation: the first file with an error. */
export function firstErrorFile(rows: readonly PaneRow[]): PaneRow | undefined {
  const first = rows.find((r) => r.kind === 'error');
  return first ? (rows.find((r) => r.kind === 'file' && r.path === first.path) ?? first) : undefined;
}

const CHANGE: Record<ChangeKind, {text: string; color: string}> = {
  added: {text: '+ new', color: color.success},
  modified: {text: '~ changed', color: color.warn},
  deleted: {text: '- deleted', color: color.error},
};

export interface FilesPaneProps {
  readonly rows: readonly PaneRow[];
  readonly saved: readonly string[];
  readonly validation?: Validation;
  readonly height: number;
  readonly active: boolean;
  readonly focus?: {readonly id: string};
  readonly onSelect: (r: PaneRow) => void;
  readonly onActivate?: (r: PaneRow) => void;
}

export function FilesPane({rows, saved, validation, height, active, focus, onSelect, onActivate}: FilesPaneProps) {
  const byFile = errorsByFile(validation);
  const status = (r: PaneRow): {text: string; color?: string} => {
    if (r.kind === 'error') return {text: ''};
    const errs = byFile.get(r.path)?.length ?? 0;
    if (errs > 0) return {text: `${glyph.fail} ${errs} error${errs === 1 ? '' : 's'}`, color: color.error};
    const wasSaved = saved.includes(r.path);
    if (validation?.valid) return {text: `${glyph.ok} valid${wasSaved ? ', saved' : ''}`, color: color.success};
    return wasSaved ? {text: '✎ saved', color: color.warn} : {text: ''};
  };
  const columns: Column<PaneRow>[] = [
    {
      id: 'path',
      header: 'FILE',
      flex: 3,
      render: (r) => (r.kind === 'file' ? r.path : (r.line ?? '')),
      color: (r) => (r.kind === 'error' ? color.error : undefined),
    },
    {id: 'change', header: 'CHANGE', width: 9, render: (r) => (r.kind === 'file' && r.change ? CHANGE[r.change].text : ''), color: (r) => (r.kind === 'file' && r.change ? CHANGE[r.change].color : undefined)},
    {id: 'status', header: 'STATUS', width: 16, render: (r) => status(r).text, color: (r) => status(r).color},
  ];
  const files = new Set(validation?.errors.map((e) => e.fileName ?? '')).size;
  // Each error whole: wrapped in the FILE column onto rows of its own (the cursor passes over them; Enter on any
  // of them opens the file), never cut with ….
  const width = useBodySize().width;
  const fileWidth = columnWidths(columns, width)[0] ?? 0;
  const shown = rows.flatMap((r): PaneRow[] => (r.kind === 'error' ? errorRows(r, fileWidth) : [r]));
  return (
    <Box flexDirection="column">
      <DataTable rows={shown} columns={columns} getRowId={(r) => r.id} noun="files" height={Math.max(3, height - (validation ? 1 : 0))} active={active} focus={focus} onSelect={onSelect} onActivate={onActivate} />
      {validation ? (
        validation.valid ? (
          <Text color={color.success}>
            {glyph.ok} {validation.branchName} is valid{validation.cubesCount !== undefined ? ` (${validation.cubesCount} cubes)` : ''}
          </Text>
        ) : (
          <Text color={color.error} wrap="truncate-end">
            {glyph.fail} {validation.errors.length} error{validation.errors.length === 1 ? '' : 's'} in {files} file{files === 1 ? '' : 's'}: each is a row under its file; Enter on one opens the file
          </Text>
        )
      ) : null}
    </Box>
  );
}

/** An error row as the rows its message takes wrapped to `width` cells, continuations indented under its text. */
function errorRows(r: Extract<PaneRow, {kind: 'error'}>, width: number): PaneRow[] {
  const [first = '', ...rest] = wrapCells(`${r.path === '' ? '(model) ' : ''}${r.error.message}`, Math.max(10, width - 4));
  return [{...r, line: `  ${glyph.fail} ${first}`}, ...rest.map((line, k) => ({...r, id: `${r.id}~${k + 1}`, line: `    ${line}`}))];
}
