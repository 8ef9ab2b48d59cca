// Builds the command tree. Each command group lives in its own file and registers itself here.
// Never import ink/react in command mode: the `ui` command loads the UI lazily.
import {Command, CommanderError, type CommandUnknownOpts} from '@commander-js/extra-typings';
import {caseInsensitiveChoices} from './session.js';
import {VERSION} from '../version.js';
import {exitQuietlyOnClosedPipe, printError, EXIT_USAGE} from './output.js';
import {register as registerHousekeeping} from './housekeeping.js';
import {groupsFor} from './groups.js';

/** The command tree for a run of `argv` (the group its first word names, or every group), or the whole tree. */
export async function buildProgram(argv?: readonly string[]): Promise<Command> {
  const program = new Command('svc')
    .description('Console, command line and local service for an analytics platform management API')
    .version(VERSION, '-V, --version', 'print the version')
    .option('--json', 'print raw JSON instead of tables')
    .option('--context <name>', 'use this saved context instead of the default one')
    .option('--api-url <url>', 'tenant address for this run (overrides SVC_API_URL and the context)')
    .option('--token <token>', 'API key or token for this run (prefer SVC_API_KEY: command lines are visible to other users)')
    .option('--no-color', 'disable colours')
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp({showGlobalOptions: true})
    .exitOverride()
    .configureOutput({writeErr: (s) => process.stderr.write(s), writeOut: (s) => process.stdout.write(s)});
  // Registration order is the order `svc --help` lists commands: `ui` first, then sign-in, then the API groups.
  const groups = groupsFor(argv);
  for (const register of await Promise.all(groups.map((g) => g.load()))) register(program);
  registerHousekeeping(program);
  caseInsensitiveChoices(program as unknown as CommandUnknownOpts);
  return program;
}

/** Runs the CLI and resolves to the exit code: 0 ok, 1 any error, 2 usage. */
export async function run(argv: string[]): Promise<number> {
  exitQuietlyOnClosedPipe();
  const program = await buildProgram(argv);
  if (argv.length === 0) {
    process.stdout.write(`svc ${VERSION}\n\n`);
    program.outputHelp();
    return 0;
  }
  try {
    await program.parseAsync(argv, {from: 'user'});
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      // `--help`, `help` and `--version` exit 0; help shown because a subcommand is missing is a usage error.
      return err.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    return printError(err);
  }
}
