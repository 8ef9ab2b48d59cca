// `svc oidc`: OIDC token configurations (audience, subject format, target environment variable).
import type {Command} from '@commander-js/extra-typings';
import {createOidcConfig, deleteOidcConfig, getOidcConfig, listOidcConfigs, updateOidcConfig} from '../api/integrations.js';
import {refused} from './integrations.js';
import {printJson, printTable, success} from './output.js';
import {connect, numericId, readJsonObject} from './session.js';

const DATA_HELP = 'request body: inline JSON, @file.json or - for stdin';

export function register(program: Command): void {
  const group = program.command('oidc').description('OIDC token configs: identity tokens the platform issues to deployments');

  group
    .command('list')
    .alias('ls')
    .description('list OIDC token configs')
    .action(async (_opts, cmd) => {
      const {api, json} = connect(cmd);
      const {configs, raw} = await listOidcConfigs(api);
      if (json) return printJson(raw);
      printTable(
        ['ID', 'NAME', 'AUDIENCE', 'ENABLED', 'ENV VAR'],
        configs.map((c) => [c.id, c.name, c.audience, c.isEnabled ? 'yes' : 'no', c.targetEnvVar]),
      );
    });

  group
    .command('get')
    .description('show an OIDC token config as JSON')
    .argument('<id>', 'config id', numericId('config id'))
    .action(async (id, _opts, cmd) => printJson((await getOidcConfig(connect(cmd).api, id)).raw));

  group
    .command('create')
    .description('create an OIDC token config (audienceType default|custom, customAudience, name, subFormat, targetEnvVar, …)')
    .requiredOption('-d, --data <json>', DATA_HELP)
    .action(async (opts, cmd) => printJson((await createOidcConfig(connect(cmd).api, await readJsonObject('--data', opts.data))).raw));

  group
    .command('update')
    .description('update an OIDC token config: given fields replace stored ones, null clears optional ones')
    .argument('<id>', 'config id', numericId('config id'))
    .requiredOption('-d, --data <json>', DATA_HELP)
    .action(async (id, opts, cmd) => printJson((await updateOidcConfig(connect(cmd).api, id, await readJsonObject('--data', opts.data))).raw));

  group
    .command('delete')
    .alias('rm')
    .description('delete an OIDC token config')
    .argument('<id>', 'config id', numericId('config id'))
    .action(async (id, _opts, cmd) => {
      if (refused(await deleteOidcConfig(connect(cmd).api, id))) throw new Error(`the service answered that OIDC token config ${id} was not deleted`);
      success(`Deleted OIDC token config ${id}`);
    });
}
