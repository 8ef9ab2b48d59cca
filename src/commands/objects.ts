// Command groups of the account and workspace objects, built from ONE table (api/objects.ts OBJECT_GROUPS):
// each group gets `list|get|create -d|update ID -d|delete ID` for the operations the API defines for it.
// Special operations (tenant settings, app config, embed, workspace, publish, attribute values) follow. This
// file also registers logs, variables and github, so program.ts needs one line for all of part 4 and 5.
import type {Command, CommandUnknownOpts} from '@commander-js/extra-typings';
import {
  createObject,
  deleteObject,
  describeMeta,
  getAppConfig,
  getAttributeValues,
  getEmbeddedDashboard,
  getObject,
  getTenantSettings,
  listObjects,
  listWorkspace,
  OBJECT_GROUPS,
  publishWorkbook,
  setAttributeValue,
  setDashboardEmbedding,
  updateObject,
  updateTenantSettings,
  type ObjectGroup,
  type ObjectPage,
} from '../api/objects.js';
import {register as registerGithub} from './github.js';
import {register as registerLogs} from './logs.js';
import {EXIT_USAGE, UserError, printJson, printTable, success} from './output.js';
import {connect, numericId, positiveInt, readJsonObject} from './session.js';
import {register as registerVariables} from './variables.js';

type Args = unknown[];
const deploymentArg = numericId('deployment id');
const DATA = ['-d, --data <json>', 'request body: inline JSON, @file.json or - for stdin'] as const;

/** Adds the group's scope argument (deployment or embed tenant) when it has one. */
function withScope(cmd: CommandUnknownOpts, group: ObjectGroup): CommandUnknownOpts {
  if (group.scope === 'deployment') return cmd.argument('<deployment>', 'deployment id', deploymentArg);
  if (group.scope === 'embed tenant') return cmd.argument('<tenant>', 'embed tenant name');
  return cmd;
}

/** Splits commander's action arguments: positional values, then options, then the command. */
function parts(group: ObjectGroup, args: Args): {scope?: string; rest: string[]; opts: Record<string, unknown>; cmd: CommandUnknownOpts} {
  const cmd = args.at(-1) as CommandUnknownOpts;
  const opts = args.at(-2) as Record<string, unknown>;
  const values = args.slice(0, -2) as string[];
  return group.scope ? {scope: values[0], rest: values.slice(1), opts, cmd} : {rest: values, opts, cmd};
}

function cell(value: unknown): unknown {
  if (Array.isArray(value)) return String(value.length);
  return value;
}

function printPage(page: ObjectPage, columns: Array<[string, string]>, json: boolean): void {
  if (json) return printJson(page.raw);
  printTable(columns.map(([h]) => h), page.items.map((item) => columns.map(([, field]) => cell(item[field]))));
  if (page.hasNextPage && page.endCursor) process.stderr.write(`more: --after ${page.endCursor}\n`);
}

async function body(opts: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (typeof opts.data !== 'string') throw new UserError('--data is required (inline JSON, @file.json or - for stdin)', EXIT_USAGE);
  return readJsonObject('--data', opts.data);
}

function buildGroup(program: Command, group: ObjectGroup): void {
  const root = program.command(group.command).aliases(group.aliases ?? []).description(group.description) as unknown as CommandUnknownOpts;
  const ops = new Set(group.operations);
  const id = numericId(`${group.noun} id`);
  if (ops.has('list')) {
    const list = withScope(root.command('list').alias('ls').description(`list ${group.description} (table; --json prints the raw answer)`), group)
      .option('--first <n>', 'page size (default 20)', positiveInt('--first'))
      .option('--after <cursor>', 'continue after this pageInfo.endCursor');
    for (const [flag, f] of Object.entries(group.filters ?? {})) list.option(`--${flag} <value>`, f.description);
    list.action(async (...args: Args) => {
      const {scope, opts, cmd} = parts(group, args);
      const {api, json} = connect(cmd);
      const query: Record<string, string | number | undefined> = {first: opts.first as number | undefined, after: opts.after as string | undefined};
      for (const [flag, f] of Object.entries(group.filters ?? {})) {
        const value = opts[flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())];
        if (typeof value === 'string') query[f.param] = value;
      }
      printPage(await listObjects(api, group, scope, query), group.columns, json);
    });
  }
  if (ops.has('get')) {
    withScope(root.command('get').description(`print one ${group.noun} as JSON`), group)
      .argument('<id>', `${group.noun} id`, id)
      .action(async (...args: Args) => {
        const {scope, rest, cmd} = parts(group, args);
        printJson(await getObject(connect(cmd).api, group, scope, rest[0]!));
      });
  }
  if (ops.has('create')) {
    withScope(root.command('create').description(`create a ${group.noun} from --data and print it as JSON`), group)
      .option(...DATA)
      .action(async (...args: Args) => {
        const {scope, opts, cmd} = parts(group, args);
        const data = await body(opts);
        printJson(await createObject(connect(cmd).api, group, scope, data));
      });
  }
  if (ops.has('update')) {
    withScope(root.command('update').description(`change a ${group.noun} (fields in --data; the others stay) and print it`), group)
      .argument('<id>', `${group.noun} id`, id)
      .option(...DATA)
      .action(async (...args: Args) => {
        const {scope, rest, opts, cmd} = parts(group, args);
        const data = await body(opts);
        printJson(await updateObject(connect(cmd).api, group, scope, rest[0]!, data));
      });
  }
  if (ops.has('delete')) {
    withScope(root.command('delete').alias('rm').description(`delete a ${group.noun}`), group)
      .argument('<id>', `${group.noun} id`, id)
      .action(async (...args: Args) => {
        const {scope, rest, cmd} = parts(group, args);
        await deleteObject(connect(cmd).api, group, scope, rest[0]!);
        success(`Deleted ${group.noun} ${rest[0]}`);
      });
  }
  SPECIALS[group.command]?.(root);
}

/** Operations beyond CRUD, attached to the groups the table built. */
const SPECIALS: Record<string, (group: CommandUnknownOpts) => void> = {
  workbooks: (group) =>
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
      }),
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

  program
    .command('workspace')
    .description('the workspace of a deployment: folders, workbooks and reports of one folder level')
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

export function register(program: Command): void {
  registerLogs(program);
  registerVariables(program);
  registerGithub(program);
  for (const group of OBJECT_GROUPS) buildGroup(program, group);
  registerSingletons(program);
  registerMeta(program);
}
