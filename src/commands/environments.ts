// `svc environments …`: list a deployment's environments and issue metadata-API tokens for one.
import {Option, type Command} from '@commander-js/extra-typings';
import {createMetaSyncToken, listEnvironments} from '../api/environments.js';
import {printJson, printTable, say} from './output.js';
import {connect, nonNegativeInt, numericId, pageQuery, positiveInt, readJsonObject} from './session.js';

const ENVIRONMENT_TYPES = ['production', 'staging', 'development'] as const;

export function register(program: Command): void {
  const group = program
    .command('environments')
    .aliases(['environment', 'envs'])
    .description("list a deployment's environments and issue metadata tokens for them");

  group
    .command('list')
    .alias('ls')
    .description('list the environments of a deployment (table; --json prints the raw answer)')
    .argument('<deployment>', 'deployment id', numericId('deployment id'))
    .addOption(new Option('--type <type>', 'only environments of this type').choices(ENVIRONMENT_TYPES))
    .option('--offset <n>', 'skip this many environments', nonNegativeInt('--offset'))
    .option('--limit <n>', 'return at most this many (default 20)', positiveInt('--limit'))
    .option('--first <n>', 'page size (cursor paging)', positiveInt('--first'))
    .option('--after <cursor>', "continue after this cursor (the previous answer's pageInfo.endCursor)")
    .action(async (deployment, opts, cmd) => {
      const {api, json} = connect(cmd);
      const list = await listEnvironments(api, deployment, {type: opts.type, offset: opts.offset, limit: opts.limit, ...pageQuery(opts)});
      if (json) return printJson(list.raw);
      printTable(
        ['ID', 'NAME', 'TYPE', 'REST URL', 'SQL'],
        list.environments.map((e) => [
          e.id,
          e.name,
          e.type,
          e.restUrl,
          e.sqlHost === undefined ? '' : `${e.sqlHost}${e.sqlPort === undefined ? '' : `:${e.sqlPort}`}`,
        ]),
      );
    });

  group
    .command('token')
    .description("issue a JWT for the environment's metadata API and print it (--json prints the whole answer)")
    .argument('<deployment>', 'deployment id', numericId('deployment id'))
    .argument('<environment>', 'environment id (see `svc environments list`)', numericId('environment id'))
    .requiredOption(
      '--security-context <json>',
      'security context embedded in the token: a JSON object, @file.json or - for stdin',
    )
    .option('--expires-in <seconds>', 'token lifetime in seconds (default 86400)', positiveInt('--expires-in'))
    .action(async (deployment, environment, opts, cmd) => {
      const securityContext = await readJsonObject('--security-context', opts.securityContext);
      const {api, json} = connect(cmd);
      const result = await createMetaSyncToken(api, deployment, environment, {
        security_context: securityContext,
        ...(opts.expiresIn !== undefined ? {expires_in: opts.expiresIn} : {}),
      });
      if (json) return printJson(result.raw);
      say(`${result.token}\n`);
    });
}
