// A run of `svc …` that goes on while the test acts (a sign-in waiting for its approval): the test waits for what
// it prints, then for its end. Spawned (cliHarness.ts runInBackground) or in-process (cliInProcess.ts
// runInBackgroundInProcess) alike.
import type {Run} from './cliHarness.js';

export interface BackgroundRun {
  /** Resolves with the match once `pattern` appears on stdout; rejects if the run ends first. */
  waitForStdout(pattern: RegExp): Promise<RegExpExecArray>;
  done: Promise<Run>;
}

/**
 * A BackgroundRun over a run that calls `onStdout` with its stdout so far whenever more arrives. `start` gets that
 * callback and returns the run's end.
 */
export function background(start: (onStdout: (stdout: string) => void) => Promise<Run>): BackgroundRun {
  let stdout = '';
  const watchers = new Set<() => void>();
  const done = start((text) => {
    stdout = text;
    for (const w of [...watchers]) w();
  });
  return {
    done,
    waitForStdout: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(stdout);
          if (!m) return;
          watchers.delete(check);
          resolve(m);
        };
        watchers.add(check);
        check();
        void done.then((run) => reject(new Error(`exited before printing ${pattern}: ${run.stdout}${run.stderr}`)), reject);
      }),
  };
}
