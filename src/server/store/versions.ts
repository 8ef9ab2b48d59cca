// The release catalogue (versions published per channel) and each deployment's version history.
import type {Db} from './db.js';
import {prepared} from './prepared.js';
import type {Migration} from './migration.js';

/** Versions the service publishes, oldest first per channel; the last of each list is the channel head. */
export const RELEASE_CATALOG: Record<'latest' | 'release', string[]> = {
  release: ['1.1.9', '1.2.0', '1.2.4', '1.2.7'],
  latest: ['1.2.7', '1.3.0', '1.3.2', '1.3.5'],
};

export const versionsMigrations: Migration[] = [
  {
    id: 'versions-1',
    up: (db) => {
      db.exec(`
        CREATE TABLE release_catalog (
          channel TEXT NOT NULL, version TEXT NOT NULL, position INTEGER NOT NULL,
          PRIMARY KEY (channel, version));
        CREATE TABLE deployment_versions (
          deployment_id INTEGER NOT NULL REFERENCES deployments (id),
          channel TEXT NOT NULL, version TEXT NOT NULL, first_used_at INTEGER NOT NULL,
          PRIMARY KEY (deployment_id, channel, version));`);
      const add = db.prepare('INSERT INTO release_catalog (channel, version, position) VALUES (?, ?, ?)');
      for (const [channel, versions] of Object.entries(RELEASE_CATALOG)) versions.forEach((v, i) => add.run(channel, v, i));
    },
  },
];

export interface ChannelVersion {
  channel: string;
  version: string;
}

/** The newest version of each channel. */
export function channelHeads(db: Db): ChannelVersion[] {
  return db
    .prepare(
      `SELECT channel, version FROM release_catalog c
       WHERE position = (SELECT max(position) FROM release_catalog WHERE channel = c.channel) ORDER BY channel`,
    )
    .all() as ChannelVersion[];
}

export function channelHead(db: Db, channel: string): string | undefined {
  return prepared(db, 'SELECT version FROM release_catalog WHERE channel = ? ORDER BY position DESC LIMIT 1').pluck().get(channel) as
    | string
    | undefined;
}

/**
 * Versions any deployment of the account has run (the service holds one account), in catalogue order (newest
 * first per channel). A deployment may switch to a version another deployment ran.
 */
export function accountHistory(db: Db): ChannelVersion[] {
  return db
    .prepare(
      `SELECT h.channel, h.version FROM (SELECT DISTINCT channel, version FROM deployment_versions) h
       LEFT JOIN release_catalog c ON c.channel = h.channel AND c.version = h.version
       ORDER BY h.channel, c.position DESC`,
    )
    .all() as ChannelVersion[];
}

export function recordVersionUse(db: Db, deploymentId: number, v: ChannelVersion, now: number): void {
  prepared(db, 'INSERT OR IGNORE INTO deployment_versions (deployment_id, channel, version, first_used_at) VALUES (?, ?, ?, ?)').run(
    deploymentId,
    v.channel,
    v.version,
    now,
  );
}
