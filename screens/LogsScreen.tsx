// Logs of a deployment: follows new lines live (polling with the service's cursor), filtered by source, pod,
// container and the `/` text; scrolling back (k/PgUp) holds the view still while lines keep arriving below,
// G returns to following the newest line.
import React, {useState} from 'react';
import {Box, Text} from 'ink';
import {useQuery} from '@tanstack/react-query';
import {LOGS_POLL_MS, logQueries, type LogFilter, type LogSourceFilter} from '../src/queries/logs.js';
import {LogPager} from '../src/ui/components/LogPager.js';
import {matchingLines} from '../src/ui/components/pagerView.js';
import {useFilter, useRemembered} from '../src/ui/hooks/useNav.js';
import {StateView} from '../src/ui/components/StateView.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {useApi} from '../src/ui/hooks/useApi.js';
import {useBodySize} from '../src/ui/hooks/useBodySize.js';
import {useTitle} from '../src/ui/hooks/useTitle.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {color} from '../src/ui/theme.js';
import {lineText, LogLine} from './logs/LogLines.js';
import {cycle, SOURCES} from './logs/logView.js';
import {useLivePolicy} from './useLivePolicy.js';

/** The filter line above the pager. */
const CHROME_ROWS = 1;

function filterOf(source: LogSourceFilter | undefined, pod: string | undefined, container: string | undefined): LogFilter {
  return {...(source && {source}), ...(pod && {pod}), ...(container && {container})};
}

export function LogsScreen({params}: ScreenProps) {
  const api = useApi();
  const body = useBodySize();
  const text = useFilter();
  const id = params.deploymentId ?? '';
  const [source, setSource] = useRemembered<LogSourceFilter | undefined>('source', undefined);
  const [pod, setPod] = useRemembered<string | undefined>('pod', undefined);
  const [container, setContainer] = useRemembered<string | undefined>('container', undefined);
  // A new filter starts a new pager (following), as the old lines are gone.
  const [generation, setGeneration] = useState(0);
  const live = useLivePolicy(LOGS_POLL_MS);
  const filter = filterOf(source, pod, container);
  useTitle('Logs', [params.deploymentName ?? id, source, pod, container].filter(Boolean).join(' · '));
  const query = useQuery(logQueries.tail(api, id, filter, live));
  const pods = useQuery(logQueries.pods(api, id));
  const all = query.data?.lines ?? [];
  // StateView's stale-error line takes one more row.
  const height = Math.max(2, body.height - CHROME_ROWS - (query.error && query.data ? 1 : 0));
  const podNames = (pods.data ?? []).map((p) => p.name);
  const containers = [...new Set((pods.data ?? []).filter((p) => !pod || p.name === pod).flatMap((p) => p.containers))];
  const refilter = (apply: () => void) => () => {
    apply();
    setGeneration((g) => g + 1);
  };
  useKeys('screen', {
    'logs.source': refilter(() => setSource((s) => cycle(SOURCES, s))),
    'logs.pod': refilter(() => {
      setPod((p) => cycle(podNames, p));
      setContainer(undefined);
    }),
    'logs.container': refilter(() => setContainer((c) => cycle(containers, c))),
  });

  const shown = matchingLines(all, lineText, text).length;
  const filters = [...(query.data ? [`${shown} line${shown === 1 ? '' : 's'}`] : []), `source ${source ?? 'all'}`, `pod ${pod ?? 'all'}`, `container ${container ?? 'all'}`];
  return (
    <Box flexDirection="column">
      <Text color={color.muted} wrap="truncate-end">{filters.join(' · ')}</Text>
      <StateView
        query={query}
        noun="log lines"
        empty={all.length === 0}
        emptyText={`No log lines${source || pod || container ? ' for this filter' : ' yet'} (new ones appear here as they are written)`}
      >
        <LogPager
          key={generation}
          memory={[source, pod, container].join('/')}
          lines={all}
          text={lineText}
          render={(l, prev) => <LogLine line={l} day={l.date.slice(0, 10) !== (prev?.date ?? '').slice(0, 10)} />}
          height={height}
          following={live.paused ? 'live updates paused (p resumes)' : `following · new lines every ${Math.round(LOGS_POLL_MS / 1000)}s`}
        />
      </StateView>
    </Box>
  );
}
