// The sample warehouse as the data API queries it: in child processes, each statement within a time bound.
//
// The SQL a query runs comes from the member's own model (a cube's `sql` may be a recursive CTE that runs for
// minutes), and better-sqlite3 runs a statement to its end on the thread that called it: it has no progress
// handler and no interrupt. A worker thread does not help: `worker.terminate()` waits until the native statement
// returns (measured: asked at 1 s, the thread ended at 25 s, with the CPU busy all along). A process can be
// stopped wherever it is, so statements run in child processes that each hold their own copy of the warehouse
// (the image of `openSampleDatabase`, built once in the service), and at its deadline a statement's process gets
// SIGKILL. The event loop never runs model SQL, so a slow query delays no other request. A statement waits for a
// free process at most as long as it may run, and fails as busy then.
import {spawn, type ChildProcess} from 'node:child_process';
import {createRequire} from 'node:module';
import {realTimer, type Timer} from '../clock.js';
import {sampleImage} from './dataset.js';

export type WarehouseRow = Record<string, string | number | boolean | null>;

/** The statement ran past the warehouse's time bound and was stopped. */
export class WarehouseTimeoutError extends Error {
  override readonly name = 'WarehouseTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`the statement ran longer than ${timeoutMs} ms`);
  }
}

/** Every process stayed busy with other statements for the whole time bound: this one never started. */
export class WarehouseBusyError extends Error {
  override readonly name = 'WarehouseBusyError';
  constructor(readonly timeoutMs: number) {
    super(`no process was free within ${timeoutMs} ms`);
  }
}

/** SQLite refused or failed the statement (its own message). */
export class WarehouseSqlError extends Error {
  override readonly name = 'WarehouseSqlError';
}

export interface WarehouseOptions {
  /** How long one statement may run once a process takes it, and how long it may wait for a free process. */
  timeoutMs: number;
  /** Most statements running at once, one process each. */
  processes: number;
  /** Where the deadlines run: real time by default (a test steps its own; the bound is real time, not `--speed`'s). */
  timer?: Timer;
}

// The child's whole program (a string, so the same code runs from the sources under vitest/tsx and from the
// bundle in dist/, with no entry file to find): open the image the first message brings, then answer each
// statement with its rows or SQLite's message. argv[1] is better-sqlite3's resolved path, so the child loads
// the same native module from wherever the service runs; argv[2] is the service's pid. The child ends with the
// service's channel, and a watchdog thread ends it when the service is gone without closing it (a kill -9 while
// a statement runs: the main thread, inside SQLite, would not see the channel close until the statement ends).
const CHILD = `const Database = require(process.argv[1]);
const {Worker} = require('node:worker_threads');
const watch = 'const {workerData} = require("node:worker_threads"); setInterval(() => { if (process.ppid !== workerData) process.kill(process.pid, "SIGKILL"); }, 250);';
new Worker(watch, {eval: true, workerData: Number(process.argv[2])}).unref();
let db;
process.on('disconnect', () => process.exit(0));
process.on('message', (m) => {
  let answer;
  try {
    if (m.image) {
      db = new Database(Buffer.from(m.image.buffer, m.image.byteOffset, m.image.byteLength));
      db.pragma('query_only = ON');
      return;
    }
    answer = {rows: db.prepare(m.sql).all(m.params)};
  } catch (e) {
    answer = {error: e instanceof Error ? e.message : String(e), fatal: !db};
  }
  process.send(answer);
});`;

interface Job {
  sql: string;
  params: Record<string, unknown>;
  resolve: (rows: WarehouseRow[]) => void;
  reject: (err: Error) => void;
  /** Cancels the job's deadline. */
  cancel: () => void;
}

interface Slot {
  child: ChildProcess;
  exited: Promise<void>;
  job?: Job;
}

type Answer = {rows: WarehouseRow[]} | {error: string; fatal: boolean};

const driverPath = (): string => createRequire(import.meta.url).resolve('better-sqlite3');

export class Warehouse {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private closed = false;
  private readonly timer: Timer;

  constructor(readonly options: WarehouseOptions) {
    this.timer = options.timer ?? realTimer;
  }

  /**
   * The rows of one read-only statement; WarehouseSqlError when SQLite refuses it, WarehouseTimeoutError when it
   * runs past the bound, WarehouseBusyError when it waited that long for a free process.
   */
  all(sql: string, params: Record<string, unknown>): Promise<WarehouseRow[]> {
    if (this.closed) return Promise.reject(new Error('the service is shutting down'));
    return new Promise((resolve, reject) => {
      const job: Job = {sql, params, resolve, reject, cancel: () => {}};
      this.startDeadline(job);
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Processes alive now (busy or idle). */
  get size(): number {
    return this.slots.size;
  }

  /** Statements running now, one process each. */
  get running(): number {
    return [...this.slots].filter((slot) => slot.job).length;
  }

  /** Stops every process; statements still running or waiting fail. Resolves once every process has exited. */
  async close(): Promise<void> {
    this.closed = true;
    const stopping = new Error('the service is shutting down');
    for (const job of this.queue.splice(0)) this.settle(job, stopping);
    await Promise.all([...this.slots].map((slot) => this.kill(slot, stopping)));
  }

  /** Hands waiting statements to idle processes, starting them up to the limit; keeps one idle process warm. */
  private dispatch(): void {
    if (this.closed) return;
    while (this.queue.length > 0) {
      const slot = this.idle() ?? (this.slots.size < this.options.processes ? this.spawn() : undefined);
      if (!slot) break;
      const job = this.queue.shift()!;
      // The run's own bound starts now: a statement that waited behind slow ones is not blamed for their time.
      this.startDeadline(job);
      slot.job = job;
      slot.child.send({sql: job.sql, params: job.params});
    }
    // A spare started now is ready when the next statement comes, even while a slow one holds the other process.
    if (!this.idle() && this.slots.size < this.options.processes) this.spawn();
  }

  /** The job's deadline, `timeoutMs` from now, in place of any it had. */
  private startDeadline(job: Job): void {
    job.cancel();
    job.cancel = this.timer.after(this.options.timeoutMs, () => this.expire(job));
  }

  private idle(): Slot | undefined {
    for (const slot of this.slots) if (!slot.job) return slot;
    return undefined;
  }

  private spawn(): Slot {
    // No inherited environment or flags (NODE_OPTIONS, a loader): the child runs the program above and nothing else.
    const child = spawn(process.execPath, ['-e', CHILD, driverPath(), String(process.pid)], {stdio: ['ignore', 'ignore', 'ignore', 'ipc'], serialization: 'advanced', env: {}});
    const exited = new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      // A process that could not be started never exits.
      child.once('error', () => child.pid === undefined && resolve());
    });
    const slot: Slot = {child, exited};
    this.slots.add(slot);
    child.send({image: sampleImage()});
    // An idle process never keeps the service's process alive; a running statement's deadline timer does.
    child.unref();
    child.channel?.unref();
    child.on('message', (answer: Answer) => {
      const job = slot.job;
      if ('error' in answer && answer.fatal) return this.lost(slot, answer.error);
      if (!job) return;
      slot.job = undefined;
      if ('rows' in answer) this.settle(job, undefined, answer.rows);
      else this.settle(job, new WarehouseSqlError(answer.error));
      this.dispatch();
    });
    child.on('error', (err) => this.lost(slot, err.message));
    child.on('exit', (code, signal) => this.lost(slot, `its process exited (${signal ?? `code ${code}`})`));
    return slot;
  }

  /** A process that failed or ended by itself: its statement fails, and the next statement starts another. */
  private lost(slot: Slot, reason: string): void {
    if (!this.slots.has(slot)) return;
    void this.kill(slot, new Error(`the sample warehouse stopped: ${reason}`));
    this.dispatch();
  }

  /** The deadline: a running statement's process is killed (a fresh one starts when needed), a waiting one dropped. */
  private expire(job: Job): void {
    const waiting = this.queue.indexOf(job);
    if (waiting >= 0) {
      this.queue.splice(waiting, 1);
      this.settle(job, new WarehouseBusyError(this.options.timeoutMs));
      return;
    }
    const slot = [...this.slots].find((s) => s.job === job);
    if (slot) void this.kill(slot, new WarehouseTimeoutError(this.options.timeoutMs));
    this.dispatch();
  }

  /** Ends a process; its statement fails once the process is gone, so an answer never leaves work behind. */
  private kill(slot: Slot, err: Error): Promise<void> {
    this.slots.delete(slot);
    const job = slot.job;
    slot.job = undefined;
    if (slot.child.exitCode === null && slot.child.signalCode === null) slot.child.kill('SIGKILL');
    return slot.exited.then(() => job && this.settle(job, err));
  }

  private settle(job: Job, err: Error | undefined, rows: WarehouseRow[] = []): void {
    job.cancel();
    if (err) job.reject(err);
    else job.resolve(rows);
  }
}
