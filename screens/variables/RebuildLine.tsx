// The production build a variable change starts: what a change will do before it is made, and the build it
// started (live until it ends) after. `b` opens the build screen on it.
import React from 'react';
import {Text} from 'ink';
import type {BuildStatus} from '../../src/api/builds.js';
import {safeLine} from '../../src/lib/safeText.js';
import {color, statusStyle} from '../../src/ui/theme.js';

/** What a change of variables causes on this deployment, for the confirm dialogs. */
export function rebuildText(branch: string | undefined, build: BuildStatus | undefined): string {
  if (!branch) return 'The deploy branch is rebuilt and production restarts with the new values.';
  if (build?.status === 'none') return `Nothing is built on ${branch} yet: the change applies at its first build.`;
  return `This rebuilds production: branch ${branch} is built again and its pods restart with the new values.`;
}

export function RebuildLine({branch, build, since}: {branch: string | undefined; build: BuildStatus | undefined; since: number | undefined}) {
  const started = since !== undefined && build?.buildJobId !== undefined && build.buildJobId > since;
  const style = statusStyle(build?.status);
  return (
    <Text wrap="truncate-end">
      <Text color={color.muted}>{started ? 'Rebuild     ' : 'Production  '}</Text>
      {build ? (
        <Text color={style.color}>
          {style.glyph} {build.status || 'unknown'}
        </Text>
      ) : (
        <Text color={color.muted}>…</Text>
      )}
      {build?.buildJobId !== undefined ? ` build ${build.buildJobId}` : ''}
      {branch ? ` of ${safeLine(branch)}` : ''}
      <Text color={color.muted}>{started ? ' (started by your change)' : since !== undefined ? ' (starting the rebuild…)' : ' · a change rebuilds it'}</Text>
    </Text>
  );
}
