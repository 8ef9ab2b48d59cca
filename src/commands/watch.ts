// `svc watch`: every build and dbt sync on the deployments the credential sees, one line per change (started, phase,
// finished with status and duration), or one JSON object per line. The watching and its request budget are the
// activity watcher's (workflows/activity.ts); this prints. --until-idle ends when nothing runs (exit 1 if a
// watched run failed); ctrl+c ends it with 130.
import type {Command} from '@commander-js/extra-typings';
import {safeJson, safeLine} from '../lib/safeText.js';
import {ActivityWatcher, apiSource, eventRecord, eventText, type ActivityEvent} from '../workflows/activity.js';
import {progress} from './output.js';
import {connect} from './session.js';

export const EXIT_INTERRUPTED = 130;

export function register(program: Command): void {
  program
    .command('watch')
    .description('print every build and dbt sync as it starts, changes phase and finishes, on all deployments or those named')
    .option('-d, --deployment <deployment...>', 'watch only these deployments (id or name; repeatable)')
    .option('--until-idle', 'stop once nothing is queued or running; exit 1 if a watched run failed')
    .addHelpText(
      'after',
      '\nRequests: each deployment is asked at most once per 30 s while idle and every 5 s while a run is going, at most\n10 requests per second in all. Lines go to stdout (one JSON object per line with --json), problems to stderr.',
    )
    .action(async (opts, cmd) => {
      const {api, json} = connect(cmd);
      const stop = new AbortController();
      const interrupt = () => stop.abort();
      let failed = 0;
      const reported = new Map<string, string>();
      const onEvent = ({type, run}: ActivityEvent) => {
        if (type === 'finished' && run.status === 'failed') failed++;
        process.stdout.write(json ? `${safeJson(JSON.stringify(eventRecord(type, run, Date.now())))}\n` : `${clock()} ${safeLine(eventText(type, run))}\n`);
      };
      const onError = (deploymentId: string, message: string) => {
        if (reported.get(deploymentId) === message) return;
        reported.set(deploymentId, message);
        progress(`watch: ${deploymentId === '' ? '' : `deployment ${deploymentId}: `}${message} (asked again later)`);
      };
      const watcher = new ActivityWatcher(apiSource(api), {deployments: opts.deployment ?? [], onEvent, onError});
      process.on('SIGINT', interrupt);
      try {
        await watcher.run(stop.signal, opts.untilIdle === true);
      } finally {
        process.off('SIGINT', interrupt);
      }
      if (stop.signal.aborted) process.exitCode = EXIT_INTERRUPTED;
      else if (failed > 0) process.exitCode = 1;
      if (opts.untilIdle && !stop.signal.aborted) progress(failed > 0 ? `idle: ${failed} watched run${failed === 1 ? '' : 's'} failed` : 'idle: nothing queued or running');
    });
}

function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}
