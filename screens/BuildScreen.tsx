// Build: a branch's build (the deploy branch by default) watched live until it is built, failed or cancelled;
// then polling stops and the outcome is flashed. A branch nothing builds (not active, no such branch) says so and
// is not polled. Each step shows when it began (kept in the query cache, so
// leaving and coming back keeps them), the running one also how long it has run, ticking.
import React, {useEffect, useRef} from 'react';
import {Box, Text} from 'ink';
import {useQuery, useQueryClient} from '@tanstack/react-query';
import {buildQueries, noteStep, type BuildTimes} from '../src/queries/builds.js';
import {buildKeys} from '../src/queries/keys.js';
import {dataModelKeys} from '../src/queries/dataModel.js';
import type {DataModelBranch} from '../src/api/dataModel.js';
import {buildBlock, isTerminalBuildStatus, type BuildStatus} from '../src/api/builds.js';
import {BUILD_POLL_MS} from '../src/queries/poll.js';
import {StateView} from '../src/ui/components/StateView.js';
import {useApi} from '../src/ui/hooks/useApi.js';
import {useFlash} from '../src/ui/hooks/useFlash.js';
import {useNow} from '../src/ui/hooks/useNow.js';
import {useTitle} from '../src/ui/hooks/useTitle.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {color, statusStyle} from '../src/ui/theme.js';
import {BuildTimeline} from './build/BuildTimeline.js';
import {buildSteps, currentStep} from './build/steps.js';
import {useLivePolicy} from './useLivePolicy.js';

export function BuildScreen({params}: ScreenProps) {
  const api = useApi();
  const flash = useFlash();
  const deploymentId = params.deploymentId ?? '';
  const branch = params.branch === '' ? undefined : params.branch;
  const live = useLivePolicy(BUILD_POLL_MS);
  useTitle('Build', [params.deploymentName ?? deploymentId, branch].filter(Boolean).join(' · '));
  const query = useQuery(buildQueries.status(api, deploymentId, branch, live));
  const build = query.data;
  const client = useQueryClient();
  const seen = useQuery(buildQueries.times(client, deploymentId, branch)).data;
  const step = build ? currentStep(build) : undefined;
  const terminal = isTerminalBuildStatus(build?.status);
  const state = build ? stateOf(build) : undefined;
  // The running step's elapsed time ticks; a finished build, or no build at all, needs no clock.
  const now = useNow(terminal || state?.note !== undefined ? 3_600_000 : 1000);

  // The step on show, noted in the cache by the effect (a screen opened again keeps its times) and drawn from this
  // render: its time is in the frame that shows the step, not in one after the cache's answer.
  const noted = build && step ? {buildId: build.buildJobId, step, at: build.updatedAt ?? new Date().toISOString()} : undefined;
  const times = noted ? noteStep(seen, noted) : seen;
  useEffect(() => {
    if (noted) client.setQueryData<BuildTimes>(buildKeys.times(deploymentId, branch), (times) => noteStep(times, noted));
    // The step and its build, not the object made anew each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [noted?.buildId, noted?.step, noted?.at, client, deploymentId, branch]);

  // Flash the outcome once, when this screen saw the build finish (not when it opened on a finished one).
  const watched = useRef<boolean | undefined>(undefined);
  useEffect(() => {
    if (!build) return;
    if (watched.current === undefined) watched.current = !terminal;
    if (terminal && watched.current) {
      watched.current = false;
      const what = `Build of ${build.branchName}`;
      if (build.status === 'built') flash.success(`${what} built`);
      else flash.error(`${what} ${build.status}${build.errorText ? `: ${build.errorText}` : ''}`);
    } else if (!terminal) watched.current = true;
  }, [build, terminal, flash]);

  const style = statusStyle(state?.note !== undefined ? 'none' : build?.status);
  return (
    <StateView query={query} noun="build status">
      {build ? (
        <Box flexDirection="column">
          <Text>
            Branch: <Text bold>{build.branchName}</Text> <Text color={color.muted}>({runtimeOf(build.mode, client.getQueryData<DataModelBranch[]>(dataModelKeys.branches(deploymentId))?.find((b) => b.name === build.branchName))})</Text>
            {build.buildJobId !== undefined ? <Text color={color.muted}> build #{build.buildJobId}</Text> : null}
          </Text>
          <Text>
            Status: <Text color={style.color}>{style.glyph} {state?.label}</Text>
          </Text>
          {state?.note !== undefined ? (
            <Text color={color.muted}>{state.note}</Text>
          ) : (
            <BuildTimeline steps={buildSteps(step ?? '', times && times.buildId === build.buildJobId ? times.at : {})} now={now} />
          )}
          {build.errorText && !state?.blocked ? <Text color={color.error}>{build.errorText}</Text> : null}
          <Text color={color.muted}>
            {terminal
              ? 'finished: live updates stopped'
              : state?.blocked
                ? 'nothing builds it: live updates stopped (r checks again)'
                : live.paused
                  ? 'live updates paused'
                  : `live: every ${Math.round(BUILD_POLL_MS / 1000)}s`}
          </Text>
        </Box>
      ) : null}
    </StateView>
  );
}

/** What the status line says, and instead of the steps when no build runs (`note`); `blocked`: nothing builds it. */
function stateOf(build: BuildStatus): {label: string; note?: string; blocked?: boolean} {
  const block = buildBlock(build);
  if (block === 'not-active') {
    return {label: 'not active', blocked: true, note: 'Not built: nobody has this branch open in dev mode and it has no staging environment'};
  }
  if (block === 'bad-branch') return {label: 'no such branch', blocked: true, note: `The service knows no branch ${build.branchName}`};
  if (build.status === 'none') return {label: 'not built', note: 'No build yet for this branch'};
  return {label: build.status || 'unknown'};
}

/**
 * What runs the branch, in words: the API says `production` or `dev_mode`, and `dev_mode` means any runtime but
 * production, a shared branch's staging environment too. The branch list the screen came from (cached; nothing is
 * fetched for this) says whether the branch has staging.
 */
export function runtimeOf(mode: string, branch: DataModelBranch | undefined): string {
  if (mode === 'production') return 'production';
  if (mode !== 'dev_mode') return mode || 'unknown mode';
  return branch?.stagingEnabled ? 'staging' : 'not production';
}
