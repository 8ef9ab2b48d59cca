// A tmux client in control mode (`tmux -C`): commands in on its stdin, answers out on its stdout, so the tmux
// driver (tmux.ts) looks at a pane without starting a tmux process per look.
import {type ChildProcessWithoutNullStreams, spawn} from 'node:child_process';
import {randomUUID} from 'node:crypto';

/** A tmux client in control mode on the suite's server: one command at a time, its output as text. */
export interface ControlClient {
  /** The output of a tmux command (its arguments must need no quoting), each line ending in a newline. */
  run(command: string): Promise<string>;
  close(): void;
}

/**
 * Attaches a control-mode client to `session`. tmux answers each command with its output between `%begin` and
 * `%end` (or `%error`) lines, in order, and prints notifications (`%sessions-changed`, …) between the blocks; the
 * attach's own block comes first, so the client is ready once the answer to a marker of its own comes back.
 */
export async function controlClient(socket: string, session: string): Promise<ControlClient> {
  const child: ChildProcessWithoutNullStreams = spawn('tmux', ['-L', socket, '-C', 'attach-session', '-t', session]);
  const waiting: Array<{resolve: (text: string) => void; reject: (error: Error) => void}> = [];
  /** The lines of the answer being read, and its `%begin` line's fields (its `%end` repeats them). */
  let block: string[] | undefined;
  let fields = '';
  let failed: Error | undefined;
  let pending = '';
  let stderr = '';
  const fail = (error: Error) => {
    failed ??= error;
    for (const w of waiting.splice(0)) w.reject(failed);
  };
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => (stderr += d));
  child.on('error', fail);
  child.on('exit', (code) => fail(new Error(`the tmux control client exited (${code}): ${stderr.trim()}`)));
  // Until the marker's answer, blocks are the attach's own (answered to nobody).
  let ready = false;
  const marker = `ready-${randomUUID()}`;
  let onReady: () => void = () => {};
  child.stdout.on('data', (chunk: string) => {
    pending += chunk;
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      if (block === undefined) {
        const begin = /^%begin (\d+ \d+ \d+)$/.exec(line);
        if (begin) [block, fields] = [[], begin[1]!];
        continue;
      }
      // A pane's line that looks like an end is text: the end of an answer carries its begin's fields.
      const closing = line === `%end ${fields}` ? 'end' : line === `%error ${fields}` ? 'error' : undefined;
      if (!closing) {
        block.push(`${line}\n`);
        continue;
      }
      const text = block.join('');
      block = undefined;
      if (!ready) {
        if (text === `${marker}\n`) {
          ready = true;
          onReady();
        }
        continue;
      }
      const w = waiting.shift();
      if (closing === 'error') w?.reject(new Error(`tmux: ${text.trim()}`));
      else w?.resolve(text);
    }
  });
  const send = (command: string) => {
    if (failed) return Promise.reject(failed);
    return new Promise<string>((resolve, reject) => {
      waiting.push({resolve, reject});
      child.stdin.write(`${command}\n`);
    });
  };
  await new Promise<void>((resolve, reject) => {
    onReady = resolve;
    child.once('exit', () => reject(failed));
    child.stdin.write(`display-message -p ${marker}\n`);
  });
  return {
    run: send,
    close: () => {
      child.stdin.end();
      child.kill();
    },
  };
}
