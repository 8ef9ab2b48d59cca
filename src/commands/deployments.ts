// `svc deployments …`: list, get, create, update, delete, settings, versions, token.
import {Option, type Command} from '@commander-js/extra-typings';
import {
  CLOUD_PROVIDERS,
  CREATION_STEPS,
  DEPLOYMENT_DEFAULTS,
  createDeployment,
  createDeploymentToken,
  deleteDeployment,
  getDeployment,
  getDeploymentSettings,
  listDeployments,
  listVersions,
  updateDeployment,
} from '../api/deployments.js';
import {EXIT_USAGE, UserError, printJson, printMore, printTable, success, say} from './output.js';
import {connect, deploymentArgument, nonNegativeInt, pageQuery, positiveInt, readJsonObject} from './session.js';
import {registerBuildStatus} from './buildStatus.js';
import {registerCreationSteps} from './github.js';

/** Adds the `deployments` group and returns it, so other files can add subcommands (build-status). */
export function register(program: Command): Command {
  const group = program
    .command('deployments')
    .alias('deployment')
    .description('list, inspect, create, change and delete deployments');

  group
    .command('list')
    .alias('ls')
    .description('list the deployments this credential can see (table; --json prints the raw answer)')
    .option('--offset <n>', 'skip this many deployments', nonNegativeInt('--offset'))
    .option('--limit <n>', 'return at most this many (default 20)', positiveInt('--limit'))
    .option('--first <n>', 'page size (cursor paging; not with --offset/--limit)', positiveInt('--first'))
    .option('--after <cursor>', "continue after this cursor (the previous answer's pageInfo.endCursor)")
    .action(async (opts, cmd) => {
      const {api, json} = connect(cmd);
      const list = await listDeployments(api, {offset: opts.offset, limit: opts.limit, ...pageQuery(opts)});
      if (json) return printJson(list.raw);
      printTable(
        ['ID', 'NAME', 'URL', 'STEP', 'CREATED'],
        list.deployments.map((d) => [d.id, d.name, d.deploymentUrl, d.creationStep, d.created_at]),
      );
      printMore(list.raw, list.deployments.length, {cursor: opts.first !== undefined || opts.after !== undefined});
    });

  group
    .command('get')
    .description('print one deployment as JSON')
    .addArgument(deploymentArgument())
    .action(async (id, _opts, cmd) => {
      const {api} = connect(cmd);
      printJson(await getDeployment(api, id));
    });

  group
    .command('create')
    .description('create a deployment and print it as JSON')
    .option('--name <name>', 'deployment name')
    .option('--region <region>', 'region name (see `svc regions`)')
    .addOption(new Option('--cloud-provider <provider>', 'cloud provider').choices(CLOUD_PROVIDERS).default(DEPLOYMENT_DEFAULTS.cloudProvider))
    .option('--target-platform <platform>', 'platform the deployment runs on', DEPLOYMENT_DEFAULTS.targetPlatform)
    .option('--unmanaged', 'create a self-managed deployment (isManaged: false)')
    .addOption(new Option('--creation-step <step>', 'creation step to start at').choices(CREATION_STEPS).default(DEPLOYMENT_DEFAULTS.creationStep))
    .option('-d, --data <json>', 'request body fields: inline JSON, @file.json or - for stdin (overrides the flags)')
    .action(async (opts, cmd) => {
      const data = opts.data === undefined ? {} : await readJsonObject('--data', opts.data);
      if (opts.targetPlatform.trim() === '') throw new UserError('--target-platform must not be empty', EXIT_USAGE);
      const body: Record<string, unknown> = {
        ...(opts.name !== undefined ? {name: opts.name} : {}),
        ...(opts.region !== undefined ? {region: opts.region} : {}),
        cloudProvider: opts.cloudProvider,
        isManaged: opts.unmanaged !== true,
        targetPlatform: opts.targetPlatform.trim(),
        creationStep: opts.creationStep,
        ...data,
      };
      for (const field of ['name', 'region']) {
        if (body[field] === undefined) throw new UserError(`--${field} is required (or provide it via --data)`, EXIT_USAGE);
      }
      printJson(await createDeployment(connect(cmd).api, body));
    });

  group
    .command('update')
    .description('change a deployment (version, release channel, settings) and print the result as JSON')
    .addArgument(deploymentArgument())
    .option('-d, --data <json>', 'request body fields: inline JSON, @file.json or - for stdin')
    .option('--name <name>', 'rename the deployment')
    .option(
      '--release-channel-version <version>',
      'switch to this version: 1.2.3, v1.2.3 or <image>:v1.2.3 (see `svc deployments versions`)',
    )
    .addOption(
      new Option('--release-channel <channel>', "move to this channel's latest version").choices(['latest', 'release'] as const),
    )
    .action(async (id, opts, cmd) => {
      const body: Record<string, unknown> = opts.data === undefined ? {} : await readJsonObject('--data', opts.data);
      if (opts.releaseChannelVersion !== undefined) {
        if (opts.releaseChannelVersion.trim() === '') throw new UserError('--release-channel-version must not be empty', EXIT_USAGE);
        body.releaseChannelVersion = opts.releaseChannelVersion.trim();
      }
      if (opts.releaseChannel !== undefined) body.releaseChannel = opts.releaseChannel;
      if (opts.name !== undefined) {
        if (opts.name.trim() === '') throw new UserError('--name must not be empty', EXIT_USAGE);
        body.name = opts.name.trim();
      }
      if (Object.keys(body).length === 0) {
        throw new UserError('nothing to update: pass --name, --release-channel-version, --release-channel or --data', EXIT_USAGE);
      }
      printJson(await updateDeployment(connect(cmd).api, id, body));
    });

  group
    .command('delete')
    .alias('rm')
    .description('delete a deployment')
    .addArgument(deploymentArgument())
    .action(async (id, _opts, cmd) => {
      const {api} = connect(cmd);
      if (!(await deleteDeployment(api, id))) throw new Error(`the service answered that deployment ${id} was not deleted`);
      success(`Deleted deployment ${id}`);
    });

  group
    .command('settings')
    .description('print every setting of a deployment as JSON, version and release channel included')
    .addArgument(deploymentArgument())
    .action(async (id, _opts, cmd) => {
      const {api} = connect(cmd);
      printJson(await getDeploymentSettings(api, id));
    });

  group
    .command('versions')
    .description('list the versions a deployment can switch to (CHANNEL VERSION is the value for --release-channel-version)')
    .addArgument(deploymentArgument())
    .option('--first <n>', 'page size (cursor paging)', positiveInt('--first'))
    .option('--after <cursor>', "continue after this cursor (the previous answer's pageInfo.endCursor)")
    .action(async (id, opts, cmd) => {
      const {api, json} = connect(cmd);
      const {versions, raw} = await listVersions(api, id, undefined, pageQuery(opts));
      if (json) return printJson(raw);
      printTable(
        ['VERSION', 'CHANNEL', 'LATEST', 'CURRENT', 'CHANNEL VERSION'],
        versions.map((v) => [v.version, v.releaseChannel, v.isLatestInChannel ? 'yes' : '', v.isCurrent ? '*' : '', v.releaseChannelVersion]),
      );
    });

  group
    .command('token')
    .description("issue a token for the deployment's data API and print it (--json prints the whole answer)")
    .addArgument(deploymentArgument())
    .action(async (id, _opts, cmd) => {
      const {api, json} = connect(cmd);
      const {token, raw} = await createDeploymentToken(api, id);
      if (json) return printJson(raw);
      say(`${token}\n`);
    });

  registerBuildStatus(group);
  registerCreationSteps(group);
  return group;
}
