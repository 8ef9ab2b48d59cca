// One deployment at a glance: settings, the version in effect, the production build (live until it ends),
// environments with their branches, the caller's dev-mode session, the latest dbt syncs and, for a git
// deployment, the GitHub connection; hotkeys open the sub-screens.
import React, {useMemo} from 'react';
import {Box, Text} from 'ink';
import {useQuery} from '@tanstack/react-query';
import {buildQueries} from '../src/queries/builds.js';
import {environmentQueries} from '../src/queries/environments.js';
import {BUILD_POLL_MS, LIST_REFRESH_MS} from '../src/queries/poll.js';
import {StateView} from '../src/ui/components/StateView.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {useApi} from '../src/ui/hooks/useApi.js';
import {useFlash} from '../src/ui/hooks/useFlash.js';
import {useNavActions} from '../src/ui/hooks/useNav.js';
import {useScreenDef} from '../src/ui/hooks/useScreens.js';
import {useDevBranch, useTitle} from '../src/ui/hooks/useTitle.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {OVERVIEW_SYNCS, overviewQueries} from '../src/queries/overview.js';
import {useBodySize} from '../src/ui/hooks/useBodySize.js';
import {color, glyph, statusStyle} from '../src/ui/theme.js';
import {EnvironmentLines, Field, GithubField, SyncLines} from './overview/sections.js';
import {useLivePolicy} from './useLivePolicy.js';
import {useDeploymentName} from './useDeploymentName.js';
import {safeLine} from '../src/lib/safeText.js';

export function DeploymentOverviewScreen({params}: ScreenProps) {
  const api = useApi();
  const nav = useNavActions();
  const screenDef = useScreenDef();
  const flash = useFlash();
  const body = useBodySize();
  const id = params.deploymentId ?? '';
  const listLive = useLivePolicy(LIST_REFRESH_MS);
  const buildLive = useLivePolicy(BUILD_POLL_MS);
  const {settings, name, deployBranch} = useDeploymentName(params, listLive);
  const s = settings.data;
  useTitle('Deployment', name);
  const build = useQuery({...buildQueries.status(api, id, deployBranch, buildLive), enabled: deployBranch !== undefined});
  // Without a branch the service answers for the caller's dev-mode branch when a session is open.
  const session = useQuery(buildQueries.status(api, id, undefined));
  const envs = useQuery(environmentQueries.list(api, id, undefined, listLive));
  const syncs = useQuery(overviewQueries.recentSyncs(api, id, listLive));
  // Only a deployment built from a repository has a GitHub connection to show (and to ask for).
  const git = s !== undefined && (s.repoType === 'git' || s.deployMode === 'git');
  const github = useQuery({...overviewQueries.github(api, listLive), enabled: git});
  const devBranch = session.data?.mode === 'dev_mode' ? session.data.branchName : undefined;
  useDevBranch(devBranch);

  const go = (screen: string, extra: Record<string, string> = {}) => () => {
    // Hotkeys for screens other releases add: say so rather than open an "unknown screen".
    const def = screenDef(screen);
    if (!def) return flash.warn(`${screen} is not available in this version of svc`);
    nav.push({screen, params: {deploymentId: id, deploymentName: name, ...extra}});
  };
  useKeys('screen', {
    'deployment.versions': go('versions'),
    'deployment.envs': go('environments'),
    'deployment.build': go('build', deployBranch ? {branch: deployBranch} : {}),
    'deployment.branches': go('branches'),
    'deployment.dev': go('dev'),
    'deployment.dbt': go('dbt'),
    'deployment.logs': go('logs'),
    'deployment.variables': go('variables'),
    'deployment.files': go('files'),
    'deployment.query': go('query'),
  });

  const version = useMemo(() => {
    const v = s?.releaseChannelVersion ?? s?.cubeImageVersion;
    const channel = s?.releaseChannel;
    return v ? `${v}${channel ? ` (channel ${channel})` : ''}` : channel ? `channel ${channel}` : undefined;
  }, [s]);
  const b = build.data;
  const bs = statusStyle(b?.status);
  // The settings lines, Environments, Dev mode, GitHub and the first sync always show; what is left of the body
  // goes to more syncs first, then to the environments' lines.
  const spare = Math.max(0, body.height - (10 + (git ? 1 : 0)));
  const syncRows = 1 + Math.min(spare, OVERVIEW_SYNCS - 1);
  const envRows = spare - (syncRows - 1);

  return (
    <StateView query={settings} noun="deployment">
      <Box flexDirection="column">
        <Field label="Name" value={`${name} (${id})`} />
        <Field label="Region" value={s?.region ?? undefined} />
        <Field label="Deploy mode" value={s?.deployMode ?? undefined} />
        <Field label="Deploy branch" value={deployBranch} />
        <Field label="URL" value={s?.deploymentUrl ?? undefined} />
        <Field label="Version" value={version} />
        <Field label="Build">
          {b ? (
            <Text>
              <Text color={bs.color}>{bs.glyph} {b.status || 'unknown'}</Text>
              {b.errorText ? <Text color={color.error}> {safeLine(b.errorText)}</Text> : null}
            </Text>
          ) : build.error ? (
            <Text color={color.error}>{glyph.fail} unavailable</Text>
          ) : (
            <Text color={color.muted}>…</Text>
          )}
        </Field>
        <EnvironmentLines query={envs} rows={envRows} />
        <Field label="Dev mode">
          {devBranch ? <Text color={color.devBranch}>{glyph.star} {safeLine(devBranch)}</Text> : <Text color={color.muted}>none</Text>}
        </Field>
        {git ? <GithubField query={github} /> : null}
        <SyncLines query={syncs} rows={syncRows} />
      </Box>
    </StateView>
  );
}
