// Work around every command run, installed as commander hooks so it needs no change to the run loop: the
// background update check starts before the action (never for `update` or `completion`), and at exit the
// telemetry event is handed to a detached sender and the update notice printed (stderr, terminals only).
// Only the real CLI process does this: in-process runs of the command tree (tests) must not spawn anything.
import type {Command, CommandUnknownOpts} from '@commander-js/extra-typings';
import {commandEvent, sendDetached, telemetryUrl} from '../telemetry/telemetry.js';
import {startBackgroundCheck, updateNotice} from '../update/background.js';
import {sayErr} from './output.js';

const NO_UPDATE_CHECK = new Set(['update', 'completion']);
const NO_TELEMETRY = new Set(['completion']);

/** The top-level command an action belongs to (`deployments` for `svc deployments list`): the telemetry group. */
export function commandGroup(action: CommandUnknownOpts): string {
  let cmd = action;
  while (cmd.parent?.parent) cmd = cmd.parent;
  return cmd.name();
}

export function isCliProcess(script = process.argv[1] ?? ''): boolean {
  return /(^|[/\\])svc(\.js)?$/.test(script);
}

export function register(program: Command): void {
  program.hook('preAction', (_program, action) => {
    if (!isCliProcess()) return;
    const group = commandGroup(action as CommandUnknownOpts);
    if (!NO_UPDATE_CHECK.has(group)) startBackgroundCheck();
    process.once('exit', (code) => {
      const url = telemetryUrl();
      if (url && !NO_TELEMETRY.has(group)) sendDetached(url, [commandEvent(group, code === 0)]);
      if (process.stderr.isTTY && !NO_UPDATE_CHECK.has(group)) {
        const notice = updateNotice();
        if (notice) sayErr(notice);
      }
    });
  });
}
