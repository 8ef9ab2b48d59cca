// `svc login`, `svc logout`, `svc whoami`: saved credentials and who they belong to.
import type {Command} from '@commander-js/extra-typings';
import {getMe} from '../api/account.js';
import {createApi} from '../api/client.js';
import {normalizeBaseUrl} from '../lib/url.js';
import {envFlag} from '../lib/envFlag.js';
import {oauthClientFromEnv} from '../api/oauth.js';
import {deviceLogin, openBrowser, shouldOpenBrowser} from '../config/deviceLogin.js';
import {saveContext, signOutContext} from '../config/contexts.js';
import {readConfigFile} from '../config/file.js';
import {configPath} from '../config/paths.js';
import {authScheme} from '../config/resolve.js';
import {EXIT_USAGE, UserError, printJson, progress, success, say} from './output.js';
import {checkCredential, connect, globalOptions, readStdin} from './session.js';

interface Login {
  url: string;
  token: string;
  refreshToken?: string;
  email: string;
}

/** Who a new credential belongs to, checked before it is saved. */
const whoIs = (url: string, token: string, rejected: string): Promise<string> =>
  checkCredential(createApi({baseUrl: url, token, scheme: authScheme(token)}), rejected);

async function apiKeyLogin(url: string, flag: string): Promise<Login> {
  // `-` keeps the key out of the process list and shell history.
  const apiKey = (flag === '-' ? await readStdin() : flag).trim();
  if (apiKey === '') throw new UserError('--api-key must not be empty', EXIT_USAGE);
  return {url, token: apiKey, email: await whoIs(url, apiKey, 'the API key')};
}

async function browserLogin(url: string): Promise<Login> {
  const tokens = await deviceLogin(url, oauthClientFromEnv(), {
    out: (line) => say(`${line}\n`),
    status: progress,
    openBrowser: (target) => (shouldOpenBrowser() ? openBrowser(target) : Promise.resolve(false)),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => Date.now(),
  });
  // A generic sign-in address may hand back the tenant's own one.
  const tenant = tokens.tenantUrl ? normalizeBaseUrl(tokens.tenantUrl) : url;
  const login: Login = {url: tenant, token: tokens.accessToken, email: await whoIs(tenant, tokens.accessToken, 'the new access token')};
  if (tokens.refreshToken) login.refreshToken = tokens.refreshToken;
  return login;
}

const LOGIN_USAGE = 'usage: svc login --url <url> [--api-key <key>|-] [--name <context>] [--use]';

/** Whether a person is at a terminal to ask: both ends are terminals and CI is off (lib/envFlag.ts). */
export function canPrompt(env: NodeJS.ProcessEnv = process.env, stdinIsTty = process.stdin.isTTY === true, stdoutIsTty = process.stdout.isTTY === true): boolean {
  return stdinIsTty && stdoutIsTty && !envFlag(env.CI);
}

/** Asks for the tenant address, only when a person is at a terminal (never in CI or with piped stdin). */
async function promptUrl(): Promise<string | undefined> {
  if (!canPrompt()) return undefined;
  const {createInterface} = await import('node:readline/promises');
  const rl = createInterface({input: process.stdin, output: process.stdout});
  try {
    return (await rl.question('Tenant URL (e.g. https://acme.example.com): ')).trim();
  } finally {
    rl.close();
  }
}

export function register(program: Command): void {
  program
    .command('login')
    .description('sign in to a tenant (in the browser, or with --api-key) and save it as a context')
    .option('--url <url>', 'tenant address, e.g. https://acme.example.com (default: $SVC_API_URL)')
    .option('--api-key <key>', 'sign in with an API key instead of the browser, or - to read it from stdin (checked before it is saved)')
    .option('--name <context>', 'name of the context to save', 'default')
    .option('--use', 'make it the default context (what svc commands and svc ui use without --context)')
    .addHelpText(
      'after',
      `
Saving a context does not change the default context unless you ask (--use, or later \`svc context use <name>\`);
the first context saved becomes the default, as there is none to keep. The console's Contexts screen (a) follows
the same rule.

Without --api-key, svc prints a URL and a code, opens your browser when it can (only when stdout is a terminal,
CI is unset and SVC_NO_BROWSER is unset; otherwise open the URL yourself) and waits for you to approve. The
access token and refresh token are saved in the context; an expired access token is refreshed automatically.
OAuth client settings: SVC_OAUTH_CLIENT_ID (default svc-cli), SVC_OAUTH_CLIENT_SECRET, SVC_OAUTH_SCOPE.`,
    )
    .action(async (opts) => {
      const rawUrl = opts.url ?? process.env.SVC_API_URL ?? (await promptUrl());
      if (rawUrl === undefined || rawUrl.trim() === '') {
        throw new UserError(`--url is required: the tenant address, e.g. https://acme.example.com\n${LOGIN_USAGE}`, EXIT_USAGE);
      }
      if (opts.name.trim() === '') throw new UserError('--name must not be empty', EXIT_USAGE);
      const url = normalizeBaseUrl(rawUrl);
      const login = opts.apiKey === undefined ? await browserLogin(url) : await apiKeyLogin(url, opts.apiKey);
      const saved = await saveContext(opts.name, {url: login.url, api_key: login.token, ...(login.refreshToken ? {refresh_token: login.refreshToken} : {})}, {use: opts.use === true});
      const who = login.email === '' ? 'Logged in (the tenant does not say as whom)' : `Logged in as ${login.email}`;
      const kept = saved.defaultContext === opts.name ? '' : `; the default context stays \`${saved.defaultContext}\` (\`svc context use ${opts.name}\` or --use switches)`;
      success(`${who} (context \`${opts.name}\`, saved to ${saved.path})${kept}`);
    });

  program
    .command('logout')
    .description(
      'forget the saved credentials of a context (default: the current one); a browser sign-in is also ended at its service ' +
        '(token revocation, where the service offers it); an API key is only forgotten',
    )
    .option('--name <context>', 'context to remove')
    .action(async (opts, cmd) => {
      const name = opts.name ?? globalOptions(cmd).context ?? readConfigFile(configPath()).default_context ?? 'default';
      const {removed, revocation} = await signOutContext(name, oauthClientFromEnv());
      success(removed ? `Removed context \`${name}\`` : `No saved credentials for context \`${name}\``);
      if (revocation?.revoked) success('Signed out: the service revoked the sign-in');
      else if (revocation) progress(`warning: the sign-in was not revoked (${revocation.reason}); its refresh token stays valid until it expires`);
    });

  program
    .command('whoami')
    .description('show the user the current credentials belong to')
    .action(async (_opts, cmd) => {
      const {api, json} = connect(cmd);
      const me = await getMe(api);
      if (json) return printJson(me.raw);
      if (me.email === '') return say(`the credential works, but ${api.baseUrl} does not say whom it belongs to\n`);
      const lines = [me.username ? `${me.email} (${me.username})` : me.email, `id: ${me.id}`];
      if (me.isAdmin) lines.push('role: admin');
      say(`${lines.join('\n')}\n`);
    });
}
