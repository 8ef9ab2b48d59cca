// The object groups' operations beyond CRUD: publish, attribute values, folder ancestors, bulk user actions
// (attached to the groups the table built), and the groups that are not CRUD at all: tenant settings, the app
// config, embed, workspace and meta.
import type {Command, CommandUnknownOpts} from '@commander-js/extra-typings';
import {
  bulkUserAction,
  describeMeta,
  duplicateWorkbook,
  folderAncestors,
  getAppConfig,
  getAttributeValues,
  getEmbeddedDashboard,
  getTenantSettings,
  listWorkspace,
  moveWorkspaceObject,
  publishWorkbook,
  setAttributeValue,
  setDashboardEmbedding,
  setRoleMembership,
  updateTenantSettings,
  type ObjectPage,
} from '../api/objects.js';
import {EXIT_USAGE, UserError, printJson, printTable, success} from './output.js';
import {connect, numericId, positiveInt, readJsonObject} from './session.js';

type Args = unknown[];
export const deploymentArg = numericId('deployment id');
export const DATA = ['-d, --data <json>', 'request body: inline JSON, @file.json or - for stdin'] as const;

function cell(value: unknown): unknown {
  if (Array.isArray(value)) return String(value.length);
  return value;
}

export function printPage(page: ObjectPage, columns: Array<[string, string]>, json: boolean): void {
  if (json) return printJson(page.raw);
  printTable(columns.map(([h]) => h), page.items.map((item) => columns.map(([, field]) => cell(item[field]))));
  if (page.hasNextPage && page.endCursor) process.stderr.write(`more: --after ${page.endCursor}\n`);
}

export async function body(opts: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (typeof opts.data !== 'string') throw new UserError('--data is required (inline JSON, @file.json or - for stdin)', EXIT_USAGE);
  return readJsonObject('--data', opts.data);
}

/** Operations beyond CRUD, attached to the groups the table built. */
export const SPECIALS: Record<string, (group: CommandUnknownOpts) => void> = {
  folders: (group) =>
    group
      .command('ancestors')
      .description('the folders above a folder, outermost first')
      .argument('<deployment>', 'deployment id', deploymentArg)
      .argument('<id>', 'folder id', numericId('folder id'))
      .action(async (...args: Args) => {
        const [deployment, folder, , cmd] = args as [string, string, unknown, CommandUnknownOpts];
        const {api, json} = connect(cmd);
        const {items, raw} = await folderAncestors(api, deployment, folder);
        if (json) return printJson(raw);
        printTable(['ID', 'NAME', 'PARENT'], items.map((f) => [f.id, f.name, f.parentId]));
      }),
  users: (group) =>
    group
      .command('bulk')
      .description('deactivate, activate or delete several users at once')
      .argument('<action>', 'DEACTIVATE, ACTIVATE or DELETE', (v: string) => {
        if (!['DEACTIVATE', 'ACTIVATE', 'DELETE'].includes(v)) throw new UserError(`action must be DEACTIVATE, ACTIVATE or DELETE (got \`${v}\`)`, EXIT_USAGE);
        return v;
      })
      .argument('<users...>', 'user ids')
      .action(async (...args: Args) => {
        const [action, users, , cmd] = args as [string, string[], unknown, CommandUnknownOpts];
        const parse = numericId('user id');
        const ids = users.map((u) => {
          try {
            return Number(parse(u));
          } catch (err) {
            throw new UserError((err as Error).message, EXIT_USAGE);
          }
        });
        const {api, json} = connect(cmd);
        const answer = await bulkUserAction(api, action, ids);
        if (json) return printJson(answer);
        const failed = Array.isArray(answer.failed) ? (answer.failed as Array<{userId?: unknown; error?: unknown}>) : [];
        success(`${action} done for ${Array.isArray(answer.succeeded) ? answer.succeeded.length : 0} user(s)`);
        for (const f of failed) process.stderr.write(`failed: user ${String(f.userId)}: ${String(f.error)}\n`);
        if (failed.length > 0) process.exitCode = 1;
      }),
  policies: (group) => {
    for (const [name, member] of [['assign', true], ['unassign', false]] as const) {
      group
        .command(name)
        .description(member ? 'give a user a role' : 'take a role from a user')
        .argument('<role>', 'role id', numericId('role id'))
        .argument('<user>', 'user id', numericId('user id'))
        .action(async (...args: Args) => {
          const [role, user, , cmd] = args as [string, string, unknown, CommandUnknownOpts];
          await setRoleMembership(connect(cmd).api, role, user, member);
          success(member ? `Gave role ${role} to user ${user}` : `Took role ${role} from user ${user}`);
        });
    }
  },
  workbooks: (group) => {
    group
      .command('duplicate')
      .description('copy a workbook into the same folder and print the copy')
      .argument('<deployment>', 'deployment id', deploymentArg)
      .argument('<id>', 'workbook id', numericId('workbook id'))
      .action(async (...args: Args) => {
        const [deployment, workbook, , cmd] = args as [string, string, unknown, CommandUnknownOpts];
        printJson(await duplicateWorkbook(connect(cmd).api, deployment, workbook));
      });
    group
      .command('publish')
      .description("publish a workbook's dashboard and print it (its publicId is what `svc embed` takes)")
      .argument('<deployment>', 'deployment id', deploymentArg)
      .argument('<id>', 'workbook id', numericId('workbook id'))
      .option('--title <title>', 'dashboard title (default: the workbook name)')
      .option('--allow-embed', 'allow embedding right away')
      .action(async (...args: Args) => {
        const [deployment, workbook, opts, cmd] = args as [string, string, {title?: string; allowEmbed?: boolean}, CommandUnknownOpts];
        const extra = {...(opts.title !== undefined ? {title: opts.title} : {}), ...(opts.allowEmbed ? {allowEmbed: true} : {})};
        printJson(await publishWorkbook(connect(cmd).api, deployment, workbook, extra));
      });
  },
  attributes: (group) => {
    group
      .command('values')
      .description("a user's value of every attribute (default values where none is set)")
      .argument('<user>', 'user id', numericId('user id'))
      .action(async (...args: Args) => {
        const [user, , cmd] = args as [string, unknown, CommandUnknownOpts];
        const {api, json} = connect(cmd);
        const {values, raw} = await getAttributeValues(api, user);
        if (json) return printJson(raw);
        printTable(['ATTRIBUTE', 'NAME', 'TYPE', 'VALUE'], values.map((v) => [v.userAttributeId, v.name, v.type, v.value]));
      });
    group
      .command('set-value')
      .description("set a user's value of an attribute (VALUE is read as JSON when it parses, else as text)")
      .argument('<user>', 'user id', numericId('user id'))
      .argument('<attribute>', 'attribute id', numericId('attribute id'))
      .argument('<value>', 'the value')
      .action(async (...args: Args) => {
        const [user, attribute, text, , cmd] = args as [string, string, string, unknown, CommandUnknownOpts];
        let value: unknown = text;
        try {
          value = JSON.parse(text);
        } catch {
          // Plain text is a string value.
        }
        printJson(await setAttributeValue(connect(cmd).api, {userId: user, userAttributeId: attribute, value}));
      });
  },
};

function registerSingletons(program: Command): void {
  const tenant = program.command('tenant').description('tenant settings (maintenance window, audit log, support access, …)');
  tenant.command('get').description('print the tenant settings as JSON').action(async (_o, cmd) => printJson(await getTenantSettings(connect(cmd).api)));
  tenant
    .command('update')
    .description('change tenant settings (fields in --data; the others stay) and print them')
    .option(...DATA)
    .action(async (opts, cmd) => printJson(await updateTenantSettings(connect(cmd).api, await body(opts))));

  const app = program.command('app').description('the app theme and UI configuration');
  app.command('config').alias('theme').description('print the app configuration (theme, embedding, time zone) as JSON').action(async (_o, cmd) => printJson(await getAppConfig(connect(cmd).api)));

  const embed = program.command('embed').description('embedding of published dashboards');
  const publicId = (value: string) => {
    if (!/^[0-9A-Za-z]{12}$/.test(value)) throw new UserError(`dashboard public id must be 12 letters or digits (got \`${value}\`)`, EXIT_USAGE);
    return value;
  };
  embed.command('get').description('print a published dashboard as JSON').argument('<public-id>', 'dashboard public id').action(async (p, _o, cmd) => printJson(await getEmbeddedDashboard(connect(cmd).api, publicId(p))));
  for (const [name, allow] of [['enable-dashboard', true], ['disable-dashboard', false]] as const) {
    embed
      .command(name)
      .description(`${allow ? 'allow' : 'forbid'} embedding a published dashboard`)
      .argument('<public-id>', 'dashboard public id (see `svc workbooks publish`)')
      .action(async (p, _o, cmd) => {
        const {api, json} = connect(cmd);
        const answer = await setDashboardEmbedding(api, publicId(p), allow);
        if (json) return printJson(answer);
        success(`Embedding ${allow ? 'enabled' : 'disabled'} for dashboard ${p}`);
      });
  }

  const workspace = program.command('workspace').description('the workspace of a deployment: folders, workbooks and reports of one folder level');
  workspace
    .command('move')
    .description('move a folder, workbook or report into a folder (without --folder-id: to the top level)')
    .argument('<deployment>', 'deployment id', deploymentArg)
    .requiredOption('--type <type>', 'FOLDER, WORKBOOK or REPORT')
    .requiredOption('--id <id>', 'id of the object', numericId('--id'))
    .option('--folder-id <id>', 'the target folder', numericId('--folder-id'))
    .action(async (deployment, opts, cmd) => {
      const type = opts.type.toUpperCase();
      if (!['FOLDER', 'WORKBOOK', 'REPORT'].includes(type)) throw new UserError(`--type must be FOLDER, WORKBOOK or REPORT (got \`${opts.type}\`)`, EXIT_USAGE);
      printJson(await moveWorkspaceObject(connect(cmd).api, deployment, {id: Number(opts.id), type, folderId: opts.folderId === undefined ? null : Number(opts.folderId)}));
    });
  workspace
    .command('list')
    .alias('ls')
    .description('list workspace objects, newest change first')
    .argument('<deployment>', 'deployment id', deploymentArg)
    .option('--folder-id <id>', 'inside this folder (default: the top level)', numericId('--folder-id'))
    .option('--search <text>', 'only objects whose name contains this text')
    .option('--first <n>', 'page size (default 20)', positiveInt('--first'))
    .option('--after <cursor>', 'continue after this pageInfo.endCursor')
    .action(async (deployment, opts, cmd) => {
      const {api, json} = connect(cmd);
      const page = await listWorkspace(api, deployment, {folderId: opts.folderId, search: opts.search, first: opts.first, after: opts.after});
      printPage(page, [['TYPE', 'type'], ['ID', 'id'], ['NAME', 'name'], ['UPDATED', 'updatedAt']], json);
    });
}

function registerMeta(program: Command): void {
  program
    .command('meta')
    .description('describe cubes and views of deployments and branches chosen by selectors (table; --json prints the answer)')
    .requiredOption('--selectors <json>', 'JSON array, e.g. \'[{"type":"cube","deploymentId":1,"environment":"production"}]\'')
    .action(async (opts, cmd) => {
      let selectors: unknown;
      try {
        selectors = JSON.parse(opts.selectors);
      } catch (err) {
        throw new UserError(`--selectors is not valid JSON: ${(err as Error).message}`, EXIT_USAGE);
      }
      const {api, json} = connect(cmd);
      const {items, raw} = await describeMeta(api, selectors);
      if (json) return printJson(raw);
      const count = (v: unknown) => (Array.isArray(v) ? v.length : '');
      printTable(['DEPLOYMENT', 'ENVIRONMENT', 'TYPE', 'NAME', 'MEASURES', 'DIMENSIONS'], items.map((m) => [m.deploymentId, m.environment, m.type, m.name, count(m.measures), count(m.dimensions)]));
    });
}

export function registerObjectExtras(program: Command): void {
  registerSingletons(program);
  registerMeta(program);
}
