// Entry point. Command mode never loads React or Ink: the UI is imported lazily by the `ui` command.
if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '' || process.argv.includes('--no-color')) {
  // chalk (used by Ink) ignores NO_COLOR; FORCE_COLOR=0 is what it honours.
  process.env.FORCE_COLOR = '0';
}

const {run} = await import('./commands/program.js');
process.exitCode = await run(process.argv.slice(2));
