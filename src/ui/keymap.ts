// THE ONLY place keys are defined. The dispatcher matches presses against these bindings; the footer and the
// help overlay are generated from them, so hints cannot drift from behaviour. A binding the session may not use
// (`withheld`: `dangerous` ones in --readonly, ones whose `permission` the credential lacks) is left out of the
// footer and help, and pressed it says why instead of acting.
import type {Key} from 'ink';

/** Where a binding belongs: shown in help under this heading, current screen first. */
export type KeyScope = 'global' | 'list' | 'pager' | 'dialog' | 'overlay' | 'input' | 'palette' | 'form' | `screen:${string}`;

export interface Binding {
  /** Namespaced action id handlers are registered under, e.g. 'list.down' (see ActionId). */
  readonly id: string;
  /** Normalised key names (see keyName): 'j', 'down', 'enter', 'escape', 'ctrl+c', 'G', 'pagedown'. */
  readonly keys: readonly string[];
  readonly description: string;
  readonly scope: KeyScope;
  /** Mutates or destroys something: needs confirmation, hidden and blocked in --readonly. */
  readonly dangerous?: boolean;
  /** Shown in the footer hint line. */
  readonly footer?: boolean;
  /** A dangerous action that runs at once, without a question (help says so instead of "asks first"). */
  readonly immediate?: boolean;
  /**
   * Not dangerous, but opens a prompt, form, picker or view over the screen that Esc closes (a dangerous binding
   * that is not `immediate` asks first anyway). The Esc walk (test/helpers/escWalk.ts) presses these.
   */
  readonly asks?: boolean;
  /**
   * The permission the operation behind the key needs (the service publishes it per operation as
   * `x-svc-permission` in GET /api/v1/spec): a credential without it is not offered the key.
   */
  readonly permission?: 'DeploymentRead' | 'DeploymentManage' | 'SchemaRead' | 'SchemaUpdate' | 'SchemaUpdateDevBranches' | 'AuditLogManage';
}

const GLOBAL = [
  {id: 'app.help', keys: ['?'], description: 'help', scope: 'global', footer: true},
  {id: 'app.filter', keys: ['/'], description: 'filter', scope: 'global', footer: true, asks: true},
  {id: 'app.palette', keys: [':'], description: 'jump to screen', scope: 'global', footer: true, asks: true},
  {id: 'app.refresh', keys: ['r'], description: 'refresh', scope: 'global', footer: true},
  {id: 'app.pause', keys: ['p'], description: 'pause/resume live updates', scope: 'global'},
  {id: 'app.back', keys: ['escape'], description: 'back (close dialog, clear filter, pop screen)', scope: 'global', footer: true},
  {id: 'app.quit', keys: ['q'], description: 'quit', scope: 'global', footer: true},
  {id: 'app.forceQuit', keys: ['ctrl+c'], description: 'quit (always)', scope: 'global'},
  // Taken only while a notice of an ended run shows in the flash line (ahead of the list's Enter).
  {id: 'app.openNotice', keys: ['enter'], description: 'open the run the notice in the flash line names', scope: 'global'},
] as const satisfies readonly Binding[];

const LIST = [
  {id: 'list.down', keys: ['j', 'down'], description: 'move down', scope: 'list'},
  {id: 'list.up', keys: ['k', 'up'], description: 'move up', scope: 'list'},
  {id: 'list.top', keys: ['g', 'home'], description: 'first row', scope: 'list'},
  {id: 'list.bottom', keys: ['G', 'end'], description: 'last row', scope: 'list'},
  {id: 'list.pageDown', keys: ['pagedown'], description: 'page down', scope: 'list'},
  {id: 'list.pageUp', keys: ['pageup'], description: 'page up', scope: 'list'},
  {id: 'list.halfDown', keys: ['ctrl+d'], description: 'half a page down', scope: 'list'},
  {id: 'list.halfUp', keys: ['ctrl+u'], description: 'half a page up', scope: 'list'},
  {id: 'list.open', keys: ['enter'], description: 'open', scope: 'list', footer: true},
  {id: 'list.sortNext', keys: ['>'], description: 'sort by the next column (▲ on its heading)', scope: 'list'},
  {id: 'list.sortPrev', keys: ['<'], description: 'sort by the previous column', scope: 'list'},
  {id: 'list.sortReverse', keys: ['~'], description: 'reverse the sort (▲/▼)', scope: 'list'},
  {id: 'list.wrap', keys: ['W'], description: "wrap: the selected row's long cells in full", scope: 'list'},
] as const satisfies readonly Binding[];

// Logs (every log is a LogPager): j/k PgUp/PgDn ctrl+d/u g scroll back (the list keys above), plus:
const PAGER = [
  {id: 'pager.follow', keys: ['G', 'end'], description: 'follow', scope: 'pager', footer: true},
  {id: 'pager.wrap', keys: ['w'], description: 'wrap', scope: 'pager', footer: true},
  {id: 'pager.next', keys: ['n'], description: 'next match of the / search (older in a dbt run log, below in a file)', scope: 'pager'},
  {id: 'pager.prev', keys: ['N'], description: 'previous match of the / search (newer in a dbt run log, above in a file)', scope: 'pager'},
] as const satisfies readonly Binding[];

const DIALOG = [
  {id: 'dialog.yes', keys: ['y'], description: 'confirm', scope: 'dialog', footer: true},
  {id: 'dialog.no', keys: ['n'], description: 'cancel', scope: 'dialog', footer: true},
  {id: 'dialog.toggle', keys: ['left', 'right', 'tab', 'h', 'l'], description: 'switch Yes/No', scope: 'dialog'},
  {id: 'dialog.submit', keys: ['enter'], description: 'choose the highlighted answer', scope: 'dialog'},
  {id: 'dialog.cancel', keys: ['escape'], description: 'cancel', scope: 'dialog', footer: true},
] as const satisfies readonly Binding[];

const INPUT = [
  {id: 'input.submit', keys: ['enter'], description: 'keep the text', scope: 'input', footer: true},
  {id: 'input.cancel', keys: ['escape'], description: 'cancel / clear', scope: 'input', footer: true},
  {id: 'input.left', keys: ['left'], description: 'cursor left', scope: 'input'},
  {id: 'input.right', keys: ['right'], description: 'cursor right', scope: 'input'},
  {id: 'input.start', keys: ['home', 'ctrl+a'], description: 'cursor to start', scope: 'input'},
  {id: 'input.end', keys: ['end', 'ctrl+e'], description: 'cursor to end', scope: 'input'},
  {id: 'input.backspace', keys: ['backspace'], description: 'delete before the cursor', scope: 'input'},
  {id: 'input.clear', keys: ['ctrl+u'], description: 'delete to the start', scope: 'input'},
] as const satisfies readonly Binding[];

const OVERLAY = [
  {id: 'overlay.down', keys: ['j', 'down'], description: 'scroll', scope: 'overlay', footer: true},
  {id: 'overlay.up', keys: ['k', 'up'], description: 'scroll', scope: 'overlay', footer: true},
  {id: 'overlay.pageDown', keys: ['pagedown'], description: 'page down', scope: 'overlay'},
  {id: 'overlay.pageUp', keys: ['pageup'], description: 'page up', scope: 'overlay'},
  {id: 'overlay.close', keys: ['escape', 'q', '?', 'enter'], description: 'close help', scope: 'overlay', footer: true},
] as const satisfies readonly Binding[];

const PALETTE = [
  {id: 'palette.complete', keys: ['tab'], description: 'complete', scope: 'palette', footer: true},
  {id: 'palette.go', keys: ['enter'], description: 'go to the screen', scope: 'palette', footer: true},
  {id: 'palette.close', keys: ['escape'], description: 'close', scope: 'palette', footer: true},
  {id: 'palette.next', keys: ['down'], description: 'next match', scope: 'palette'},
  {id: 'palette.prev', keys: ['up'], description: 'previous match', scope: 'palette'},
] as const satisfies readonly Binding[];

// SCREEN KEYS: one block per screen id (the id used in screens/index.ts). The screens engineer edits this
// block; keep ids `<screen>.<action>`.
const SCREENS = [
  {id: 'deployments.create', keys: ['c'], description: 'new deployment', scope: 'screen:deployments', dangerous: true, footer: true, permission: 'DeploymentManage'},
  {id: 'deployments.delete', keys: ['D'], description: 'delete deployment', scope: 'screen:deployments', dangerous: true, footer: true, permission: 'DeploymentManage'},
  {id: 'deployments.versions', keys: ['v'], description: 'versions of the selected deployment', scope: 'screen:deployments'},
  {id: 'deployments.envs', keys: ['e'], description: 'environments of the selected deployment', scope: 'screen:deployments'},
  {id: 'deployments.pin', keys: ['*'], description: 'pin/unpin: a notice when any of its runs ends (kept in the config)', scope: 'screen:deployments'},
  {id: 'deployment.versions', keys: ['v'], description: 'versions', scope: 'screen:deployment', footer: true},
  {id: 'deployment.envs', keys: ['e'], description: 'environments', scope: 'screen:deployment', footer: true},
  {id: 'deployment.build', keys: ['b'], description: 'build status', scope: 'screen:deployment', footer: true},
  {id: 'deployment.branches', keys: ['B'], description: 'branches', scope: 'screen:deployment', footer: true},
  {id: 'deployment.variables', keys: ['V'], description: 'variables', scope: 'screen:deployment', footer: true},
  {id: 'deployment.dev', keys: ['d'], description: 'dev mode', scope: 'screen:deployment', footer: true},
  {id: 'deployment.dbt', keys: ['s'], description: 'dbt runs', scope: 'screen:deployment', footer: true},
  {id: 'deployment.logs', keys: ['l'], description: 'logs', scope: 'screen:deployment', footer: true},
  {id: 'deployment.files', keys: ['f'], description: 'files of any branch (read-only)', scope: 'screen:deployment'},
  {id: 'versions.switch', keys: ['s'], description: 'switch version', scope: 'screen:versions', dangerous: true, footer: true, permission: 'DeploymentManage'},
  {id: 'versions.latest', keys: ['L'], description: "switch to this channel's latest", scope: 'screen:versions', dangerous: true, footer: true, permission: 'DeploymentManage'},
  {id: 'environments.type', keys: ['t'], description: 'type: all/production/staging/development', scope: 'screen:environments', footer: true},
  {id: 'environments.token', keys: ['T'], description: 'issue metadata token', scope: 'screen:environments', dangerous: true, footer: true},
  {id: 'environments.tokens', keys: ['K'], description: 'environment tokens of the selected one', scope: 'screen:environments', footer: true, asks: true},
  {id: 'tokens.create', keys: ['n'], description: 'issue an environment token (in the K list)', scope: 'screen:environments', dangerous: true},
  // Shown by the token view itself (not in the footer): they act only once a token was issued.
  {id: 'token.copy', keys: ['y'], description: 'copy the issued token (OSC 52)', scope: 'screen:environments'},
  {id: 'token.write', keys: ['w'], description: 'write the issued token to a file (0600)', scope: 'screen:environments'},
  // Forms (scope 'form', shared by every form: new deployment, metadata token, dbt ref, audit filter): a 'dialog'
  // layer that owns the keys while the form is open.
  {id: 'form.next', keys: ['tab'], description: 'next field', scope: 'form', footer: true},
  {id: 'form.prev', keys: ['shift+tab'], description: 'previous field', scope: 'form'},
  {id: 'form.up', keys: ['up'], description: 'previous choice', scope: 'form'},
  {id: 'form.down', keys: ['down'], description: 'next choice', scope: 'form'},
  {id: 'form.submit', keys: ['enter'], description: 'submit', scope: 'form', footer: true},
  {id: 'form.cancel', keys: ['escape'], description: 'cancel', scope: 'form', footer: true},
  {id: 'branches.create', keys: ['n'], description: 'new branch', scope: 'screen:branches', dangerous: true, footer: true, permission: 'SchemaUpdate'},
  {id: 'branches.delete', keys: ['D'], description: 'delete branch', scope: 'screen:branches', dangerous: true, footer: true, permission: 'SchemaUpdate'},
  {id: 'branches.staging', keys: ['s'], description: 'toggle staging', scope: 'screen:branches', dangerous: true, footer: true, permission: 'SchemaUpdate'},
  {id: 'branches.merge', keys: ['m'], description: 'merge to default', scope: 'screen:branches', dangerous: true, footer: true, permission: 'SchemaUpdate'},
  {id: 'branches.dev', keys: ['d'], description: 'dev mode on this branch (also Enter)', scope: 'screen:branches', footer: true},
  {id: 'branches.build', keys: ['b'], description: "this branch's build", scope: 'screen:branches'},
  {id: 'dbt.sync', keys: ['s'], description: 'start a sync', scope: 'screen:dbt', dangerous: true, footer: true, permission: 'SchemaUpdate'},
  {id: 'dbt.status', keys: ['f'], description: 'status filter: all/RUNNING/COMPLETED/FAILED/CANCELLED/UNKNOWN', scope: 'screen:dbt', footer: true},
  {id: 'dbt.trigger', keys: ['t'], description: 'trigger filter: all/manual/api/webhook/agent/unknown', scope: 'screen:dbt', footer: true},
  {id: 'dbt.gate', keys: ['v'], description: 'gate flow (sync → dev mode → validate → query → cleanup)', scope: 'screen:dbt', footer: true},
  {id: 'activity.failed', keys: ['f'], description: 'failed runs only / all runs', scope: 'screen:activity', footer: true},
  {id: 'dbtRun.cancel', keys: ['x'], description: 'cancel this sync', scope: 'screen:dbtRun', dangerous: true, footer: true, permission: 'SchemaUpdate'},
  {id: 'dbtRun.generate', keys: ['m'], description: 'dbt generate (manifest)', scope: 'screen:dbtRun', dangerous: true, footer: true},
  {id: 'gate.start', keys: ['s'], description: 'gate a ref (starts a sync, enters dev mode)', scope: 'screen:gate', dangerous: true, footer: true, permission: 'SchemaUpdate'},
  {id: 'gate.cleanup', keys: ['c'], description: 'clean up: exit dev mode, delete the dev fork and the sync branch', scope: 'screen:gate', dangerous: true, footer: true, permission: 'SchemaUpdate'},
  {id: 'dev.toggle', keys: ['t'], description: 'enter/leave dev mode', scope: 'screen:dev', dangerous: true, footer: true, immediate: true, permission: 'SchemaUpdateDevBranches'},
  {id: 'dev.fresh', keys: ['T'], description: 'enter dev mode on a fresh fork', scope: 'screen:dev', dangerous: true, immediate: true, permission: 'SchemaUpdateDevBranches'},
  {id: 'dev.edit', keys: ['e'], description: 'edit in $EDITOR', scope: 'screen:dev', dangerous: true, footer: true, immediate: true, permission: 'SchemaUpdateDevBranches'},
  {id: 'dev.validate', keys: ['V'], description: 'validate', scope: 'screen:dev', footer: true},
  {id: 'dev.commit', keys: ['c'], description: 'commit', scope: 'screen:dev', dangerous: true, footer: true, permission: 'SchemaUpdate'},
  {id: 'dev.new', keys: ['n'], description: 'new file (new branch while picking one)', scope: 'screen:dev', dangerous: true, footer: true, permission: 'SchemaUpdateDevBranches'},
  {id: 'dev.merge', keys: ['m'], description: 'merge to default (rebuilds production)', scope: 'screen:dev', dangerous: true, footer: true, permission: 'SchemaUpdate'},
  {id: 'dev.diff', keys: ['v'], description: 'diff of the selected file against the parent', scope: 'screen:dev', footer: true, asks: true},
  {id: 'dev.diffAll', keys: ['A'], description: 'diff of the whole dev branch against the parent', scope: 'screen:dev', asks: true},
  {id: 'dev.discard', keys: ['d'], description: "discard the selected file's changes", scope: 'screen:dev', dangerous: true, permission: 'SchemaUpdateDevBranches'},
  {id: 'dev.delete', keys: ['D'], description: 'delete the selected file', scope: 'screen:dev', dangerous: true, permission: 'SchemaUpdateDevBranches'},
  {id: 'dev.rename', keys: ['R'], description: 'rename the selected file', scope: 'screen:dev', dangerous: true, permission: 'SchemaUpdateDevBranches'},
  {id: 'dev.build', keys: ['b'], description: "the dev branch's build", scope: 'screen:dev'},
  {id: 'contexts.add', keys: ['a'], description: 'add a context', scope: 'screen:ctx', dangerous: true, footer: true},
  {id: 'contexts.delete', keys: ['D'], description: 'delete context', scope: 'screen:ctx', dangerous: true, footer: true},
  {id: 'contexts.use', keys: ['u'], description: 'make default for new sessions', scope: 'screen:ctx', footer: true},
  {id: 'logs.source', keys: ['s'], description: 'source: all/production/dev', scope: 'screen:logs', footer: true},
  {id: 'logs.pod', keys: ['o'], description: 'pod: all/each pod', scope: 'screen:logs', footer: true},
  {id: 'logs.container', keys: ['c'], description: 'container: all/each container', scope: 'screen:logs', footer: true},
  {id: 'audit.filters', keys: ['f'], description: 'range and filters', scope: 'screen:audit', footer: true, asks: true},
  {id: 'audit.preset', keys: ['t'], description: 'range: all/24h/7d/30d', scope: 'screen:audit', footer: true},
  {id: 'audit.export', keys: ['x'], description: 'export to a CSV file', scope: 'screen:audit', footer: true, asks: true, permission: 'AuditLogManage'},
  // The generic resource view (every screen of screens/resources shares these).
  {id: 'resource.describe', keys: ['d'], description: 'describe as YAML/JSON (also Enter)', scope: 'screen:resource', footer: true, asks: true},
  {id: 'resource.create', keys: ['c'], description: 'create from a template in $EDITOR', scope: 'screen:resource', dangerous: true, footer: true, immediate: true},
  {id: 'resource.edit', keys: ['e'], description: 'edit in $EDITOR', scope: 'screen:resource', dangerous: true, footer: true, immediate: true},
  {id: 'resource.delete', keys: ['D'], description: 'delete', scope: 'screen:resource', dangerous: true, footer: true},
  {id: 'resource.format', keys: ['o'], description: 'describe: YAML/JSON', scope: 'screen:resource'},
  // Environment variables of a deployment: a change rebuilds the deploy branch; each asks first and says so.
  {id: 'variables.set', keys: ['n'], description: 'set a variable', scope: 'screen:variables', dangerous: true, footer: true, permission: 'DeploymentManage'},
  {id: 'variables.edit', keys: ['e'], description: 'change value', scope: 'screen:variables', dangerous: true, footer: true, permission: 'DeploymentManage'},
  {id: 'variables.unset', keys: ['D'], description: 'unset', scope: 'screen:variables', dangerous: true, footer: true, permission: 'DeploymentManage'},
  {id: 'variables.build', keys: ['b'], description: 'production build', scope: 'screen:variables', footer: true},
  // Files of any branch, read-only (the tree, then one file in the pager); t hands over to dev mode.
  {id: 'files.branch', keys: ['b'], description: 'branch (deploy or shared)', scope: 'screen:files', footer: true, asks: true},
  {id: 'files.expand', keys: ['l', 'right'], description: 'expand the folder', scope: 'screen:files'},
  {id: 'files.collapse', keys: ['h', 'left'], description: 'collapse the folder (or the one above)', scope: 'screen:files'},
  {id: 'files.diff', keys: ['d'], description: 'diff with a branch', scope: 'screen:files', footer: true, asks: true},
  {id: 'files.dev', keys: ['t'], description: 'enter dev mode on this branch', scope: 'screen:files', dangerous: true, footer: true, immediate: true, permission: 'SchemaUpdateDevBranches'},
  {id: 'file.diff', keys: ['d'], description: 'diff with a branch', scope: 'screen:file', footer: true, asks: true},
  {id: 'file.dev', keys: ['t'], description: 'enter dev mode on this branch', scope: 'screen:file', dangerous: true, footer: true, immediate: true, permission: 'SchemaUpdateDevBranches'},
  // The query console: the query line takes the keys while editing (Enter runs, Tab completes, ↑/↓ history).
  {id: 'query.edit', keys: ['e', 'i'], description: 'edit the query', scope: 'screen:query', footer: true, asks: true},
  {id: 'query.branch', keys: ['b'], description: 'run on a branch / production', scope: 'screen:query', footer: true, asks: true},
  {id: 'queryInput.run', keys: ['enter'], description: 'run', scope: 'screen:queryInput', footer: true},
  {id: 'queryInput.complete', keys: ['tab'], description: 'complete', scope: 'screen:queryInput', footer: true},
  {id: 'queryInput.older', keys: ['up'], description: 'history', scope: 'screen:queryInput', footer: true},
  {id: 'queryInput.newer', keys: ['down'], description: 'history', scope: 'screen:queryInput', footer: true},
  {id: 'queryInput.back', keys: ['escape'], description: 'back', scope: 'screen:queryInput', footer: true},
  {id: 'queryInput.branch', keys: ['ctrl+b'], description: 'branch / production', scope: 'screen:queryInput', footer: true},
  {id: 'query.export', keys: ['x'], description: 'export the result (CSV/JSON)', scope: 'screen:query', footer: true, asks: true},
  {id: 'deployment.query', keys: ['Q'], description: 'query console', scope: 'screen:deployment'},
] as const satisfies readonly Binding[];

const ALL = [...GLOBAL, ...LIST, ...PAGER, ...DIALOG, ...OVERLAY, ...INPUT, ...PALETTE, ...SCREENS] as const;

/** Every action id of the table: handlers (useKeys) and hints name actions with it, so a typo does not compile. */
export type ActionId = (typeof ALL)[number]['id'];

export const KEYMAP: readonly Binding[] = ALL;

const byId = new Map<string, Binding>(KEYMAP.map((b) => [b.id, b]));

export function binding(id: ActionId): Binding | undefined {
  return byId.get(id);
}

/** What this session may do: --readonly, and the permissions its credential holds. */
export interface KeyPolicy {
  readonly readonly: boolean;
  /** From users/me; null or absent: every permission (or the service does not say, and then the key is offered). */
  readonly permissions?: readonly string[] | null;
}

/** THE rule for offering a binding: why the session may not use it, or undefined when it may. */
export function withheld(b: Binding, policy: KeyPolicy): string | undefined {
  if (policy.readonly && b.dangerous) return 'read-only session';
  if (b.permission !== undefined && policy.permissions && !policy.permissions.includes(b.permission)) return `this credential lacks ${b.permission}`;
  return undefined;
}

/** Bindings visible to the user: those `withheld` lets the session use. */
export function bindingsFor(scope: KeyScope, policy: KeyPolicy): Binding[] {
  return KEYMAP.filter((b) => b.scope === scope && withheld(b, policy) === undefined);
}

/** Every action id a key name names (several: 'enter' is list.open, dialog.submit, input.submit), withheld or not. */
export function actionsForKey(name: string): ActionId[] {
  return KEYMAP.filter((b) => b.keys.includes(name)).map((b) => b.id as ActionId);
}

const DISPLAY: Record<string, string> = {
  down: '↓', up: '↑', left: '←', right: '→', enter: 'Enter', escape: 'Esc', pagedown: 'PgDn', pageup: 'PgUp',
  home: 'Home', end: 'End', tab: 'Tab', 'shift+tab': 'Shift+Tab', backspace: 'Bksp', space: 'Space',
};

/** How a binding's keys are written in hints and help: `j/↓`. */
export function keysLabel(b: Pick<Binding, 'keys'>): string {
  return b.keys.map((k) => DISPLAY[k] ?? k).join('/');
}

/** Normalises an Ink key press into one key name that keymap entries use. */
export function keyName(input: string, key: Key): string {
  if (key.ctrl && input) return `ctrl+${input.toLowerCase()}`;
  // Esc also sets key.meta in ink 6.8, so check it first.
  if (key.escape) return 'escape';
  if (key.return) return 'enter';
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.leftArrow) return 'left';
  if (key.rightArrow) return 'right';
  if (key.pageDown) return 'pagedown';
  if (key.pageUp) return 'pageup';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.tab) return key.shift ? 'shift+tab' : 'tab';
  // Backspace (\x7f) arrives as key.delete in ink 6.8.
  if (key.backspace || key.delete) return 'backspace';
  if (input === ' ') return 'space';
  return input;
}
