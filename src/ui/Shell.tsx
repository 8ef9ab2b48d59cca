// The frame around the current screen: header, title, filter/palette line, body, crumbs, footer, flash; plus
// the global keys (? / : r p Esc q) and the too-small notice.
import React, {Suspense, useCallback, useMemo, useState} from 'react';
import {Box, Text} from 'ink';
import {useQueryClient} from '@tanstack/react-query';
import {useKeys} from './dispatch/Dispatcher.js';
import {useAppInfo} from './hooks/useApi.js';
import {BodySizeProvider} from './hooks/useBodySize.js';
import {useFlash} from './hooks/useFlash.js';
import {useLive} from './hooks/useLive.js';
import {useNav} from './hooks/useNav.js';
import {useScreenSize} from './hooks/useScreenSize.js';
import {useChrome} from './hooks/useTitle.js';
import {ShellHeader} from './ShellHeader.js';
import {Crumbs} from './components/Crumbs.js';
import {FilterBar} from './components/FilterBar.js';
import {Flash} from './components/Flash.js';
import {Footer} from './components/Footer.js';
import {HelpOverlay} from './components/HelpOverlay.js';
import {Palette, paletteHeight} from './components/Palette.js';
import {Spinner} from './components/Spinner.js';
import {color} from './theme.js';
import type {ScreenDef} from './screen.js';
import {safeLine} from '../api/safeText.js';

export const MIN_COLUMNS = 60;
export const MIN_ROWS = 15;
/** header + title + crumbs + footer + flash */
const CHROME_ROWS = 5;

type Mode = 'none' | 'help' | 'palette' | 'filter';

export interface ShellProps {
  readonly screens: readonly ScreenDef[];
  readonly onQuit: () => void;
}

/** The title line; its scope is often a server name (a deployment's), so the line goes through the sanitizer. */
export function titleLine(resource: string, scope: string | undefined, count: number | undefined, filter: string): string {
  return safeLine(
    [resource, scope ? `· ${scope}` : '', count !== undefined ? `[${count}]` : '', filter ? `/${filter}` : '']
      .filter(Boolean)
      .join(' '),
  );
}

export function Shell({screens, onQuit}: ShellProps) {
  const {columns, rows} = useScreenSize();
  const nav = useNav();
  const info = useAppInfo();
  const flash = useFlash();
  const live = useLive();
  const chrome = useChrome();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('none');
  const close = useCallback(() => setMode('none'), []);
  const byId = useMemo(() => new Map(screens.map((s) => [s.id, s])), [screens]);
  const top = nav.top;
  const def = byId.get(top.screen);

  useKeys('global', {
    'app.quit': () => onQuit(),
    'app.help': () => setMode('help'),
    'app.palette': () => setMode('palette'),
    'app.filter': () => setMode('filter'),
    'app.refresh': () => {
      // Active queries are exactly the ones the current screen (and the header) observe.
      void queryClient.invalidateQueries({type: 'active'});
      flash.info('refreshing…');
    },
    'app.pause': () => {
      flash.info(live.paused ? 'live updates resumed' : 'live updates paused (p resumes)');
      live.toggle();
    },
    'app.back': () => {
      if (top.filter) nav.setFilter('');
      else if (nav.stack.length > 1) nav.pop();
      else return false;
    },
  });

  const go = (id: string) => {
    const target = byId.get(id);
    setMode('none');
    if (!target) return;
    const missing = (target.needs ?? []).filter((p) => nav.params[p] === undefined);
    // The row under the cursor can stand in for what is missing (a deployment on the deployments list).
    const offered = nav.selection();
    if (missing.length > 0 && offered && missing.every((p) => offered.params[p] !== undefined)) {
      nav.push({screen: id, params: {...offered.params}, label: offered.label});
      return;
    }
    if (missing.length > 0) {
      // deploymentId → "deployment": what the user picks, not the param's name.
      const what = missing.map((p) => p.replace(/Id$/, '').replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`));
      flash.warn(`${target.title} needs a ${what.join(' and a ')}: pick one first`);
      return;
    }
    // Screens that depend on a selection stack on top of it; top-level ones start a fresh stack.
    if (target.needs?.length) nav.push({screen: id});
    else nav.reset({screen: id});
  };

  if (columns < MIN_COLUMNS || rows < MIN_ROWS) {
    return (
      <Text color={color.warn} wrap="truncate-end">
        terminal too small (need {MIN_COLUMNS}×{MIN_ROWS}, have {columns}×{rows})
      </Text>
    );
  }

  // One row short of the terminal: a frame as tall as the terminal makes Ink clear the whole screen on every
  // update (flicker); one row less gets line-by-line redraws.
  const frameRows = rows - 1;
  const extra = mode === 'palette' ? paletteHeight() : mode === 'filter' ? 1 : 0;
  const bodyHeight = Math.max(1, frameRows - CHROME_ROWS - extra);
  const titleFor = (screen: string) => byId.get(screen)?.title ?? screen;
  const crumbs = nav.stack.map((e) => e.label ?? byId.get(e.screen)?.crumb?.(e.params) ?? titleFor(e.screen));
  const escape = top.filter ? 'clear filter' : nav.stack.length > 1 ? 'back' : undefined;
  const paletteEntries = screens
    .filter((s) => s.palette !== false)
    .map((s) => ({id: s.id, name: s.name, aliases: s.aliases, title: s.title}));
  const Screen = def?.component;

  return (
    <Box flexDirection="column" width={columns} height={frameRows}>
      <ShellHeader width={columns} contextName={info.contextName} host={info.host} devBranch={chrome.devBranch} paused={live.paused} />
      <Text bold wrap="truncate-end">
        {titleLine(chrome.title.resource ?? titleFor(top.screen), chrome.title.scope, chrome.title.count, top.filter)}
      </Text>
      {mode === 'filter' ? (
        <FilterBar
          value={top.filter}
          onChange={nav.setFilter}
          onSubmit={close}
          onCancel={() => {
            nav.setFilter('');
            close();
          }}
        />
      ) : null}
      {mode === 'palette' ? <Palette entries={paletteEntries} onGo={go} onCancel={close} /> : null}
      <Box height={bodyHeight} flexDirection="column" overflowY="hidden">
        {mode === 'help' ? (
          <HelpOverlay screen={def?.keyScope ?? top.screen} screenTitle={titleFor(top.screen)} readonly={info.readonly} onClose={close} height={bodyHeight} />
        ) : null}
        {/* Hidden, not unmounted, under help: the screen keeps its state and queries. */}
        <Box display={mode === 'help' ? 'none' : 'flex'} flexDirection="column">
          <BodySizeProvider size={{width: columns, height: bodyHeight}}>
            {Screen ? (
              <Suspense fallback={<Spinner />}>
                <Screen key={top.key} params={nav.params} />
              </Suspense>
            ) : (
              <Text color={color.error}>unknown screen “{top.screen}”</Text>
            )}
          </BodySizeProvider>
        </Box>
      </Box>
      <Crumbs items={crumbs} />
      <Footer screen={def?.keyScope ?? top.screen} readonly={info.readonly} width={columns} escape={escape} hasList={chrome.title.count !== undefined} />
      <Flash message={flash.message} />
    </Box>
  );
}
