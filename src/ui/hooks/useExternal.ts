// Hands the terminal to another program (the user's $EDITOR) and takes it back: leave the alternate screen and
// raw mode, run the program with the terminal inherited, then restore raw mode and the alternate screen and make
// Ink repaint the whole frame.
//
// The program runs with spawnSync on purpose: while it owns the terminal nothing of ours may draw (a live query
// would repaint into the editor's screen) or read stdin (keys meant for the editor), and a blocked event loop
// guarantees both.
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {basename, join} from 'node:path';
import {useCallback} from 'react';
import {useStdin, useStdout} from 'ink';

const LEAVE_ALT = '\x1b[?25h\x1b[?1049l';
const ENTER_ALT = '\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J';

export type ExternalResult = {ok: true} | {ok: false; error: string};

/** The editor command line: $VISUAL, then $EDITOR, then vi (may carry arguments: `code --wait`). */
export function editorCommand(env: NodeJS.ProcessEnv = process.env): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi';
}

/** Runs `command` through /bin/sh with `args` as "$@", Ink suspended meanwhile. */
export function useRunExternal(): (command: string, args: readonly string[]) => ExternalResult {
  const {stdout, write} = useStdout();
  const {stdin, isRawModeSupported} = useStdin();
  return useCallback(
    (command, args) => {
      stdout.write(LEAVE_ALT);
      if (isRawModeSupported) stdin.setRawMode(false);
      try {
        const run = spawnSync('/bin/sh', ['-c', `${command} "$@"`, 'sh', ...args], {stdio: 'inherit'});
        if (run.error) return {ok: false, error: run.error.message};
        if (run.status !== 0) return {ok: false, error: `${command} exited with ${run.status ?? run.signal ?? 'an error'}`};
        return {ok: true};
      } finally {
        if (isRawModeSupported) stdin.setRawMode(true);
        // Ink's write() erases its frame, writes this, then draws the last frame again in full.
        write(ENTER_ALT);
      }
    },
    [stdout, write, stdin, isRawModeSupported],
  );
}

export type EditResult = {changed: false} | {changed: true; content: string} | {changed: false; error: string};

/** Opens `content` in the user's editor as a temp file named like `fileName`; resolves to what was saved. */
export function useEditor(): (content: string, fileName: string) => EditResult {
  const run = useRunExternal();
  return useCallback(
    (content, fileName) => {
      const dir = mkdtempSync(join(tmpdir(), 'svc-edit-'));
      const file = join(dir, basename(fileName) || 'file');
      try {
        writeFileSync(file, content, {mode: 0o600});
        const result = run(editorCommand(), [file]);
        if (!result.ok) return {changed: false, error: result.error};
        const after = readFileSync(file, 'utf8');
        return after === content ? {changed: false} : {changed: true, content: after};
      } finally {
        rmSync(dir, {recursive: true, force: true});
      }
    },
    [run],
  );
}
