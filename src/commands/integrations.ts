// `svc integrations` (aliases `integration`, `oauth`): OAuth integrations, and the caller's tokens for them
// (`tokens list|get|revoke|initiate`). Token records never carry token values, so nothing secret is printed.
import type {Command} from '@commander-js/extra-typings';
import {
  createIntegration,
  deleteIntegration,
  getIntegration,
  getUserToken,
  initiateUserToken,
  listIntegrations,
  listUserTokens,
  revokeUserToken,
  updateIntegration,
} from '../api/integrations.js';
import {asRecord} from '../api/read.js';
import {openBrowser, shouldOpenBrowser} from '../config/deviceLogin.js';
import {printJson, printTable, progress, success, say} from './output.js';
import {connect, numericId, readJsonObject} from './session.js';

const DATA_HELP = 'request body: inline JSON, @file.json or - for stdin';

/** Deletes answer `{success: true}`, an empty body or the deleted record; only an explicit false is a refusal. */
export function refused(answer: unknown): boolean {
  return asRecord(answer)?.success === false;
}

export function register(program: Command): void {
  const group = program
    .command('integrations')
    .aliases(['integration', 'oauth'])
    .description('OAuth integrations with third-party providers, and your tokens for them');

  group
    .command('list')
    .alias('ls')
    .description('list OAuth integrations (never client secrets)')
    .action(async (_opts, cmd) => {
      const {api, json} = connect(cmd);
      const {integrations, raw} = await listIntegrations(api);
      if (json) return printJson(raw);
      printTable(['ID', 'NAME', 'TYPE', 'CLIENT ID', 'SCOPES'], integrations.map((i) => [i.id, i.name, i.type, i.clientId, i.scopes.join(' ')]));
    });

  group
    .command('get')
    .description('show an OAuth integration as JSON')
    .argument('<id>', 'integration id', numericId('integration id'))
    .action(async (id, _opts, cmd) => printJson((await getIntegration(connect(cmd).api, id)).raw));

  group
    .command('create')
    .description('create an OAuth integration (name, type, authUrl, tokenUrl, clientId, clientSecret, redirectUri, scopes)')
    .requiredOption('-d, --data <json>', DATA_HELP)
    .action(async (opts, cmd) => {
      const body = await readJsonObject('--data', opts.data);
      printJson((await createIntegration(connect(cmd).api, body)).raw);
    });

  group
    .command('update')
    .description('replace an OAuth integration (an omitted clientSecret keeps the stored one)')
    .argument('<id>', 'integration id', numericId('integration id'))
    .requiredOption('-d, --data <json>', DATA_HELP)
    .action(async (id, opts, cmd) => {
      const body = await readJsonObject('--data', opts.data);
      printJson((await updateIntegration(connect(cmd).api, id, body)).raw);
    });

  group
    .command('delete')
    .alias('rm')
    .description("delete an OAuth integration and every user's token for it")
    .argument('<id>', 'integration id', numericId('integration id'))
    .action(async (id, _opts, cmd) => {
      if (refused(await deleteIntegration(connect(cmd).api, id))) throw new Error(`the service answered that integration ${id} was not deleted`);
      success(`Deleted OAuth integration ${id}`);
    });

  registerTokens(group);
}

function registerTokens(group: Command): void {
  const tokens = group.command('tokens').alias('token').description('your OAuth tokens, one per integration (never their values)');

  tokens
    .command('list')
    .alias('ls')
    .description('list your OAuth tokens')
    .action(async (_opts, cmd) => {
      const {api, json} = connect(cmd);
      const {tokens: rows, raw} = await listUserTokens(api);
      if (json) return printJson(raw);
      printTable(['ID', 'INTEGRATION', 'STATUS', 'EXPIRES'], rows.map((t) => [t.id, t.integrationId, t.status, t.accessTokenExpiresAt]));
    });

  tokens
    .command('get')
    .description('show your token record for an integration as JSON')
    .argument('<integration>', 'integration id', numericId('integration id'))
    .action(async (id, _opts, cmd) => printJson((await getUserToken(connect(cmd).api, id)).raw));

  tokens
    .command('revoke')
    .description('revoke your token for an integration')
    .argument('<integration>', 'integration id', numericId('integration id'))
    .action(async (id, _opts, cmd) => {
      if (refused(await revokeUserToken(connect(cmd).api, id))) throw new Error(`the service answered that the token for integration ${id} was not revoked`);
      success(`Revoked your OAuth token for integration ${id}`);
    });

  tokens
    .command('initiate')
    .description('start connecting to an integration: prints the provider URL to open in a browser')
    .argument('<integration>', 'integration id', numericId('integration id'))
    .action(async (id, _opts, cmd) => {
      const {api, json} = connect(cmd);
      const {authorizationUrl, raw} = await initiateUserToken(api, id);
      if (json || authorizationUrl === undefined) return printJson(raw);
      say(`To connect integration ${id}, open the following URL in your browser:\n  ${authorizationUrl}\n`);
      if (shouldOpenBrowser() && (await openBrowser(authorizationUrl))) progress('Opened your browser automatically…');
    });
}
