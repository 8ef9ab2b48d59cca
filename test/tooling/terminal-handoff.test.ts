// One hand-off of the terminal (src/ui/handOff.ts): a program the console runs in its terminal (the editor for
// files, objects and templates) goes through it, so no byte of input reaches the console while the program runs.
// This lint keeps it the only one: any other module that starts a process gives it no terminal (stdio 'ignore' or
// pipes, detached or not), and no console module (src/ui, screens) starts one itself.
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {join, relative, resolve} from 'node:path';
import {describe, expect, it} from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const HAND_OFF = 'src/ui/handOff.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [relative(root, path)] : [];
  });
}

const startsProcesses = (text: string) => /from ['"](node:)?child_process['"]/.test(text);
/** stdio that hands over the terminal: 'inherit', or the console's own descriptors or streams. */
const takesTerminal = (text: string) => /['"]inherit['"]|stdio:\s*\[[^\]]*(\b[012]\b|process\.std)/.test(text);

describe('the terminal is handed over in one place', () => {
  const files = [...sources(join(root, 'src')), ...sources(join(root, 'screens'))];
  const starters = files.filter((f) => startsProcesses(readFileSync(join(root, f), 'utf8')));

  it('handOff.ts starts the programs that get the terminal; it is the console’s only module that starts any', () => {
    expect(starters).toContain(HAND_OFF);
    // The check below sees a hand-over: it finds the one handOff.ts makes.
    expect(takesTerminal(readFileSync(join(root, HAND_OFF), 'utf8'))).toBe(true);
    expect(starters.filter((f) => /^(src\/ui|screens)\//.test(f) && f !== HAND_OFF)).toEqual([]);
  });

  it('every other process is started without the terminal', () => {
    expect(starters.filter((f) => f !== HAND_OFF && takesTerminal(readFileSync(join(root, f), 'utf8')))).toEqual([]);
  });
});
