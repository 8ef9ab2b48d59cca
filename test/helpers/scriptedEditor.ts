// A scripted $EDITOR for console tests that open files in the user's editor. For each test it gets a fresh
// directory; the script copies the file it was given to seen.txt, appends the path to calls.txt, runs the
// test's extra shell lines, then saves next.txt in the file's place when the test wrote one. $VISUAL is cleared
// and both variables are restored after the test.
import {chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach} from 'vitest';

export interface ScriptedEditor {
  /** This test's directory (seen.txt, calls.txt, next.txt). */
  dir(): string;
  /** Rewrites the script with `extra` shell lines run before next.txt is put in place. */
  use(extra?: string): void;
  /** What the next editor run saves. */
  nextEdit(content: string): void;
  /** The content the editor was last given ('' when it never ran). */
  seen(): string;
  /** The paths the editor was given, in order. */
  calls(): string[];
}

export function scriptedEditorPerTest(prefix: string): ScriptedEditor {
  let dir = '';
  let saved: {editor?: string; visual?: string} = {};
  const use = (extra = '') => {
    const script = join(dir, 'editor.sh');
    writeFileSync(
      script,
      `#!/bin/sh\ncp "$1" "${dir}/seen.txt"\necho "$1" >> "${dir}/calls.txt"\n${extra}\nif [ -f "${dir}/next.txt" ]; then cp "${dir}/next.txt" "$1"; rm "${dir}/next.txt"; fi\n`,
    );
    chmodSync(script, 0o755);
    process.env.EDITOR = script;
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    saved = {editor: process.env.EDITOR, visual: process.env.VISUAL};
    delete process.env.VISUAL;
    use();
  });
  afterEach(() => {
    rmSync(dir, {recursive: true, force: true});
    if (saved.editor === undefined) delete process.env.EDITOR;
    else process.env.EDITOR = saved.editor;
    if (saved.visual !== undefined) process.env.VISUAL = saved.visual;
  });
  const file = (name: string) => join(dir, name);
  return {
    dir: () => dir,
    use,
    nextEdit: (content) => writeFileSync(file('next.txt'), content),
    seen: () => (existsSync(file('seen.txt')) ? readFileSync(file('seen.txt'), 'utf8') : ''),
    calls: () => (existsSync(file('calls.txt')) ? readFileSync(file('calls.txt'), 'utf8').trim().split('\n') : []),
  };
}
