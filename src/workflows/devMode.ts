// Entering dev mode the way a user means it: on a shared branch, `t` returns to the user's own fork of that
// branch (the one this console used last, else any dev-… child of it the service lets the caller re-open)
// instead of forking yet another dev-… branch; a fresh fork only when asked. The service re-opens one of the
// caller's own dev branches without forking and refuses another user's, which is how ownership is told apart.
import type {Api} from '../api/client.js';
import {listBranches, startDevMode, type DevBranch} from '../api/dataModel.js';
import {ApiError} from '../api/errors.js';

export interface EnterResult extends DevBranch {
  /** true: an existing fork was re-opened; false: a new one was forked (or `branch` itself is a dev branch). */
  readonly reused: boolean;
}

/** At most this many existing forks are tried before forking a new one. */
const MAX_CANDIDATES = 20;

const isDev = (name: string) => name.startsWith('dev-');

export async function enterDevMode(api: Api, deploymentId: string, branch: string, opts: {fresh?: boolean; preferred?: string} = {}): Promise<EnterResult> {
  if (!opts.fresh && !isDev(branch)) {
    const children = (await listBranches(api, deploymentId)).filter((b) => isDev(b.name) && b.parentBranch === branch).map((b) => b.name).sort();
    const ordered = opts.preferred && children.includes(opts.preferred) ? [opts.preferred, ...children.filter((c) => c !== opts.preferred)] : children;
    for (const name of ordered.slice(0, MAX_CANDIDATES)) {
      try {
        const dev = await startDevMode(api, deploymentId, name);
        return {...dev, branchName: dev.branchName ?? name, parentBranch: dev.parentBranch ?? branch, reused: true};
      } catch (err) {
        // Another user's fork: the service says so with a 400; anything else is a real failure.
        if (err instanceof ApiError && err.status === 400 && /another user's/.test(err.detail)) continue;
        throw err;
      }
    }
  }
  const dev = await startDevMode(api, deploymentId, branch);
  return {...dev, reused: false};
}
