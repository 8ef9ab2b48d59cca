// `svc ui`: the interactive console. The UI (ink, react) is imported only when this command runs.
import type {Command} from '@commander-js/extra-typings';
import type {UiPrefs} from '../ui/activity/ActivityFeedProvider.js';
import type {FirstFramePainter} from '../ui/startup/index.js';
import {UserError, EXIT_USAGE} from './output.js';
import {uiPrefs} from './uiPrefs.js';
import {contextTarget, localTarget, remoteTarget} from './uiTarget.js';

export function register(program: Command): void {
  program
    .command('ui')
    .description('open the interactive console (full screen; ? lists the keys)')
    .option('--local', 'start the local service in-process with demo data and connect to it')
    .option('--readonly', 'hide and block every action that changes something')
    .option('--speed <factor>', 'with --local: run builds and syncs this many times faster', '1')
    .action(async (opts, cmd) => {
      const globals = cmd.optsWithGlobals() as {context?: string; apiUrl?: string; token?: string};
      const speed = Number(opts.speed);
      if (!Number.isFinite(speed) || speed <= 0) throw new UserError(`--speed must be a positive number (got ${opts.speed})`, EXIT_USAGE);
      const connect = async () => (opts.local ? localTarget(speed) : remoteTarget({context: globals.context, url: globals.apiUrl, token: globals.token}));
      // On a terminal, connecting and the first frame's requests run while Ink, React and the screens load: the
      // first frame is painted from data (ui/startup/index.ts). Off a terminal runUi refuses before connecting.
      const startup = await import('../ui/startup/index.js');
      const prefs = uiPrefs();
      const early = process.stdin.isTTY && process.stdout.isTTY ? await startup.connectEarly(connect, opts.readonly === true, () => loadFirstFramePainter(prefs)) : undefined;
      try {
        const [{runUi}, {SCREENS}] = await importUiLive(startup.withCiHidden);
        process.exitCode = await runUi({
          screens: SCREENS,
          readonly: opts.readonly,
          ...(early && {firstData: early.firstData, early: early.screen}),
          connect: early ? () => early.target : connect,
          switchTo: contextTarget,
          prefs,
        });
      } finally {
        // A failure before Ink took over (a module that did not load) must not leave the painted frame behind.
        early?.screen.restore();
      }
    });
}

/** The first screen's painter (the early paint: ui/startup/index.ts), marking the context's pinned deployments. */
async function loadFirstFramePainter(prefs: UiPrefs): Promise<FirstFramePainter> {
  const {deploymentsFirstFrame} = await import('../../screens/deployments/firstFrame.js');
  return (data, target, opts) => deploymentsFirstFrame(data, target, {...opts, pins: new Set(prefs.pinsOf?.(target.contextName ?? target.host) ?? [])});
}

/** Loads the shell and the registry, with the CI flag hidden on a terminal (ui/startup/ciHidden.ts). */
function importUiLive(
  hideCi: <T>(load: () => Promise<T>) => Promise<T>,
): Promise<[typeof import('../ui/run.js'), typeof import('../../screens/index.js')]> {
  return hideCi(() => {
    // Side by side: the loader reads one module's files while it compiles the other's.
    const screens = import('../../screens/index.js');
    // The registry loads first (it holds no Ink): the first screen's own module then loads alongside the shell
    // instead of after it.
    void screens.then(({SCREENS}) => SCREENS.find((s) => s.id === 'deployments')?.preload?.()).catch(() => {});
    return Promise.all([import('../ui/run.js'), screens]);
  });
}
