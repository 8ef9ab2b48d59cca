// The frame around the current screen: header, title, filter/palette line, body, crumbs, footer, flash; plus
// the global keys (? / : r p Esc q) and the too-small notice.
import React, {Suspense, useCallback, useMemo, useRef, useState} from 'react';
import {Box, Text} from 'ink';
import {useQueryClient} from '@tanstack/react-query';
import {HoldKeys, useKeys, useTopKeys, type TopKeys} from './dispatch/Dispatcher.js';
import {useAppInfo} from './hooks/useApi.js';
import {BodySizeProvider} from './hooks/useBodySize.js';
import {useFlash, useFlashMessage} from './hooks/useFlash.js';
import {useLive} from './hooks/useLive.js';
import {useNav} from './hooks/useNav.js';
import {usePolicy} from './hooks/usePolicy.js';
import {useScreenSize} from './hooks/useScreenSize.js';
import {TitleEntry, titleOf, useChrome} from './hooks/chrome.js';
import {paramsAt} from './nav/navReducer.js';
import {planJump} from './nav/jump.js';
import {ShellHeader} from './ShellHeader.js';
import {Crumbs} from './components/Crumbs.js';
import {FilterBar} from './components/FilterBar.js';
import {Flash} from './components/Flash.js';
import {usePositionText} from './hooks/usePosition.js';
import {Footer, type FooterProps} from './components/Footer.js';
import {HELP_KEYS, HelpOverlay} from './components/HelpOverlay.js';
import {CONFIRM_KEYS, ConfirmDialog} from './components/ConfirmDialog.js';
import {PALETTE_KEYS, Palette, paletteHeight} from './components/Palette.js';
import {FIELD_KEYS} from './components/TextField.js';
import type {ActionId} from './keymap.js';
import {Spinner} from './components/Spinner.js';
import {color} from './theme.js';
import type {ScreenDef} from './screen.js';
import {bodyHeight as bodyHeightOf, frameRows as frameRowsOf, MIN_COLUMNS, MIN_ROWS, titleLine, tooSmall} from './shellLayout.js';

type Mode = 'none' | 'help' | 'palette' | 'filter' | 'quit';

/** The keys of each overlay the shell opens: the footer's from the frame that shows it. */
const OVERLAY_KEYS: Readonly<Record<Mode, readonly ActionId[] | undefined>> = {
  none: undefined,
  help: HELP_KEYS,
  palette: [...PALETTE_KEYS, ...FIELD_KEYS],
  filter: FIELD_KEYS,
  quit: CONFIRM_KEYS,
};

export interface ShellProps {
  readonly screens: readonly ScreenDef[];
  readonly onQuit: () => void;
}

/** `deployment.update ×2, apiKey.create`: each kind of change once, in the order first made; the first three kinds. */
function changeList(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  const kinds = [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name));
  return kinds.length > 3 ? `${kinds.slice(0, 3).join(', ')} and ${kinds.length - 3} more` : kinds.join(', ');
}

/** The title on the left, the list position (`12 of 45`) on the right when a list publishes one. */
function TitleLine({text, entry}: {readonly text: string; readonly entry: number}) {
  const position = usePositionText(entry);
  return (
    <Box>
      <Box flexGrow={1} flexShrink={1}>
        <Text bold wrap="truncate-end">
          {text}
        </Text>
      </Box>
      {position ? (
        <Box flexShrink={0} marginLeft={1}>
          <Text color={color.muted}>{position}</Text>
        </Box>
      ) : null}
    </Box>
  );
}

/** The flash line reads the message itself: a message that shows or clears draws that line, not the shell. */
function FlashLine() {
  return <Flash message={useFlashMessage()} />;
}

/**
 * The footer, with the keys of the layer on top when a dialog or a text field has them (the dispatcher's top layer).
 * It reads that layer itself: a layer that registers (help, the palette, a prompt) renders the footer again, not the
 * shell and the screen under it.
 */
function ShellFooter({mode, ...props}: Omit<FooterProps, 'layer' | 'labels'> & {readonly mode: Mode}) {
  const topKeys = useTopKeys();
  // The dispatcher names a layer's keys one render after the frame that shows it (layers register after a frame is
  // drawn). The shell's own overlays do not wait: the frame that opens one has its keys, and the frame that closes
  // it no longer does (the top layer still named then is the overlay's, gone).
  const overlayTop = useRef<TopKeys | undefined>(undefined);
  const overlayShown = useRef<Mode>('none');
  const overlayKeys = OVERLAY_KEYS[mode];
  // The overlay's own top layer: the one named on a later render of the same overlay (on its first, the layer
  // under it still is).
  if (overlayKeys) overlayTop.current = overlayShown.current === mode ? topKeys : undefined;
  overlayShown.current = mode;
  const layer = overlayKeys ?? (topKeys !== undefined && topKeys === overlayTop.current ? undefined : topKeys?.actions);
  return <Footer {...props} layer={layer} labels={layer === topKeys?.actions ? topKeys?.labels : undefined} />;
}

export function Shell({screens, onQuit}: ShellProps) {
  const {columns, rows} = useScreenSize();
  const nav = useNav();
  const info = useAppInfo();
  const flash = useFlash();
  const live = useLive();
  const chrome = useChrome();
  const policy = usePolicy();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('none');
  const [lost, setLost] = useState<readonly string[]>([]);
  const close = useCallback(() => setMode('none'), []);
  const byId = useMemo(() => new Map(screens.map((s) => [s.id, s])), [screens]);
  const top = nav.top;
  const def = byId.get(top.screen);

  useKeys('global', {
    // Quitting `svc ui --local` deletes its temporary data: when anything was changed in it, q asks first and names
    // the changes. Reads and queries change nothing: q quits at once after them.
    'app.quit': () => {
      const changes = info.embedded?.changes() ?? [];
      if (changes.length === 0) return void onQuit();
      setLost(changes);
      setMode('quit');
    },
    'app.help': () => setMode('help'),
    'app.palette': () => setMode('palette'),
    'app.filter': () => {
      // Only a list or a log takes the filter; a title that changes while nothing filters would lie.
      if (chrome.features.filterable === 0 && !top.filter) return void flash.info('nothing to filter on this screen');
      setMode('filter');
    },
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

  // The deployment last looked at: a `:versions` from Audit or Contexts opens for it instead of asking.
  const lastDeployment = useRef<Readonly<Record<string, string>> | undefined>(undefined);
  if (nav.params.deploymentId !== undefined) {
    lastDeployment.current = {
      deploymentId: nav.params.deploymentId,
      ...(nav.params.deploymentName !== undefined ? {deploymentName: nav.params.deploymentName} : {}),
    };
  }

  const go = (id: string, arg?: string) => {
    const target = byId.get(id);
    setMode('none');
    if (!target) return;
    const plan = planJump({target, arg, stack: nav.stack, screen: (s) => byId.get(s), offered: nav.selection()?.params, lastDeployment: lastDeployment.current});
    if (plan?.type === 'warn') flash.warn(plan.text);
    else if (plan?.type === 'jump') nav.jump(plan.keep, plan.targets);
    else if (plan) nav[plan.type](plan.target);
  };

  const extra = mode === 'palette' ? paletteHeight() : mode === 'filter' ? 1 : 0;
  const bodyHeight = bodyHeightOf(rows, extra);
  const Screen = def?.component;
  // The screen's element (and its size's object) stays the same while what the screen is given does: the shell renders
  // again for what it draws itself (the title, a flash, the footer, an overlay) without rendering the screen again. A
  // new size (the `/` line opening) renders what reads the size, not the screen's own component.
  const screen = useMemo(
    () =>
      Screen ? (
        <TitleEntry.Provider value={top.key}>
          <Screen key={top.key} params={nav.params} />
        </TitleEntry.Provider>
      ) : undefined,
    [Screen, top.key, nav.params],
  );
  const body = useMemo(
    () => (
      <BodySizeProvider size={{width: columns, height: bodyHeight}}>
        {screen ? (
          <Suspense
            fallback={
              <>
                <HoldKeys />
                <Spinner />
              </>
            }
          >
            {screen}
          </Suspense>
        ) : (
          <Text color={color.error}>unknown screen “{top.screen}”</Text>
        )}
      </BodySizeProvider>
    ),
    [screen, top.screen, columns, bodyHeight],
  );

  if (tooSmall(columns, rows)) {
    // Wrapped rather than cut, so the notice reads whole even at 25 columns.
    return (
      <Box width={columns}>
        <Text color={color.warn} wrap="wrap">
          terminal too small (need {MIN_COLUMNS}×{MIN_ROWS}, have {columns}×{rows})
        </Text>
      </Box>
    );
  }

  const frameRows = frameRowsOf(rows);
  const titleFor = (screen: string) => byId.get(screen)?.title ?? screen;
  // Crumbs name the screen; the entry that brings a deployment in also says which one.
  const crumbs = nav.stack.map((e, i) => {
    const def = byId.get(e.screen);
    if (def?.crumb) return def.crumb(paramsAt(nav.stack, i));
    const title = titleFor(e.screen);
    const bringsIn = e.params.deploymentId !== undefined && (i === 0 || paramsAt(nav.stack, i - 1).deploymentId === undefined);
    const what = bringsIn ? (e.label ?? e.params.deploymentName) : undefined;
    if (what && what !== title) return `${what} · ${title}`;
    // A label that says more than the deployment's name ('staging build · feature-x') names the screen itself.
    return e.label && e.label !== paramsAt(nav.stack, i).deploymentName ? e.label : title;
  });
  const escape = top.filter ? 'clear filter' : nav.stack.length > 1 ? 'back' : undefined;
  const paletteEntries = screens
    .filter((s) => s.palette !== false)
    .map((s) => ({id: s.id, name: s.name, aliases: s.aliases, title: s.title, ...(s.argument ? {argument: s.argument.label} : {})}));
  const shown = titleOf(chrome.title, top.key);
  const keyScope = chrome.features.keyScope ?? def?.keyScope ?? top.screen;

  return (
    <Box flexDirection="column" width={columns} height={frameRows}>
      <ShellHeader width={columns} contextName={info.contextName} host={info.host} devBranch={chrome.devBranch} paused={live.paused} readonly={info.readonly} />
      <TitleLine text={titleLine(shown.resource ?? titleFor(top.screen), shown.scope, shown.count, top.filter)} entry={top.key} />
      {mode === 'filter' ? (
        <FilterBar
          search={(chrome.features.searchable ?? 0) > 0}
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
        {mode === 'quit' ? (
          <Box flexShrink={0} flexDirection="column">
            <ConfirmDialog
              title="Quit? The local demo data will be lost"
              message={`Quitting ends svc ui --local: ${info.leaving ?? 'its temporary data is deleted'}.\nChanged here: ${changeList(lost)}.`}
              confirmLabel="Quit"
              onConfirm={onQuit}
              onCancel={close}
            />
          </Box>
        ) : null}
        {mode === 'help' ? (
          <HelpOverlay screen={keyScope} screenTitle={titleFor(top.screen)} policy={policy} unavailable={chrome.features.unavailable} onClose={close} height={bodyHeight} />
        ) : null}
        {/* Hidden, not unmounted, under help: the screen keeps its state and queries. */}
        {/* Never shrunk to the body: a screen taller than the body is cut at the bottom, its rows never squeezed
            on top of each other. */}
        <Box display={mode === 'help' ? 'none' : 'flex'} flexDirection="column" flexShrink={0}>
          {body}
        </Box>
      </Box>
      <Crumbs items={crumbs} />
      <ShellFooter
        mode={mode}
        screen={keyScope}
        readonly={policy.readonly}
        permissions={policy.permissions}
        width={columns}
        escape={escape}
        open={chrome.features.open}
        pager={chrome.features.pager > 0}
        filterable={chrome.features.filterable > 0}
        searchable={(chrome.features.searchable ?? 0) > 0}
        unavailable={chrome.features.unavailable}
      />
      <FlashLine />
    </Box>
  );
}
