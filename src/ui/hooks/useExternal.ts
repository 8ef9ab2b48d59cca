// Hands the terminal to another program (the user's $EDITOR) and takes it back: leave the alternate screen and
// raw mode, stop reading stdin, run the program with the terminal inherited, then restore all of it and make
// Ink repaint the whole frame.
//
// The program runs asynchronously so the event loop keeps serving (`svc ui --local` runs the service in this
// process; builds move on and other clients get answers while the user edits). Meanwhile nothing of ours may
// reach the terminal: Ink's writes are dropped (its last frame is repainted afterwards), stdin is paused so
// keys go to the editor only, and SIGINT is ignored — ctrl+c inside the editor (vim users press it all the
// time) reaches the editor's whole process group, and must not end the console and lose the edit.
import {spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {basename, dirname, join} from 'node:path';
import {useCallback} from 'react';
import {useStdin, useStdout} from 'ink';

const LEAVE_ALT = '\x1b[?25h\x1b[?1049l';
const ENTER_ALT = '\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J';

/** How the program ended: `exited` 0 is success; a signal or another code is still an ending. */
export type ExternalResult = {ok: true} | {ok: false; error: string};

/** The editor command line: $VISUAL, then $EDITOR, then vi (may carry arguments: `code --wait`). */
export function editorCommand(env: NodeJS.ProcessEnv = process.env): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi';
}

const ignore = () => {};

type Writable = {write: (...args: unknown[]) => boolean};

/** Runs `command` through /bin/sh (exec'd, so a signal reaches the program itself) with `args` as "$@". */
export function useRunExternal(): (command: string, args: readonly string[]) => Promise<ExternalResult> {
  const {stdout, write} = useStdout();
  const {stdin, isRawModeSupported} = useStdin();
  return useCallback(
    async (command, args) => {
      const out = stdout as unknown as Writable;
      out.write(LEAVE_ALT);
      const raw = Boolean(isRawModeSupported);
      if (raw) stdin.setRawMode(false);
      stdin.pause?.();
      const original = out.write;
      // Ink keeps rendering (live queries); none of it may land in the editor's screen.
      out.write = (...a: unknown[]) => {
        const cb = a.find((x) => typeof x === 'function') as (() => void) | undefined;
        cb?.();
        return true;
      };
      // The console's own SIGINT handler (restore the terminal, exit 130) stands aside until the program ends.
      const handlers = process.rawListeners('SIGINT') as ((...a: unknown[]) => void)[];
      process.removeAllListeners('SIGINT');
      process.on('SIGINT', ignore);
      try {
        return await new Promise<ExternalResult>((resolve) => {
          const child = spawn('/bin/sh', ['-c', `exec ${command} "$@"`, 'sh', ...args], {stdio: 'inherit'});
          child.once('error', (err) => resolve({ok: false, error: err.message}));
          child.once('exit', (code, signal) =>
            resolve(code === 0 ? {ok: true} : {ok: false, error: `${command} ${signal ? `was ended by ${signal}` : `exited with ${code}`}`}),
          );
        });
      } finally {
        process.off('SIGINT', ignore);
        for (const h of handlers) process.on('SIGINT', h);
        out.write = original;
        if (raw) stdin.setRawMode(true);
        stdin.resume?.();
        // Ink's write() erases its frame, writes this, then draws the last frame again in full.
        write(ENTER_ALT);
      }
    },
    [stdout, write, stdin, isRawModeSupported],
  );
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
      writeFileSync(file, content, {mode: 0o600});
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
