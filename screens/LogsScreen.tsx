// Logs of a deployment: follows new lines live (polling with the service's cursor), filtered by source, pod,
// container and the `/` text; scrolling back (k/PgUp) holds the view still while lines keep arriving below,
// G returns to following the newest line.
import React, {useRef, useState} from 'react';
import {Box, Text} from 'ink';
import {useQuery} from '@tanstack/react-query';
import {LOGS_POLL_MS, logQueries, type LogFilter, type LogSourceFilter} from '../src/queries/logs.js';
import {StateView} from '../src/ui/components/StateView.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {useApi} from '../src/ui/hooks/useApi.js';
import {useBodySize} from '../src/ui/hooks/useBodySize.js';
import {useFilter} from '../src/ui/hooks/useNav.js';
import {useTitle} from '../src/ui/hooks/useTitle.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {color} from '../src/ui/theme.js';
import {LogLines} from './logs/LogLines.js';
import {cycle, matchesText, scrollBy, SOURCES, visible, type Scroll} from './logs/logView.js';
import {useLivePolicy} from './useLivePolicy.js';

/** The filter bar and the status line under the lines. */
const CHROME_ROWS = 2;

function filterOf(source: LogSourceFilter | undefined, pod: string | undefined, container: string | undefined): LogFilter {
  return {...(source && {source}), ...(pod && {pod}), ...(container && {container})};
}

function Status({follow, below, paused}: {follow: boolean; below: number; paused: boolean}) {
  if (!follow) return <Text color={color.warn}>scrolled back{below ? ` · ${below} newer line${below === 1 ? '' : 's'} below` : ''} · G follows again</Text>;
  if (paused) return <Text color={color.muted}>live updates paused (p resumes)</Text>;
  return <Text color={color.muted}>following · new lines every {Math.round(LOGS_POLL_MS / 1000)}s</Text>;
}

export function LogsScreen({params}: ScreenProps) {
  const api = useApi();
  const body = useBodySize();
  const text = useFilter();
  const id = params.deploymentId ?? '';
  const [source, setSource] = useState<LogSourceFilter | undefined>();
  const [pod, setPod] = useState<string | undefined>();
  const [container, setContainer] = useState<string | undefined>();
  const [scroll, setScroll] = useState<Scroll>({follow: true});
  const live = useLivePolicy(LOGS_POLL_MS);
  const filter = filterOf(source, pod, container);
  useTitle('Logs', [params.deploymentName ?? id, source, pod, container].filter(Boolean).join(' · '));
  const query = useQuery(logQueries.tail(api, id, filter, live));
  const pods = useQuery(logQueries.pods(api, id));
  const all = query.data?.lines ?? [];
  const shown = text ? all.filter((l) => matchesText(l, text)) : all;
  // StateView's stale-error line takes one more row.
  const height = Math.max(1, body.height - CHROME_ROWS - (query.error && query.data ? 1 : 0));
  const view = visible(shown, scroll, height);

  const podNames = (pods.data ?? []).map((p) => p.name);
  const containers = [...new Set((pods.data ?? []).filter((p) => !pod || p.name === pod).flatMap((p) => p.containers))];
  // Key handlers read the latest lines and height (a poll can land between a render and a key).
  const latest = useRef({shown, height});
  latest.current = {shown, height};
  const move = (delta: number) => () => setScroll((s) => scrollBy(latest.current.shown, s, latest.current.height, delta));
  const refilter = (apply: () => void) => () => {
    apply();
    setScroll({follow: true});
  };
  useKeys('screen', {
    'logs.source': refilter(() => setSource((s) => cycle(SOURCES, s))),
    'logs.pod': refilter(() => {
      setPod((p) => cycle(podNames, p));
      setContainer(undefined);
    }),
    'logs.container': refilter(() => setContainer((c) => cycle(containers, c))),
    'list.up': move(-1),
    'list.down': move(1),
    'list.pageUp': move(-Math.max(1, height - 1)),
    'list.pageDown': move(Math.max(1, height - 1)),
    'list.top': () => setScroll(() => {
      const first = latest.current.shown[Math.min(latest.current.height, latest.current.shown.length) - 1];
      return first ? {follow: false, lastSeq: first.seq} : {follow: true};
    }),
    'list.bottom': () => setScroll({follow: true}),
  });

  // The count lives here, not in the title: a title count makes the footer offer Enter, which opens nothing.
  const filters = [...(query.data ? [`${shown.length} line${shown.length === 1 ? '' : 's'}`] : []), `source ${source ?? 'all'}`, `pod ${pod ?? 'all'}`, `container ${container ?? 'all'}`];
  return (
    <Box flexDirection="column">
      <Text color={color.muted} wrap="truncate-end">{filters.join(' · ')}</Text>
      <StateView
        query={query}
        noun="log lines"
        empty={all.length === 0}
        emptyText={`No log lines${source || pod || container ? ' for this filter' : ' yet'} (new ones appear here as they are written)`}
        filteredEmpty={shown.length === 0}
        filter={text}
      >
        <LogLines lines={view.lines} />
        <Status follow={scroll.follow} below={view.below} paused={live.paused} />
      </StateView>
    </Box>
  );
}
