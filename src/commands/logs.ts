// `svc logs <deployment>`: the newest log lines of a deployment; with --follow, keeps polling and prints each new
// line once (the service's cursor marks where the last look ended). Not a stream: the API has none.
import {setTimeout as sleep} from 'node:timers/promises';
import {Option, type Command} from '@commander-js/extra-typings';
import {isTransient} from '../api/client.js';
import {listLogs, type LogLine} from '../api/logs.js';
import {printJson, progress} from './output.js';
import {safeJson, safeLine} from '../lib/safeText.js';
import {connect, deploymentArgument, positiveInt} from './session.js';

const CONTAINERS = ['INIT', 'MAIN', 'cubejs-server', 'vector', 'api-proxy'] as const;
const MAX_TRANSIENT = 5;

// One line per log line: newlines folded, terminal escapes a log line could carry made visible and inert.
function print(lines: LogLine[], json: boolean): void {
  for (const l of lines) process.stdout.write(json ? `${safeJson(JSON.stringify(l))}\n` : `${safeLine(l.date)} [${safeLine(l.pod)}] ${safeLine(l.message)}\n`);
}

export function register(program: Command): void {
  program
    .command('logs')
    .description('print the newest log lines of a deployment (builds, dbt syncs, data API); --follow keeps printing new ones')
    .addArgument(deploymentArgument())
    .option('--pod <pod>', 'only lines of this pod (see the pod names in the output)')
    .addOption(new Option('-c, --container <container>', 'only lines of this container').choices(CONTAINERS))
    .addOption(new Option('--source <source>', 'production pods or the dev-mode pod (default: both, merged by time)').choices(['production', 'dev'] as const))
    .option('-n, --lines <n>', 'how many of the newest lines to print first (default 100)', positiveInt('--lines'))
    .option('-f, --follow', 'keep polling and print new lines as they are written (ctrl+c stops)')
    .option('--interval <seconds>', 'with --follow: seconds between polls (default 2)', positiveInt('--interval'))
    .action(async (deployment, opts, cmd) => {
      const {api, json} = connect(cmd);
      const filter = {
        ...(opts.pod !== undefined ? {pod: opts.pod} : {}),
        ...(opts.container !== undefined ? {container: opts.container} : {}),
        ...(opts.source !== undefined ? {source: opts.source} : {}),
      };
      const first = await listLogs(api, deployment, {...filter, ...(opts.lines ? {first: opts.lines} : {})});
      if (!opts.follow) {
        if (json) return printJson(first.raw);
        if (first.lines.length === 0) return progress('No log lines');
        return print(first.lines, false);
      }
      print(first.lines, json);
      let after = first.endCursor;
      let failures = 0;
      for (;;) {
        await sleep((opts.interval ?? 2) * 1000);
        try {
          const page = await listLogs(api, deployment, {...filter, ...(after !== undefined ? {after} : {})});
          failures = 0;
          print(page.lines, json);
          after = page.endCursor ?? after;
        } catch (err) {
          if (!isTransient(err) || ++failures > MAX_TRANSIENT) throw err;
          progress(`logs: ${(err as Error).message} (retrying)`);
        }
      }
    });
}
