// `svc ui`: the interactive console. The UI (ink, react) is imported only when this command runs.
import type {Command} from '@commander-js/extra-typings';
import {UserError, EXIT_USAGE} from './output.js';

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
      const {runUi} = await import('../ui/run.js');
      process.exitCode = await runUi({
        local: opts.local,
        context: globals.context,
        url: globals.apiUrl,
        token: globals.token,
        readonly: opts.readonly,
        speed,
      });
    });
}
