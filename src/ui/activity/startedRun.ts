// What a screen tells the activity feed (feed.ts) when this console starts a run: the run, and what the screen
// knows of it until the watcher lists it.

/**
 * A run this console started: a dbt sync (its id is known), or a build it caused: the next one on the deployment
 * other than `replaces`, the id of its newest build before the change ('' when it had none; undefined when not
 * known, then only a build seen going is taken for it).
 */
export type StartedRun = ({kind: 'sync'; deploymentId: string; id: string} | {kind: 'build'; deploymentId: string; replaces?: string}) & {
  /** What the screen that started it knows, shown until the watcher lists the run: the deployment's name … */
  deploymentName?: string;
  /** … and the ref synced or the branch built. */
  ref?: string;
};

/**
 * The build a change on `deploymentId` causes (a variable, a version switch), given its build status as last read
 * before the change (undefined when not read): with it, the rebuild is noticed even if it ends before the watcher
 * first looks at the deployment.
 */
export function causedBuild(deploymentId: string, before: {readonly buildJobId?: number} | undefined, known: {deploymentName?: string; ref?: string} = {}): StartedRun {
  return {kind: 'build', deploymentId, ...known, ...(before ? {replaces: before.buildJobId === undefined ? '' : String(before.buildJobId)} : {})};
}
