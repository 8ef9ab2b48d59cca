// `svc ui`: the interactive console. The UI (ink, react) is imported only when this command runs.
import type {Command} from '@commander-js/extra-typings';
import type {FirstFrameData} from '../queries/startup.js';
import type {UiTarget} from '../ui/run.js';
import type {EarlyScreen} from '../ui/terminal.js';
import {UserError, EXIT_USAGE} from './output.js';
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
      // On a terminal, connecting and the first frame's requests run while Ink, React and the screens load (about
      // 150 ms of parsing): the first frame is painted from data. Off a terminal runUi refuses before connecting.
      const early = process.stdin.isTTY && process.stdout.isTTY ? await connectEarly(connect, opts.readonly === true) : undefined;
      try {
        const [{runUi}, {SCREENS}] = await importUiLive();
        process.exitCode = await runUi({
          screens: SCREENS,
          readonly: opts.readonly,
          ...(early && {firstData: early.firstData, early: early.screen}),
          connect: early ? () => early.target : connect,
          switchTo: contextTarget,
        });
      } finally {
        // A failure before Ink took over (a module that did not load) must not leave the painted frame behind.
        early?.screen.restore();
      }
    });
}

interface Early {
  readonly target: Promise<UiTarget>;
  /** The first frame's answers, once in (and painted, when there are rows); undefined when none came. */
  readonly firstData: Promise<FirstFrameData | undefined>;
  readonly screen: EarlyScreen;
}

/**
 * Starts connecting and, once connected, the first frame's requests; their answers are painted at once, before
 * Ink, React and query-core have loaded (Ink's first frame later draws the same picture over it). A failure
 * surfaces when runUi awaits the target.
 */
async function connectEarly(connect: () => Promise<UiTarget>, readonly: boolean): Promise<Early> {
  const {fetchFirstFrame} = await import('../queries/startup.js');
  const target = connect();
  // Awaited by runUi; until then a refusal (not logged in) must not count as unhandled.
  target.catch(() => {});
  const answers = target.then((t) => fetchFirstFrame(t.api));
  answers.catch(() => {});
  // The painter loads while the requests are out.
  const {EarlyScreen, deploymentsFirstFrame, terminalSize} = await withCiHidden(() => import('../../screens/early.js'));
  const screen = new EarlyScreen();
  const firstData = Promise.all([target, answers])
    .then(([t, data]) => {
      const frame = deploymentsFirstFrame(data, t, {...terminalSize(process.stdout), readonly});
      if (frame !== undefined) screen.paint(frame);
      return data;
    })
    .catch(() => undefined);
  return {target, firstData, screen};
}

/**
 * Ink reads `is-in-ci` once, at import, and in CI paints nothing but the last frame; chalk (Ink's colours, and the
 * painter's) decides at import that a CI shell gets no colour. A person at a terminal in a CI-flagged shell (a pane
 * opened by a CI job, a developer with CI=true exported) still needs live, coloured frames, so a TTY hides the flag
 * while the console's modules load; everything else (telemetry, update checks) still sees it afterwards. Loads run
 * one after the other (the painter's, then Ink's), so one load never puts the flag back under another.
 */
async function withCiHidden<T>(load: () => Promise<T>): Promise<T> {
  const names = ['CI', 'CONTINUOUS_INTEGRATION'] as const;
  const saved = names.map((name) => [name, process.env[name]] as const);
  if (process.stdout.isTTY) for (const name of names) delete process.env[name];
  try {
    return await load();
  } finally {
    for (const [name, value] of saved) if (value !== undefined) process.env[name] = value;
  }
}

function importUiLive(): Promise<[typeof import('../ui/run.js'), typeof import('../../screens/index.js')]> {
  return withCiHidden(() => {
    // Side by side: the loader reads one module's files while it compiles the other's.
    const screens = import('../../screens/index.js');
    // The registry loads first (it holds no Ink): the first screen's own module then loads alongside the shell
    // instead of after it.
    void screens.then(({SCREENS}) => SCREENS.find((s) => s.id === 'deployments')?.preload?.()).catch(() => {});
    return Promise.all([import('../ui/run.js'), screens]);
  });
}
