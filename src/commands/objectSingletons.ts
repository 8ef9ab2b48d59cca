// Object groups that are not CRUD at all: tenant settings, the app config, embed, workspace and meta.
import {Option, type Command} from '@commander-js/extra-typings';
import {
  bulkWorkspace,
  describeMeta,
  getAppConfig,
  getEmbeddedDashboard,
  getTenantSettings,
  listWorkspace,
  moveWorkspaceObject,
  setDashboardEmbedding,
  updateTenantSettings,
} from '../api/objectOps.js';
import {body, DATA, printPage} from './objectOps.js';
import {EXIT_USAGE, UserError, printJson, printTable, success, sayErr, sayNotOffered} from './output.js';
import {connect, deploymentArgument, numericId, positiveInt} from './session.js';

function registerSingletons(program: Command): void {
  const tenant = program.command('tenant').description('tenant settings (maintenance window, audit log, support access, …)');
  tenant.command('get').description('print the tenant settings as JSON').action(async (_o, cmd) => printJson(await getTenantSettings(connect(cmd).api)));
  tenant
    .command('update')
    .description('change tenant settings (fields in --data; the others stay) and print them')
    .option(...DATA)
    .action(async (opts, cmd) => printJson(await updateTenantSettings(connect(cmd).api, await body(opts))));

  const app = program.command('app').description('the app theme and UI configuration');
  sayNotOffered(app, 'the platform API only reads the app configuration (GET /api/v1/app-config); it has no operation to change the theme or these settings, which are set in the web app.');
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
    .addArgument(deploymentArgument())
    .addOption(new Option('--type <type>', 'kind of object (any case)').choices(['FOLDER', 'WORKBOOK', 'REPORT'] as const).makeOptionMandatory())
    .requiredOption('--id <id>', 'id of the object', numericId('--id'))
    .option('--folder-id <id>', 'the target folder', numericId('--folder-id'))
    .action(async (deployment, opts, cmd) => {
      const type = opts.type;
      printJson(await moveWorkspaceObject(connect(cmd).api, deployment, {id: Number(opts.id), type, folderId: opts.folderId === undefined ? null : Number(opts.folderId)}));
    });
  for (const op of ['bulk-delete', 'bulk-move'] as const) {
    workspace
      .command(op)
      .description(op === 'bulk-delete' ? 'delete several objects: -d \'{"items":[{"id":1,"type":"REPORT"}]}\'' : 'move several objects: -d \'{"folderId":2,"items":[{"id":1,"type":"REPORT"}]}\'')
      .addArgument(deploymentArgument())
      .option(...DATA)
      .action(async (deployment, opts, cmd) => {
        const {api, json} = connect(cmd);
        const answer = await bulkWorkspace(api, deployment, op, await body(opts));
        if (json) return printJson(answer);
        const done = answer[op === 'bulk-delete' ? 'deleted' : 'moved'];
        const failed = Array.isArray(answer.failed) ? (answer.failed as Array<{id?: unknown; type?: unknown; error?: {message?: unknown}}>) : [];
        success(`${op === 'bulk-delete' ? 'Deleted' : 'Moved'} ${Array.isArray(done) ? done.length : 0} object(s)`);
        for (const f of failed) sayErr(`failed: ${String(f.type)} ${String(f.id)}: ${String(f.error?.message)}\n`);
        if (failed.length > 0) process.exitCode = 1;
      });
  }
  workspace
    .command('list')
    .alias('ls')
    .description('list workspace objects, newest change first')
    .addArgument(deploymentArgument())
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

export function registerObjectSingletons(program: Command): void {
  registerSingletons(program);
  registerMeta(program);
}
