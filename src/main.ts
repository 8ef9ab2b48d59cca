// Entry point. Command mode never loads React or Ink: the UI is imported lazily by the `ui` command.
import {setFlagsFromString} from 'node:v8';
import {commandWord} from './commands/commandWord.js';
import {VERSION} from './version.js';

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  // The commonest probe of a CLI answers without parsing the command tree.
  process.stdout.write(`${VERSION}\n`);
} else {
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '' || argv.includes('--no-color')) {
    // chalk (used by Ink) ignores NO_COLOR; FORCE_COLOR=0 is what it honours.
    process.env.FORCE_COLOR = '0';
  }
  if (commandWord(argv) !== 'ui') {
    // fetch parses HTTP with a WebAssembly module, which V8 recompiles with its optimising compiler on a background
    // thread; a process cannot exit before that thread is done. A command sends a few requests: the baseline
    // compiler serves them. The console keeps both (its layout engine is WebAssembly too, and lives for hours).
    // Needed: without it a short command costs a third more CPU (BENCHMARKS.md, "The V8 flag of command mode").
    // Safe here: Node warns that a flag set after start-up may misbehave, but this one only picks the tier for
    // WebAssembly compiled later, and it is set before any is (undici loads with the command, below).
    setFlagsFromString('--liftoff-only');
  }
  const {run} = await import('./commands/program.js');
  const code = await run(argv);
  // Done: exit now rather than when the event loop drains. fetch keeps its idle keep-alive connection open for a
  // while after the last answer (BENCHMARKS.md, "Second pass"). Every command awaits its own work (a server
  // until its signal, background checks are detached processes), so what is left is output still being written.
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}

/** Resolves once everything written to `stream` has been handed to the system. */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return stream.writableLength === 0 ? Promise.resolve() : new Promise((resolve) => stream.once('drain', () => resolve()));
}
