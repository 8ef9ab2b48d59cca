// What the console says when a watched run ends (a run it started, or any run on a pinned deployment): the flash
// line, the terminal bell and a desktop notification. Every piece of text from the service goes through the one
// sanitizer (lib/safeText.ts) first, so a hostile name or phase cannot end the OSC string and start a sequence of
// its own.
//
// The desktop notification's protocol is chosen from what the terminal says about itself:
//  - inside tmux or GNU screen (TMUX, STY, TERM screen*/tmux*): none. A multiplexer drops an OSC it does not know,
//    or passes it through only when configured to (`allow-passthrough`); the bell still reaches it;
//  - OSC 9 (`ESC ] 9 ; text ST`): iTerm2, WezTerm, Ghostty (TERM_PROGRAM), kitty (TERM xterm-kitty or
//    KITTY_WINDOW_ID);
//  - OSC 777 (`ESC ] 777 ; notify ; title ; text ST`): VTE terminals (VTE_VERSION: GNOME Terminal, Tilix, …),
//    foot and urxvt (TERM foot*, rxvt-unicode*);
//  - anything else: none, since an unknown OSC may print as text on some terminals.
// `[ui] notify = false` turns the desktop notification off, `[ui] bell = false` the bell; the flash line stays.
import {safeLine} from '../../lib/safeText.js';
import {runDuration} from '../../lib/time.js';
import type {ActivityRun} from '../../workflows/activity.js';
import type {Level} from '../theme.js';

export type DesktopProtocol = 'osc9' | 'osc777';

export function desktopProtocol(env: NodeJS.ProcessEnv): DesktopProtocol | undefined {
  const term = env.TERM ?? '';
  if (env.TMUX || env.STY || /^(screen|tmux)/.test(term)) return undefined;
  if (['iTerm.app', 'WezTerm', 'ghostty'].includes(env.TERM_PROGRAM ?? '') || term === 'xterm-kitty' || env.KITTY_WINDOW_ID) return 'osc9';
  if (env.VTE_VERSION || /^(foot|rxvt-unicode)/.test(term)) return 'osc777';
  return undefined;
}

/** `sync on analytics-prod failed in dbt-compile`, `build on sandbox-01 succeeded after 1m 5s`: inert text. */
export function noticeText(run: ActivityRun): string {
  const where = `${run.kind} on ${run.deploymentName || run.deploymentId}`;
  const how = run.status === 'failed' && run.phase !== undefined ? `failed in ${run.phase}` : run.status;
  const took = run.durationMs === undefined ? '' : ` after ${runDuration(run.durationMs)}`;
  return safeLine(`${where} ${how}${took}`);
}

export function noticeLevel(run: ActivityRun): Level {
  return run.status === 'succeeded' ? 'success' : run.status === 'failed' ? 'error' : 'warn';
}

const ST = '\u001b\\';

export interface NoticeSettings {
  /** The desktop notification. @default true */
  readonly notify?: boolean;
  /** The bell. @default true */
  readonly bell?: boolean;
  /** What the terminal says about itself. */
  readonly env: NodeJS.ProcessEnv;
}

/** The bytes to write to the terminal for a notice (the bell, the desktop notification), or '' for none. */
export function terminalNotice(run: ActivityRun, settings: NoticeSettings): string {
  let out = settings.bell === false ? '' : '\u0007';
  const protocol = settings.notify === false ? undefined : desktopProtocol(settings.env);
  // No field separator or terminator can come from the service: the text is inert already, and ';' separates
  // OSC 777's fields.
  const body = `${glyphFor(run)} ${noticeText(run)}`.replaceAll(';', ',');
  if (protocol === 'osc9') out += `\u001b]9;svc: ${body}${ST}`;
  if (protocol === 'osc777') out += `\u001b]777;notify;svc;${body}${ST}`;
  return out;
}

function glyphFor(run: ActivityRun): string {
  return run.status === 'succeeded' ? '✓' : run.status === 'failed' ? '✗' : '⊘';
}
