// Top line: who and where (context, tenant host, user, ★ dev branch) on the left; freshness on the right.
import React from 'react';
import {Box, Text} from 'ink';
import {color, glyph} from '../theme.js';
import {Spinner} from './Spinner.js';
import {shortDuration} from '../../lib/time.js';
import {truncateCells} from '../../lib/cells.js';

/** The most cells a problem takes: the server's words in it are cut so the rest of the line keeps its place. */
const problemCells = (width: number) => Math.max(16, Math.min(60, width - 40));

export interface HeaderProps {
  readonly contextName?: string;
  readonly host?: string;
  readonly user?: string;
  /** Active dev-mode branch, shown as `★ name`. */
  readonly devBranch?: string;
  readonly paused: boolean;
  /** Some query is fetching: show the spinner. */
  readonly fetching: boolean;
  /** Seconds since the newest data on screen arrived. */
  readonly agoSeconds?: number;
  /** A live query is failing for a transient reason, and what failed; its data stays on screen while it retries. */
  readonly problem?: string;
  /** --readonly: a badge says so, as dangerous keys are hidden. */
  readonly readonly?: boolean;
  readonly width: number;
}

export function Header({contextName, host, user, devBranch, paused, fetching, agoSeconds, problem, readonly, width}: HeaderProps) {
  return (
    <Box width={width} justifyContent="space-between">
      <Box flexShrink={1}>
        <Text wrap="truncate-end">
          <Text bold color={color.accent}>svc</Text>
          {contextName ? <Text> · {contextName}</Text> : null}
          {host ? <Text color={color.muted}> · {host}</Text> : null}
          {user ? <Text> · {user}</Text> : null}
          {devBranch ? <Text color={color.devBranch}> · {glyph.star} {devBranch}</Text> : null}
        </Text>
      </Box>
      <Box flexShrink={0} gap={1} marginLeft={1}>
        {readonly ? <Text bold color={color.warn}>READONLY</Text> : null}
        {problem !== undefined ? (
          <Text color={color.error}>
            {glyph.warn} {truncateCells(problem, problemCells(width))} — retrying
          </Text>
        ) : null}
        {paused ? <Text color={color.warn}>❚❚ paused</Text> : null}
        {agoSeconds !== undefined ? (
          <Text color={color.muted}>
            {glyph.refresh} updated {shortDuration(agoSeconds)} ago
          </Text>
        ) : null}
        {fetching ? <Spinner /> : <Text> </Text>}
      </Box>
    </Box>
  );
}
