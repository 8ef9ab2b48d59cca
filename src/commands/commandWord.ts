// The word that names the command of a run, found without the command tree: main.ts and the lazy group loader
// both decide on it before any command module is loaded.

/** Global options that take a value: the word after them is not a command. */
const VALUE_OPTIONS = new Set(['--context', '--api-url', '--token']);

/** The first word of `argv` that is not a global option or its value (`deployments` in `--json deployments list`). */
export function commandWord(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') return argv[i + 1];
    // Help before any command word is the program's help: it lists every group.
    if (word === '-h' || word === '--help') return undefined;
    if (!word.startsWith('-')) return word;
    if (VALUE_OPTIONS.has(word)) i++;
  }
  return undefined;
}
