// `svc environments …`: list a deployment's environments, issue metadata-API tokens for one, and list and issue its
// environment tokens (a token value is printed once, when issued; listings show only its last characters).
import {Option, type Command} from '@commander-js/extra-typings';
import {createEnvironmentToken, createMetaSyncToken, listEnvironmentTokens, listEnvironments} from '../api/environments.js';
import {EXIT_USAGE, printJson, printMore, printTable, say, UserError} from './output.js';
import {collect, connect, deploymentArgument, nonNegativeInt, numericId, pageQuery, positiveInt, readJsonObject} from './session.js';

const ENVIRONMENT_TYPES = ['production', 'staging', 'development'] as const;

export function register(program: Command): void {
  const group = program
    .command('environments')
    .aliases(['environment', 'envs'])
    .description("list a deployment's environments and issue metadata and environment tokens for them");

  group
    .command('list')
    .alias('ls')
    .description('list the environments of a deployment (table; --json prints the raw answer)')
    .addArgument(deploymentArgument())
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
      printMore(list.raw, list.environments.length, {cursor: opts.first !== undefined || opts.after !== undefined});
    });

  group
    .command('token')
    .description("issue a JWT for the environment's metadata API and print it (--json prints the whole answer)")
    .addArgument(deploymentArgument())
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

  group
    .command('tokens')
    .description('list the tokens issued for an environment, newest first (values redacted; --json prints the raw answer)')
    .addArgument(deploymentArgument())
    .argument('<environment>', 'environment id (see `svc environments list`)', numericId('environment id'))
    .option('--first <n>', 'page size (default 20)', positiveInt('--first'))
    .option('--after <cursor>', 'page after this cursor (pageInfo.endCursor of the previous page)')
    .option('--offset <n>', 'skip this many tokens', nonNegativeInt('--offset'))
    .option('--limit <n>', 'return at most this many (default 20)', positiveInt('--limit'))
    .action(async (deployment, environment, opts, cmd) => {
      const {api, json} = connect(cmd);
      const list = await listEnvironmentTokens(api, deployment, environment, {offset: opts.offset, limit: opts.limit, ...pageQuery(opts)});
      if (json) return printJson(list.raw);
      printTable(
        ['TOKEN', 'SCOPES', 'SECURITY CONTEXT', 'CREATED', 'EXPIRES'],
        list.tokens.map((t) => [t.token, (t.scopes ?? []).join(','), JSON.stringify(t.security_context ?? {}), t.created_at ?? '', t.expires_at ?? '']),
      );
    });

  group
    .command('create-token')
    .description('issue a token for the environment\'s data and/or metadata API and print it once (--json prints the whole answer)')
    .addArgument(deploymentArgument())
    .argument('<environment>', 'environment id (see `svc environments list`)', numericId('environment id'))
    .requiredOption('--security-context <json>', 'security context embedded in the token: a JSON object, @file.json or - for stdin')
    .option('--expires-in <seconds>', 'token lifetime in seconds, 1..3600 (default 3600; 86400 with --meta-sync)', positiveInt('--expires-in'))
    .option('--scope <scope>', 'what the token opens: data or meta (repeat for both; default both)', collect((v: string) => v))
    .option('--meta-sync', 'issue a metadata-sync token instead (same as `svc environments token`)')
    .action(async (deployment, environment, opts, cmd) => {
      if (opts.metaSync && opts.scope !== undefined) throw new UserError('--scope cannot be combined with --meta-sync: a metadata-sync token opens the metadata API only', EXIT_USAGE);
      for (const scope of opts.scope ?? []) if (scope.trim() === '') throw new UserError('--scope: an empty value names no scope; pass data or meta', EXIT_USAGE);
      const securityContext = await readJsonObject('--security-context', opts.securityContext);
      const {api, json} = connect(cmd);
      const body = {security_context: securityContext, ...(opts.expiresIn !== undefined && {expires_in: opts.expiresIn})};
      const result = opts.metaSync
        ? await createMetaSyncToken(api, deployment, environment, body)
        : await createEnvironmentToken(api, deployment, environment, {...body, ...(opts.scope !== undefined && {scopes: opts.scope})});
      if (json) return printJson(result.raw);
      say(`${result.token}\n`);
    });
}
