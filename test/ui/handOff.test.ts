// The terminal hand-off (ui/handOff.ts) with a real reader on each side: the console's "terminal input" is a
// connected Unix socket (a net.Socket, the class a TTY stream is built on, read through the same handle calls)
// with an Ink-like 'readable' listener, and the program is a shell script that reads one line from the same
// descriptor. While the program runs the console reads nothing; the program gets the line on one Enter and is
// reaped; afterwards the listeners, raw mode and reading are exactly as before.
import {chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createServer, createConnection, type NetConnectOpts, type Server, type Socket} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {endHandOffs, handTerminalTo, type HandOffIo} from '../../src/ui/handOff.js';
import {eventually} from '../helpers/eventually.js';

let dir = '';
let server: Server;
let input: Socket & {isTTY?: boolean; isRaw?: boolean; fd?: number; setRawMode?: (on: boolean) => void};
let peer: Socket;
let got = '';
const rawModes: boolean[] = [];
const written: string[] = [];
const repainted: string[] = [];

/** What the console does on `e` (set by a test): start the hand-off from inside its key handler. */
let onE: (() => void) | undefined;

/** Ink's way of reading: a 'readable' listener that reads every chunk there is, acting on each as it comes. */
const inkLike = () => {
  let chunk: Buffer | null;
  while ((chunk = input.read() as Buffer | null) !== null) {
    got += chunk.toString();
    if (chunk.toString() === 'e') onE?.();
  }
};
const second = () => {};

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-handoff-'));
  got = '';
  onE = undefined;
  rawModes.length = written.length = repainted.length = 0;
  const accepted = new Promise<Socket>((resolve) => (server = createServer(resolve)));
  await new Promise<void>((resolve) => server.listen(join(dir, 'tty.sock'), resolve));
  // A TTY stream reads with a high-water mark of 0: every chunk stops the handle until the next read().
  input = createConnection({path: join(dir, 'tty.sock'), highWaterMark: 0} as NetConnectOpts);
  await new Promise((r) => input.once('connect', r));
  peer = await accepted;
  // What a TTY stream adds to a socket: raw mode and its descriptor.
  input.isTTY = true;
  input.isRaw = true;
  input.fd = (input as unknown as {_handle: {fd: number}})._handle.fd;
  input.setRawMode = (on) => {
    rawModes.push(on);
    input.isRaw = on;
  };
  input.on('readable', inkLike);
  input.on('readable', second);
  peer.write('before');
  await eventually(() => got === 'before', 'the console to read a key before the hand-off');
});

afterEach(() => {
  input.destroy();
  peer.destroy();
  server.close();
  rmSync(dir, {recursive: true, force: true});
});

function io(): HandOffIo {
  const stdout = {write: (text: string) => written.push(text) > 0} as unknown as NodeJS.WriteStream;
  return {stdin: input as unknown as NodeJS.ReadStream, stdout, repaint: (text) => void repainted.push(text)};
}

/** A program that reads one line (the way `read` does) and writes it to its file argument. */
function lineEditor(): string {
  const path = join(dir, 'line-editor.sh');
  writeFileSync(path, '#!/bin/sh\nread line\nprintf "%s" "$line" > "$1"\n');
  chmodSync(path, 0o755);
  return path;
}

describe('handing the terminal to another program', () => {
  it('no byte reaches the console while it runs; one Enter ends a one-line reader; everything is restored after', async () => {
    const out = join(dir, 'out.txt');
    const interrupted: string[] = [];
    const consoleSigint = () => void interrupted.push('console');
    process.on('SIGINT', consoleSigint);
    try {
      const terminal = io();
      // The console's `e` starts the program from inside its read loop, as a key handler does.
      let handOff: Promise<unknown> | undefined;
      onE = () => void (handOff = handTerminalTo(terminal, lineEditor(), [out]));
      peer.write('e');
      await eventually(() => handOff !== undefined, 'the e key to start the program');
      // Keys typed while the program runs, among them the console's own (q quits, : opens the palette).
      peer.write('q:ej typed in the editor\n');
      // ctrl+c sent to the process group: the program's, not the console's.
      process.emit('SIGINT', 'SIGINT');
      terminal.stdout.write('a frame drawn meanwhile');
      const result = await Promise.race([handOff, new Promise((r) => setTimeout(() => r('still running'), 5000))]);
      expect(result).toEqual({ok: true});
      expect(readFileSync(out, 'utf8')).toBe('q:ej typed in the editor');
      expect(got).toBe('beforee');
      expect(interrupted).toEqual([]);
      expect(written.join('')).not.toContain('a frame drawn meanwhile');
      expect(repainted).toHaveLength(1);
      // Restored exactly: the same listeners in their order, raw mode off and back on, SIGINT to the console.
      expect(input.rawListeners('readable')).toEqual([inkLike, second]);
      expect(input.listenerCount('data')).toBe(0);
      expect(rawModes).toEqual([false, true]);
      expect(process.rawListeners('SIGINT')).toContain(consoleSigint);
      process.emit('SIGINT', 'SIGINT');
      expect(interrupted).toEqual(['console']);
      peer.write('after');
      await eventually(() => got === 'beforeeafter', 'the console to read keys again');
    } finally {
      process.off('SIGINT', consoleSigint);
    }
  });

  it('one program at a time; an ending console ends the program it lent the terminal to and waits until it is reaped', async () => {
    const stubborn = join(dir, 'stubborn.sh');
    writeFileSync(stubborn, "#!/bin/sh\ntrap '' TERM\n: > \"$1\"\nwhile :; do sleep 0.05; done\n");
    chmodSync(stubborn, 0o755);
    const ready = join(dir, 'ready');
    const handOff = handTerminalTo(io(), stubborn, [ready]);
    await eventually(() => existsSync(ready), 'the program to ignore SIGTERM');
    // One program at a time: a second hand-off meanwhile is refused at once.
    expect(await handTerminalTo(io(), 'true', [])).toEqual({ok: false, error: `the terminal is in use by ${stubborn}`});
    const started = Date.now();
    await endHandOffs('SIGTERM', 300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(await handOff).toEqual({ok: false, error: `${stubborn} was ended by SIGKILL`});
    expect(endHandOffs()).toBeUndefined();
    expect(input.rawListeners('readable')).toEqual([inkLike, second]);
  });
});
