// The top of the dev-mode screen: the session (★ fork, parent, its build), the workflow's steps with the
// current one marked, and what to do next.
import React from 'react';
import {Box, Text} from 'ink';
import type {BuildStatus} from '../../src/api/builds.js';
import {color, glyph, statusStyle} from '../../src/ui/theme.js';
import type {Session} from './reducer.js';
import {STEPS, type Progress} from './steps.js';

/** Rows the bar takes. */
export const STEPS_BAR_HEIGHT = 4;

function BuildBadge({label, build}: {label: string; build: BuildStatus | undefined}) {
  if (!build || build.status === '' || build.status === 'none') return null;
  const s = statusStyle(build.status);
  return (
    <Text>
      <Text color={color.muted}> · {label} </Text>
      <Text color={s.color}>{s.glyph} {build.status}</Text>
    </Text>
  );
}

export function StepsBar({session, progress, build, production}: {session: Session | null | undefined; progress: Progress; build?: BuildStatus; production?: BuildStatus}) {
  const at = STEPS.indexOf(progress.current);
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        {session ? (
          <>
            <Text color={color.devBranch}>{glyph.star} {session.name}</Text>
            {session.parent ? <Text color={color.muted}> forked from {session.parent}</Text> : null}
            <BuildBadge label="build" build={build} />
          </>
        ) : session === null ? (
          <Text color={color.muted}>Not in dev mode</Text>
        ) : (
          <Text color={color.muted}>Checking for a dev-mode session…</Text>
        )}
        <BuildBadge label="production" build={production} />
      </Text>
      <Text wrap="truncate-end">
        {STEPS.map((name, i) => {
          const skipped = progress.skipped.has(name);
          const g = skipped ? '–' : i < at ? glyph.ok : i === at ? glyph.running : glyph.pending;
          const c = skipped ? color.muted : i < at ? color.success : i === at ? color.accent : color.muted;
          return (
            <Text key={name}>
              {i > 0 ? <Text color={color.muted}> › </Text> : null}
              <Text color={c} bold={i === at}>
                {g} {name}
              </Text>
            </Text>
          );
        })}
      </Text>
      <Text wrap="truncate-end">
        <Text bold>Next: </Text>
        {progress.next}
      </Text>
      <Text> </Text>
    </Box>
  );
}
