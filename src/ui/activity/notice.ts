// What the console says when something the user waits for ends (a run it started, any run on a pinned deployment,
// a dbt gate's verdict, a watched dbt run): the flash line, the terminal bell and a desktop notification.
// `terminalNotice` is THE rule for what may reach the terminal besides frames: every screen writes its bell and
// notification through the activity provider (`useTerminalNotice`), which applies it. Every piece of text goes
// through the one sanitizer (lib/safeText.ts) first, so a hostile name or phase cannot end the OSC string and start a
// sequence of its own.
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
import {truncateCells} from '../../lib/cells.js';
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

/** What a notice says: its level (the flash's colour, the notification's glyph) and its text, one inert line. */
export interface Notice {
  readonly level: Level;
  readonly text: string;
}

/** `sync on analytics-prod failed in dbt-compile`, `build on sandbox-01 succeeded after 1m 5s`: inert text. */
export function noticeText(run: ActivityRun): string {
  const took = run.durationMs === undefined ? '' : ` after ${runDuration(run.durationMs)}`;
  return safeLine(`${runWhere(run)} ${runOutcome(run)}${took}`);
}

function runWhere(run: ActivityRun): string {
  return `${run.kind} on ${run.deploymentName || run.deploymentId}`;
}

function runOutcome(run: ActivityRun): string {
  return run.status === 'failed' && run.phase !== undefined ? `failed in ${run.phase}` : run.status;
}

export function noticeLevel(run: ActivityRun): Level {
  return run.status === 'succeeded' ? 'success' : run.status === 'failed' ? 'error' : 'warn';
}

/**
 * The notice of runs that ended: one run as `noticeText` says it; several (held while the terminal was away, or
 * ending while one notice shows) in one line that names each, the failed first (`3 runs ended: ✗ sync on
 * analytics-prod failed in dbt-compile; ✓ build on sandbox-01; ✓ sync on finance`), at the level of the worst.
 */
export function runsNotice(runs: readonly ActivityRun[]): Notice {
  const [only] = runs;
  if (runs.length === 1 && only) return {level: noticeLevel(only), text: noticeText(only)};
  const rank = (run: ActivityRun) => ['error', 'warn', 'success'].indexOf(noticeLevel(run));
  const worst = [...runs].sort((a, b) => rank(a) - rank(b));
  const each = worst.map((run) => `${levelGlyph(noticeLevel(run))} ${runWhere(run)}${run.status === 'succeeded' ? '' : ` ${runOutcome(run)}`}`);
  return {level: worst[0] ? noticeLevel(worst[0]) : 'info', text: safeLine(`${runs.length} runs ended: ${each.join('; ')}`)};
}

const ST = '\u001b\\';
/** A desktop notification is a glance: its text is cut here (a dbt error can be pages long). */
const DESKTOP_MAX_CELLS = 200;

export interface NoticeSettings {
  /** The desktop notification. @default true */
  readonly notify?: boolean;
  /** The bell. @default true */
  readonly bell?: boolean;
  /** What the terminal says about itself. */
  readonly env: NodeJS.ProcessEnv;
}

/** The bytes to write to the terminal for a notice (the bell, the desktop notification), or '' for none. */
export function terminalNotice(notice: Notice, settings: NoticeSettings): string {
  let out = settings.bell === false ? '' : '\u0007';
  const protocol = settings.notify === false ? undefined : desktopProtocol(settings.env);
  // No field separator or terminator can come from the service: the text is made inert (again: safeLine leaves
  // inert text as it is), and ';' separates OSC 777's fields.
  const body = truncateCells(`${levelGlyph(notice.level)} ${safeLine(notice.text)}`, DESKTOP_MAX_CELLS).replaceAll(';', ',');
  if (protocol === 'osc9') out += `\u001b]9;svc: ${body}${ST}`;
  if (protocol === 'osc777') out += `\u001b]777;notify;svc;${body}${ST}`;
  return out;
}

function levelGlyph(level: Level): string {
  return level === 'success' ? '✓' : level === 'error' ? '✗' : level === 'warn' ? '⊘' : 'i';
}
