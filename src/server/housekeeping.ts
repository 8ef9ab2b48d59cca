// Retention of what unauthenticated clients leave behind: expired device codes and old telemetry events. Runs
// once at start and then every minute on a guarded timer (a failure is logged and retried, never fatal).
import type {ServiceContext} from './context.js';
import {guardedInterval} from './engines/timers.js';
import {purgeExpiredDeviceCodes} from './store/deviceCodes.js';
import {purgeOldTelemetry} from './store/telemetry.js';

export const HOUSEKEEPING_INTERVAL_MS = 60_000;
/** How long an expired device code is kept, so a client polling late hears expired_token, not "unknown". */
export const DEVICE_CODE_GRACE_MS = 10 * 60_000;

export function runHousekeeping(ctx: ServiceContext): {deviceCodes: number; telemetry: number} {
  const now = ctx.clock.now();
  return {deviceCodes: purgeExpiredDeviceCodes(ctx.db, now, DEVICE_CODE_GRACE_MS), telemetry: purgeOldTelemetry(ctx.db, now)};
}

export function startHousekeeping(ctx: ServiceContext): () => void {
  try {
    runHousekeeping(ctx);
  } catch (err) {
    ctx.log(`housekeeping: first run failed (${(err as Error).message}); retrying in a minute`);
  }
  return guardedInterval({name: 'housekeeping', intervalMs: HOUSEKEEPING_INTERVAL_MS, log: ctx.log, db: ctx.db}, () => {
    runHousekeeping(ctx);
  });
}
