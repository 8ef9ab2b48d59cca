// Everything a route or engine needs, created once per running service and passed explicitly.
import type {Clock, Timer} from './engines/clock.js';
import {BuildEngine} from './engines/builds.js';
import {Warehouse} from './engines/sample/warehouse.js';
import {QUERY_PROCESSES, QUERY_TIMEOUT_MS} from './limits.js';
import {openDatabase, type Db} from './store/db.js';
import {jwtSecret} from './store/users.js';

/** Callbacks other modules register (from their routes' `register`) to take part in a deployment's lifecycle. */
export interface DeploymentHooks {
  /** Runs inside the create transaction, before the first build is triggered (e.g. to scaffold files). */
  created: Array<(deployment: {id: number; deployBranchName: string}) => void>;
}

export interface ServiceContext {
  db: Db;
  clock: Clock;
  /** HS256 secret for every JWT the service issues (access, deployment data-API and metadata tokens). */
  jwtSecret: Uint8Array;
  builds: BuildEngine;
  log: (line: string) => void;
  /** Where the service is reachable; set by startService once the port is known. Deployment URLs hang off it. */
  baseUrl: string;
  hooks: DeploymentHooks;
  /** The sample warehouse the data API queries, in child processes started on the first query (closeContext stops them). */
  warehouse: Warehouse;
}

export interface ContextOptions {
  dataFile: string;
  /** May be a factory: a restart after a faster `--speed` run needs the stored timestamps to pick its origin. */
  clock: Clock | ((db: Db) => Clock);
  log: (line: string) => void;
  /** Only with ':memory:': the bytes of a demo image (demoImage.ts) to start from instead of an empty file. */
  image?: Buffer;
  /** The data API's bound on one query; default QUERY_TIMEOUT_MS. */
  queryTimeoutMs?: number;
  /** Where that bound's deadlines run; default real time (a test passes a timer it steps). */
  queryTimer?: Timer;
}

export function createContext(opts: ContextOptions): ServiceContext {
  const db = openDatabase(opts.dataFile, opts.image);
  const clock = typeof opts.clock === 'function' ? opts.clock(db) : opts.clock;
  return {
    db,
    clock,
    jwtSecret: jwtSecret(db),
    builds: new BuildEngine(db, clock, {log: opts.log}),
    log: opts.log,
    baseUrl: 'http://127.0.0.1:4400',
    hooks: {created: []},
    warehouse: new Warehouse({timeoutMs: opts.queryTimeoutMs ?? QUERY_TIMEOUT_MS, processes: QUERY_PROCESSES, timer: opts.queryTimer}),
  };
}

/** Releases what the context holds: the query processes and the data file. */
export async function closeContext(ctx: ServiceContext): Promise<void> {
  const stopping = ctx.warehouse.close();
  ctx.db.close();
  await stopping;
}

/**
 * The data API of a deployment: `/data/<id>` on the service (query engine routes live under it). A custom domain
 * replaces the whole host, and is served over HTTPS only: `https://<customDomain>/data/<id>`.
 */
export function deploymentUrl(ctx: ServiceContext, deployment: {id: number; custom_domain: string | null}): string {
  const origin = deployment.custom_domain ? `https://${deployment.custom_domain}` : ctx.baseUrl;
  return `${origin}/data/${deployment.id}`;
}

/** The address the service itself answers at (`autoDomain`), whatever custom domain a deployment has. */
export const autoDomain = (ctx: ServiceContext): string => new URL(ctx.baseUrl).host;

export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}
