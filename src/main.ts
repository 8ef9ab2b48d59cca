// Entry point. Command mode never loads React or Ink: the UI is imported lazily by the `ui` command.
import {VERSION} from './version.js';

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  // The commonest probe of a CLI answers without parsing the command tree (about 450 KB of JavaScript).
  process.stdout.write(`${VERSION}\n`);
} else {
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '' || argv.includes('--no-color')) {
    // chalk (used by Ink) ignores NO_COLOR; FORCE_COLOR=0 is what it honours.
    process.env.FORCE_COLOR = '0';
  }
  const {run} = await import('./commands/program.js');
  process.exitCode = await run(argv);
}
