// A `--speed N` run's clock runs ahead of real time and stamps rows with its own time. A restart with a slower
// clock must start at or after the newest stamp any engine wrote, or in-flight work (builds, dbt syncs) looks
// stuck until real time catches up.
import {latestBuildTime} from './builds.js';
import type {Db} from './db.js';

function latestSyncTime(db: Db): number | undefined {
  const value = db.prepare('SELECT max(max(updated_at), max(started_at)) FROM dbt_syncs').pluck().get() as number | null;
  return value ?? undefined;
}

export function latestEngineTime(db: Db): number | undefined {
  const known = [latestBuildTime(db), latestSyncTime(db)].filter((t): t is number => t !== undefined);
  return known.length > 0 ? Math.max(...known) : undefined;
}
