// `svc deployments build-status <deployment> [--branch B] [--wait] [--timeout 15m] [--poll 5s]`.
// One-shot: prints the status document whatever it says. With --wait: progress lines on stderr while the build
// runs, the final document on stdout, exit 1 when it failed or was cancelled, as the real client does.
import type {Command, OptionValues} from '@commander-js/extra-typings';
import type {Api} from '../api/client.js';
import {getBuildStatus, isFailedBuildStatus} from '../api/builds.js';
import {buildFailureMessage, waitForBuild} from '../workflows/build.js';
import {EXIT_USAGE, printJson, progress, UserError} from './output.js';
import {connect, deploymentArgument} from './session.js';

const UNIT_MS: Record<string, number> = {'': 1_000, ms: 1, s: 1_000, m: 60_000, h: 3_600_000};

/**
 * `30s`, `15m`, `1h`, `500ms` or a bare number of seconds (case-insensitive). Usage errors (exit 2) for anything else,
 * for zero and negative values, and for values too large to mean anything.
 */
export function parseDuration(text: string): number {
  const match = /^\s*([+-]?\d+)\s*(ms|[a-z]?)\s*$/i.exec(text);
  const unit = match?.[2]?.toLowerCase();
  const ms = match && unit !== undefined && unit in UNIT_MS ? Number(match[1]) * UNIT_MS[unit]! : Number.NaN;
  if (!Number.isSafeInteger(ms)) throw new UserError(`\`${text}\` is not a duration (try 30s, 15m, or 1h)`, EXIT_USAGE);
  if (ms <= 0) throw new UserError(`\`${text}\` must be greater than zero`, EXIT_USAGE);
  return ms;
}

/**
 * `--timeout <duration>` and `--poll <duration>` of a command that waits: how long at most, and how long between
 * looks, each with the command's own help and default. pollTimes() reads them.
 */
export function pollOptions<A extends unknown[], O extends OptionValues, G extends OptionValues>(
  cmd: Command<A, O, G>,
  timeout: [help: string, fallback: string],
  poll: [help: string, fallback: string],
) {
  return cmd.option('--timeout <duration>', ...timeout).option('--poll <duration>', ...poll);
}

/** The --timeout and --poll of pollOptions() in milliseconds (usage errors as parseDuration). */
export function pollTimes(flags: {timeout: string; poll: string}): {timeoutMs: number; intervalMs: number} {
  return {timeoutMs: parseDuration(flags.timeout), intervalMs: parseDuration(flags.poll)};
}

interface BuildStatusFlags {
  branch?: string;
  wait?: true;
  timeout: string;
  poll: string;
}

async function buildStatus(deployment: string, flags: BuildStatusFlags, api: () => Api): Promise<void> {
  const waiting = flags.wait === true;
  if (waiting && flags.branch !== undefined && flags.branch.trim() === '') {
    throw new UserError(
      'an empty --branch names no branch — with --wait it would fall back to a server-picked branch, so the wait could watch a different build than you meant; pass the branch name, or omit --branch to wait on the default branch',
      EXIT_USAGE,
    );
  }
  const {timeoutMs, intervalMs} = pollTimes(flags);
  if (!waiting) {
    printJson((await getBuildStatus(api(), deployment, flags.branch)).raw);
    return;
  }
  const final = await waitForBuild(api(), deployment, flags.branch, {timeoutMs, intervalMs, onProgress: progress});
  printJson(final.raw);
  if (isFailedBuildStatus(final.status)) throw new UserError(buildFailureMessage(final));
}

/** Adds `build-status` under the `deployments` group. */
export function registerBuildStatus(deployments: Command): void {
  pollOptions(
    deployments
      .command('build-status')
      .description('show the build status of a branch; with --wait, follow it until it is built, failed or cancelled')
      .addArgument(deploymentArgument())
      .option('--branch <name>', 'branch to check (default: your active dev-mode branch, else the deploy branch)')
      .option('--wait', 'poll until the build is built, failed or cancelled (exit 1 unless built)'),
    ['with --wait: give up after this long (30s, 15m, 1h)', '15m'],
    ['with --wait: time between checks', '5s'],
  ).action(async (deployment, flags, cmd) => {
    // Flags are checked before credentials, so a usage error never depends on being logged in.
    await buildStatus(deployment, flags, () => connect(cmd).api);
  });
}
