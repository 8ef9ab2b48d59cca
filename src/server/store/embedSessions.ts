// Embed sessions are stored as resources of kind `embed-session`, keyed by the hash of their id: the id is a
// bearer secret (whoever holds it gets data tokens), so it is never stored itself.
import {createHash} from 'node:crypto';
import type {Db} from './db.js';
import {listResources, type ResourceRow} from './resources.js';

export const hashSessionId = (sessionId: string): string => createHash('sha256').update(sessionId).digest('hex');

export function findEmbedSession(db: Db, sessionId: string): ResourceRow | undefined {
  const hash = hashSessionId(sessionId);
  return listResources(db, 'embed-session', '').find((s) => s.body.hash === hash);
}
