// The dev branch's files with what happened to each in this visit (saved, validation errors), and the last
// validation's errors listed per file below the table.
import React from 'react';
import {Box, Text} from 'ink';
import type {Validation} from '../../src/api/dataModel.js';
import type {DevFile} from '../../src/queries/dataModel.js';
import {DataTable, type Column} from '../../src/ui/components/DataTable.js';
import {color, glyph} from '../../src/ui/theme.js';
import {errorsByFile} from './reducer.js';

/** Error lines shown under the table at most. */
const MAX_ERROR_LINES = 6;

export function errorPaneHeight(v: Validation | undefined): number {
  if (!v) return 0;
  return v.valid ? 1 : Math.min(MAX_ERROR_LINES, v.errors.length) + 1;
}

export interface FilesPaneProps {
  readonly files: readonly DevFile[];
  readonly saved: readonly string[];
  readonly validation?: Validation;
  readonly height: number;
  readonly active: boolean;
  readonly onSelect: (f: DevFile) => void;
  readonly onActivate?: (f: DevFile) => void;
}

export function FilesPane({files, saved, validation, height, active, onSelect, onActivate}: FilesPaneProps) {
  const byFile = errorsByFile(validation);
  const status = (f: DevFile): {text: string; color?: string} => {
    const errs = byFile.get(f.path)?.length ?? 0;
    if (errs > 0) return {text: `${glyph.fail} ${errs} error${errs === 1 ? '' : 's'}`, color: color.error};
    const wasSaved = saved.includes(f.path);
    if (validation?.valid) return {text: `${glyph.ok} valid${wasSaved ? ', saved' : ''}`, color: color.success};
    return wasSaved ? {text: '✎ saved', color: color.warn} : {text: ''};
  };
  const columns: Column<DevFile>[] = [
    {id: 'path', header: 'FILE', flex: 3, render: (f) => f.path},
    {id: 'status', header: 'STATUS', width: 16, render: (f) => status(f).text, color: (f) => status(f).color},
  ];
  const errorLines = (validation?.errors ?? []).slice(0, MAX_ERROR_LINES);
  const paneHeight = errorPaneHeight(validation);
  return (
    <Box flexDirection="column">
      <DataTable rows={files} columns={columns} getRowId={(f) => f.path} noun="files" height={Math.max(3, height - paneHeight)} active={active} onSelect={onSelect} onActivate={onActivate} />
      {validation ? (
        validation.valid ? (
          <Text color={color.success}>
            {glyph.ok} {validation.branchName} is valid{validation.cubesCount !== undefined ? ` (${validation.cubesCount} cubes)` : ''}
          </Text>
        ) : (
          <Box flexDirection="column">
            <Text color={color.error}>
              {glyph.fail} {validation.errors.length} error{validation.errors.length === 1 ? '' : 's'} in {byFile.size} file{byFile.size === 1 ? '' : 's'}:
            </Text>
            {errorLines.map((e, i) => (
              <Text key={i} wrap="truncate-end">
                <Text color={color.error}>  {e.fileName ?? '(model)'}</Text> {e.message}
              </Text>
            ))}
          </Box>
        )
      ) : null}
    </Box>
  );
}
