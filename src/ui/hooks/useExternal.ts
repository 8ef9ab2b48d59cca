// The user's $EDITOR on a temp file, through the console's one terminal hand-off (ui/handOff.ts).
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {basename, dirname, join} from 'node:path';
import {useCallback} from 'react';
import {useStdin, useStdout} from 'ink';
import {writePrivateFile} from '../../files/privateFile.js';
import {handTerminalTo, type ExternalResult} from '../handOff.js';

/** The editor command line: $VISUAL, then $EDITOR, then vi (may carry arguments: `code --wait`). */
export function editorCommand(env: NodeJS.ProcessEnv = process.env): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi';
}

/** Runs `command` with `args` in the console's terminal (handTerminalTo) with Ink's streams. */
export function useRunExternal(): (command: string, args: readonly string[]) => Promise<ExternalResult> {
  const {stdout, write} = useStdout();
  const {stdin} = useStdin();
  return useCallback((command, args) => handTerminalTo({stdin, stdout, repaint: write}, command, args), [stdout, write, stdin]);
}

/** What the editor left: `content` differs from what it was given, or not; `exit` set when it did not end cleanly. */
export interface EditSession {
  readonly changed: boolean;
  readonly content: string;
  /** The temp file holding the edit; it stays until `done()` (call it once the content is stored). */
  readonly file: string;
  /** Set when the editor failed or ended by a signal: what it said. The content is still what it left. */
  readonly exit?: string;
  /** Removes the temp file. */
  done(): void;
}

/**
 * Opens `content` in the user's editor as a temp file named like `fileName` and resolves to what the file holds
 * when the editor ends — also when it exits non-zero or by a signal. The temp file is removed only by `done()`,
 * so a caller that fails to store the edit can tell the user where it is. Rejects only when nothing was edited
 * (the editor could not start, or the file cannot be read back); the temp file is then removed.
 */
export function useEditor(): (content: string, fileName: string) => Promise<EditSession> {
  const run = useRunExternal();
  return useCallback(
    async (content, fileName) => {
      const dir = mkdtempSync(join(tmpdir(), 'svc-edit-'));
      const file = join(dir, basename(fileName) || 'file');
      const done = () => rmSync(dirname(file), {recursive: true, force: true});
      writePrivateFile(file, content, {replace: false});
      const result = await run(editorCommand(), [file]);
      let after: string;
      try {
        after = readFileSync(file, 'utf8');
      } catch (err) {
        done();
        throw new Error(result.ok ? `could not read the edited file back: ${(err as Error).message}` : result.error);
      }
      const changed = after !== content;
      // An editor that could not start at all (sh: 127) left nothing to keep.
      if (!result.ok && !changed) {
        done();
        throw new Error(result.error);
      }
      return {changed, content: after, file, ...(!result.ok && {exit: result.error}), done};
    },
    [run],
  );
}
