// Starts the local service on loopback: opens (and migrates) the data file, seeds it on first start, builds
// the app and listens. Used by `svc server`, `svc ui --local` and the tests.
import {existsSync, rmSync} from 'node:fs';
import type {Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {serve} from '@hono/node-server';
import {createApp} from './app.js';
import type {App} from './appTypes.js';
import {accountChangesSince} from './auditRecorder.js';
import {closeContext, createContext, type ServiceContext} from './context.js';
import {systemClock, type Clock} from './engines/clock.js';
import {issueSeedKeys, needsSeed, seed, type SeedName} from './seed.js';
import {copyDemoImage, saveDemoImage} from './demoImage.js';
import {startHousekeeping} from './housekeeping.js';
import {lingerAfterEarlyAnswers, SERVER_TIMEOUTS, SOCKET_IDLE_MS, type ServerTimeouts} from './limits.js';
import {lockDataFile, type DataLock} from './store/dataLock.js';
import {API_KEY_PATTERN, findLiveKeyByValue, insertApiKey} from './store/apiKeys.js';
import {findAdmin} from './store/users.js';
import {latestEngineTime} from './store/clockOrigin.js';
import {insertAuditEvent} from './store/audit.js';
import {VERSION} from '../version.js';
import {signAccessToken} from './tokens.js';

export interface StartOptions {
  port?: number;
  host?: string;
  /** Default ':memory:' (nothing survives the process). */
  dataFile?: string;
  /** Content of a fresh data file; default 'demo'. Ignored for a data file that was seeded before. */
  seed?: SeedName;
  adminKey?: string;
  speed?: number;
  clock?: Clock;
  log?: (line: string) => void;
  /** The data file's lock when the caller took it already (`svc server` does, to refuse before loading the app). */
  lock?: DataLock;
  /**
   * A private cache directory for a prepared demo file (demoImage.ts): a new data file with the demo seed is
   * copied from it when a trusted image is there, and leaves one there when it had to be seeded.
   */
  demoImageDir?: string;
  /** The data API's bound on one query (default QUERY_TIMEOUT_MS in limits.ts). */
  queryTimeoutMs?: number;
  /** For ':memory:' with the demo seed: the bytes of a demo image (demoImageBytes) to copy instead of seeding. */
  demoImage?: Buffer;
  /** The HTTP server's timeouts (default SERVER_TIMEOUTS in limits.ts); tests shorten them instead of waiting. */
  timeouts?: Partial<ServerTimeouts>;
}

export interface RunningService {
  url: string;
  port: number;
  /**
   * A credential with full access. The admin API key when this start created it or it was given; on a later
   * start of the same data file without `adminKey`, a 30-day admin access token (the key itself is stored
   * hashed and cannot be shown again).
   */
  adminKey: string;
  /** How `adminKey` came about, so the command knows whether it may print it. */
  adminKeySource: 'generated' | 'given' | 'session-token';
  /** The demo seed's scoped key, only on the start that created it. */
  scopedKey?: string;
  firstStart: boolean;
  /** The data file was copied from a prepared demo image instead of being migrated and seeded. */
  fromImage: boolean;
  ctx: ServiceContext;
  /** The app that answers every request the server takes (its routes over `ctx`). */
  app: App;
  /**
   * What clients changed in the account since this start, oldest first, by audit event name (`deployment.update`):
   * creates, updates and deletes. Tokens issued to read or query, sign-ins and the start itself are not changes.
   */
  changesSinceStart(): string[];
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);
// Long enough to outlive a `--speed` demo: the clock may run hundreds of times faster than real time.
const SESSION_TOKEN_TTL = 30 * 86400;

export async function startService(opts: StartOptions = {}): Promise<RunningService> {
  const host = opts.host ?? '127.0.0.1';
  if (!LOOPBACK.has(host)) throw new Error(`the local service listens on loopback only, not ${host}`);
  if (opts.adminKey !== undefined && !API_KEY_PATTERN.test(opts.adminKey)) {
    throw new Error('admin key must be "svc_" followed by 32 letters or digits');
  }
  const sink = opts.log ?? (() => {});
  // Seeding a demo writes dozens of build lines nobody needs to read; the log starts once seeding is done.
  let seeding = false;
  const log = (line: string) => {
    if (!seeding) sink(line);
  };
  const dataFile = opts.dataFile ?? ':memory:';
  // Before the data file is opened: a second service must not even run migrations on a file another one owns.
  const lock: DataLock | undefined = opts.lock ?? (dataFile === ':memory:' ? undefined : lockDataFile(dataFile));
  const seedName = opts.seed ?? 'demo';
  const imageDir = opts.demoImageDir !== undefined && seedName === 'demo' && dataFile !== ':memory:' && !existsSync(dataFile) ? opts.demoImageDir : undefined;
  const image = opts.demoImage !== undefined && seedName === 'demo' && dataFile === ':memory:' ? opts.demoImage : undefined;
  const open = () => createContext({dataFile, image, clock: opts.clock ?? ((db) => systemClock(opts.speed ?? 1, latestEngineTime(db))), log, queryTimeoutMs: opts.queryTimeoutMs});
  let ctx: ServiceContext | undefined;
  let fromImage = image !== undefined;
  try {
    if (fromImage) ctx = open();
    else if (imageDir !== undefined && copyDemoImage(imageDir, dataFile)) {
      ctx = openedImage(open, dataFile);
      fromImage = ctx !== undefined;
    }
    ctx ??= open();
  } catch (err) {
    lock?.release();
    throw err;
  }
  try {
    const app = createApp(ctx);
    const firstStart = fromImage || needsSeed(ctx);
    seeding = firstStart;
    const credentials = fromImage
      ? imageCredentials(ctx, opts)
      : firstStart
        ? seedCredentials(ctx, opts)
        : await laterStartCredentials(ctx, opts.adminKey);
    seeding = false;
    if (imageDir !== undefined && firstStart && !fromImage) saveDemoImage(ctx.db, imageDir);
    // autoCleanupIncoming off: a body left unread when the answer went out is drained by lingerAfterEarlyAnswers.
    const timeouts = {...SERVER_TIMEOUTS, ...opts.timeouts};
    const server = serve({fetch: app.fetch, port: opts.port ?? 0, hostname: host, serverOptions: timeouts, autoCleanupIncoming: false});
    lingerAfterEarlyAnswers(server as Server);
    Object.assign(server, {headersTimeout: timeouts.headersTimeout, requestTimeout: timeouts.requestTimeout, keepAliveTimeout: timeouts.keepAliveTimeout});
    server.setTimeout(SOCKET_IDLE_MS);
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    const port = (server.address() as AddressInfo).port;
    ctx.baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    // The service's own start is an audit event: an export shows when each run of the service began, and a fresh
    // account's audit log is not empty.
    const startEvent = insertAuditEvent(ctx.db, {name: 'service.start', userEmail: null, createdAt: ctx.clock.now(), ip: null, data: {url: ctx.baseUrl, version: VERSION, firstStart}});
    // Builds advance on reads; ticking also moves unwatched ones so the service log shows each step as it happens.
    const stopTicking = ctx.builds.startTicking();
    const stopHousekeeping = startHousekeeping(ctx);
    let closed: Promise<void> | undefined;
    return {
      url: ctx.baseUrl,
      port,
      ...credentials,
      firstStart,
      fromImage,
      ctx,
      app,
      changesSinceStart: () => accountChangesSince(ctx.db, app, startEvent),
      close: () =>
        (closed ??= new Promise<void>((resolve) => {
          stopTicking();
          stopHousekeeping();
          server.close(() => resolve());
          if ('closeAllConnections' in server) server.closeAllConnections();
        })
          .then(() => closeContext(ctx))
          .finally(() => lock?.release())),
    };
  } catch (err) {
    await closeContext(ctx);
    lock?.release();
    throw err;
  }
}

/**
 * Opens a data file just copied from a demo image; a copy that does not open as a migrated, seeded demo (corrupt,
 * truncated) is removed and undefined returned, so the caller seeds a new file instead.
 */
function openedImage(open: () => ServiceContext, dataFile: string): ServiceContext | undefined {
  let ctx: ServiceContext | undefined;
  try {
    ctx = open();
    if (!needsSeed(ctx) && findAdmin(ctx.db)) return ctx;
  } catch {
    // Not a database, or not one this build can migrate: seeded afresh below.
  }
  ctx?.db.close();
  for (const f of [dataFile, `${dataFile}-wal`, `${dataFile}-shm`]) rmSync(f, {force: true});
  return undefined;
}

/** Fresh credentials for a copied image (it holds none; its JWT secret was generated when it was opened). */
function imageCredentials(ctx: ServiceContext, opts: StartOptions): Pick<RunningService, 'adminKey' | 'adminKeySource' | 'scopedKey'> {
  const keys = ctx.db.transaction(() => issueSeedKeys(ctx, 'demo', opts.adminKey))();
  const adminKey = opts.adminKey ?? keys.adminKey;
  if (!adminKey) throw new Error('the demo image gave no admin key');
  return {adminKey, adminKeySource: opts.adminKey ? 'given' : 'generated', scopedKey: keys.scopedKey};
}

function seedCredentials(ctx: ServiceContext, opts: StartOptions): Pick<RunningService, 'adminKey' | 'adminKeySource' | 'scopedKey'> {
  const result = seed(ctx, opts.seed ?? 'demo', opts.adminKey);
  const adminKey = opts.adminKey ?? result.adminKey;
  if (!adminKey) throw new Error('seeding created no admin key');
  return {adminKey, adminKeySource: opts.adminKey ? 'given' : 'generated', scopedKey: result.scopedKey};
}

async function laterStartCredentials(ctx: ServiceContext, adminKey: string | undefined): Promise<Pick<RunningService, 'adminKey' | 'adminKeySource'>> {
  const admin = findAdmin(ctx.db);
  if (!admin) throw new Error('the data file has no admin user; remove it or use another --data file');
  if (adminKey) {
    if (!findLiveKeyByValue(ctx.db, adminKey)) {
      insertApiKey(ctx.db, {key: adminKey, name: 'admin (--admin-key)', userId: admin.id, deploymentIds: null, permissions: null, now: ctx.clock.now()});
    }
    return {adminKey, adminKeySource: 'given'};
  }
  const token = await signAccessToken(ctx, admin.id, SESSION_TOKEN_TTL);
  return {adminKey: token.token, adminKeySource: 'session-token'};
}
