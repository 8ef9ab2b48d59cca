// Building blocks of the benchmarks: timing a child process, medians, and rewriting one marked section of
// BENCHMARKS.md so each suite owns its own part of the file.
import {spawn} from 'node:child_process';
import {EventEmitter} from 'node:events';
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import type {FakeStdin} from '../helpers/fakeStdin.js';

export interface BenchContext {
  /** The local service the measures talk to (demo seed). */
  url: string;
  adminKey: string;
  /** Absolute path of the bundled CLI (dist/svc.js). */
  cli: string;
}

/** One thing to time: returns the wall-clock milliseconds of a single run. */
export interface Measure {
  name: string;
  run(ctx: BenchContext): Promise<number>;
}

export interface Target {
  /** What is compared, e.g. "deployments list vs bare fetch". */
  label: string;
  measure: string;
  baseline: string;
  maxRatio: number;
}

/** A group of measures written to its own section of BENCHMARKS.md. */
export interface Suite {
  id: string;
  title: string;
  description: string;
  measures: Measure[];
  targets: Target[];
}

/** Runs `node <args>` to completion and resolves to its wall time; a non-zero exit is an error. */
export function timeNode(args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {env: {PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env}, stdio: ['ignore', 'ignore', 'pipe']});
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = performance.now() - started;
      if (code === 0) resolve(ms);
      else reject(new Error(`node ${args.join(' ')} exited with ${code}: ${stderr.trim()}`));
    });
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const start = (id: string) => `<!-- bench:${id}:start -->`;
const end = (id: string) => `<!-- bench:${id}:end -->`;

/** Replaces (or appends) the section between this suite's markers, leaving every other section alone. */
export function writeSection(file: string, id: string, body: string): void {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\nWritten by `npm run bench` (test/bench/run.ts). Each section is rewritten by its own suite.\n';
  const section = `${start(id)}\n${body.trimEnd()}\n${end(id)}`;
  const from = current.indexOf(start(id));
  const to = current.indexOf(end(id));
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${section}${current.slice(to + end(id).length)}`
      : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}

/**
 * Ink's stdout in the UI suites: a terminal that calls `onWrite` on each write. Passed as Ink's `onRender` too
 * (`onRender: terminal.rendered`), it counts the frames Ink renders.
 */
export class BenchTerminal extends EventEmitter {
  columns = 120;
  rows = 35;
  isTTY = true;
  /**
   * Frames Ink rendered so far (its whole output pass), written or not: a render whose text is the last one's is not
   * written but costs the same, and the write it holds back comes a throttle window later with a render of its own.
   */
  renders = 0;
  readonly rendered = () => void this.renders++;
  onWrite: (() => void) | undefined;
  write = (chunk?: unknown) => {
    const text = String(chunk ?? '');
    this.received(text);
    this.onWrite?.();
    return true;
  };
  /** Each write's text, for a terminal that keeps some of it. */
  protected received(_text: string): void {}
}

/** How a key press is measured: wall time to the next write, process CPU time, or the frames Ink rendered for it. */
export type KeyMeasure = 'wall' | 'cpu' | 'frames';

/** What is pressed: `keys` in turns, after `setup` (pressed once, not measured: the `/` that opens a filter). */
export interface KeyPresses {
  readonly keys: readonly string[];
  readonly setup?: readonly string[];
}

/** Down and up in turns, so the cursor stays in one place and every press really moves it. */
export const CURSOR_KEYS: KeyPresses = {keys: ['\u001B[B', '\u001B[A']};

/** Longer than Ink's throttle window (INK_OPTIONS.maxFps): each press is painted on the leading edge. */
const BETWEEN_KEYS_MS = 40;

/**
 * Presses `presses.keys` in turns, `count` times, into a mounted UI and returns, per press, either the wall time from
 * the key to the next write to the terminal, the CPU time the process spent on it (which load on a shared machine
 * does not inflate), or the number of frames Ink rendered from the key until just before the next one (40 ms later:
 * a frame Ink's throttle held back comes within that window).
 */
export async function keypressTimes(m: {terminal: BenchTerminal; keyboard: FakeStdin}, clock: KeyMeasure, presses: KeyPresses = CURSOR_KEYS, count = 15): Promise<number[]> {
  for (const key of presses.setup ?? []) {
    m.keyboard.write(key);
    await new Promise((r) => setTimeout(r, BETWEEN_KEYS_MS));
  }
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const key = presses.keys[i % presses.keys.length]!;
    const painted = new Promise<void>((resolve) => {
      m.terminal.onWrite = () => {
        m.terminal.onWrite = undefined;
        resolve();
      };
    });
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const f0 = m.terminal.renders;
    m.keyboard.write(key);
    await painted;
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    await new Promise((r) => setTimeout(r, BETWEEN_KEYS_MS));
    times.push(clock === 'wall' ? wall : clock === 'cpu' ? (cpu.user + cpu.system) / 1000 : m.terminal.renders - f0);
  }
  return times;
}
