// `svc regions` and `svc api-keys …`.
import type {Command} from '@commander-js/extra-typings';
import {createApiKey, deleteApiKey, listApiKeys, listRegions} from '../api/account.js';
import {EXIT_USAGE, UserError, printJson, printTable, progress, success, say} from './output.js';
import {collect, connect, numericId, pageQuery, positiveInt} from './session.js';

export function registerRegions(program: Command): void {
  program
    .command('regions')
    .alias('region')
    .description('list the regions deployments can be created in')
    .option('--first <n>', 'page size (cursor paging)', positiveInt('--first'))
    .option('--after <cursor>', "continue after this cursor (the previous answer's pageInfo.endCursor)")
    .action(async (opts, cmd) => {
      const {api, json} = connect(cmd);
      const {regions, raw} = await listRegions(api, undefined, pageQuery(opts));
      if (json) return printJson(raw);
      printTable(['ID', 'NAME', 'TITLE', 'PROVIDER'], regions.map((r) => [r.id, r.name, r.title, r.provider]));
    });
}

const scope = (values: string[] | null) => (values === null ? 'all' : values.join(','));

export function registerApiKeys(program: Command): void {
  const group = program.command('api-keys').alias('api-key').description('list, create and delete API keys');

  group
    .command('list')
    .alias('ls')
    .description('list API keys (never their values)')
    .action(async (_opts, cmd) => {
      const {api, json} = connect(cmd);
      const {keys, raw} = await listApiKeys(api);
      if (json) return printJson(raw);
      printTable(
        ['ID', 'NAME', 'PREFIX', 'DEPLOYMENTS', 'PERMISSIONS', 'CREATED', 'KIND'],
        keys.map((k) => [k.id, k.name, k.prefix, scope(k.deploymentIds), scope(k.permissions), k.createdAt, k.kind]),
      );
    });

  group
    .command('create')
    .description('create an API key and print its value (shown only this once)')
    .option('--name <name>', 'a name to recognise the key by', 'svc')
    .option(
      '--deployment <id>',
      'limit the key to this deployment (repeat for more; default: all deployments)',
      collect(numericId('--deployment')),
    )
    .option('--permission <permission>', 'grant only this permission, e.g. DeploymentRead (repeat for more; default: all)', collect(String))
    .option('--scim', 'issue a SCIM token for an identity provider (valid only for `svc scim` and /api/scim/v2)')
    .option('--user <id>', 'the account user the key acts as (admins only; default: you)', numericId('--user'))
    .action(async (opts, cmd) => {
      if (opts.scim && (opts.deployment || opts.permission)) {
        throw new UserError('a SCIM token cannot be limited with --deployment or --permission', EXIT_USAGE);
      }
      if (opts.scim && opts.user) throw new UserError('a SCIM token cannot be given to another user with --user', EXIT_USAGE);
      const {api, json} = connect(cmd);
      const created = await createApiKey(api, {
        name: opts.name,
        ...(opts.deployment ? {deploymentIds: opts.deployment.map(Number)} : {}),
        ...(opts.permission ? {permissions: opts.permission} : {}),
        ...(opts.scim ? {scim: true} : {}),
        ...(opts.user ? {userId: Number(opts.user)} : {}),
      });
      if (json) return printJson(created.raw);
      say(`${created.key}\n`);
      const what = opts.scim ? 'SCIM token' : 'API key';
      progress(`Created ${what} ${created.item?.id ?? ''} \`${opts.name}\` — store it now: its value is not shown again`);
    });

  group
    .command('delete')
    .alias('rm')
    .description('delete an API key; requests made with it fail from then on')
    .argument('<id>', 'API key id (see `svc api-keys list`)', numericId('api key id'))
    .action(async (id, _opts, cmd) => {
      const {api} = connect(cmd);
      await deleteApiKey(api, id);
      success(`Deleted API key ${id}`);
    });
}
