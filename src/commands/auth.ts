// `svc login`, `svc logout`, `svc whoami`: saved credentials and who they belong to.
import type {Command} from '@commander-js/extra-typings';
import {getMe} from '../api/account.js';
import {ApiError, createApi} from '../api/client.js';
import {normalizeBaseUrl} from '../api/url.js';
import {authSchemeFromEnv} from '../config/resolve.js';
import {EXIT_USAGE, UserError, printJson, success} from './output.js';
import {connect, globalOptions, readStdin} from './session.js';

/** conf (and ajv behind it) is loaded only by the commands that write the config. */
const openStore = async () => new (await import('../config/store.js')).ConfigStore();

export function register(program: Command): void {
  program
    .command('login')
    .description('save credentials for a tenant as a named context and make it the default')
    .option('--url <url>', 'tenant address, e.g. https://acme.example.com (default: $SVC_API_URL)')
    .option('--api-key <key>', 'API key to sign in with, or - to read it from stdin (checked against the tenant before it is saved)')
    .option('--name <context>', 'name of the context to save', 'default')
    .action(async (opts) => {
      const rawUrl = opts.url ?? process.env.SVC_API_URL;
      if (rawUrl === undefined || rawUrl.trim() === '') {
        throw new UserError('--url is required: the tenant address, e.g. https://acme.example.com', EXIT_USAGE);
      }
      if (opts.name.trim() === '') throw new UserError('--name must not be empty', EXIT_USAGE);
      if (opts.apiKey === undefined) {
        throw new UserError(
          'browser sign-in (device flow) arrives with a later version of svc — for now pass --api-key <key> ' +
            '(an API key from the account settings, or from `svc api-keys create`)',
        );
      }
      // `-` keeps the key out of the process list and shell history.
      const apiKey = (opts.apiKey === '-' ? await readStdin() : opts.apiKey).trim();
      if (apiKey === '') throw new UserError('--api-key must not be empty', EXIT_USAGE);
      const url = normalizeBaseUrl(rawUrl);
      const api = createApi({baseUrl: url, token: apiKey, scheme: authSchemeFromEnv()});
      let email: string;
      try {
        email = (await getMe(api)).email;
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) {
          throw new Error(`${url} rejected the API key (401)${err.detail === '' ? '' : `: ${err.detail}`}`);
        }
        throw err;
      }
      const store = await openStore();
      store.update((config) => {
        config.contexts[opts.name] = {url, api_key: apiKey};
        config.default_context = opts.name;
      });
      success(`Logged in as ${email} (context \`${opts.name}\`, saved to ${store.path})`);
    });

  program
    .command('logout')
    .description('forget the saved credentials of a context (default: the current one); no server call')
    .option('--name <context>', 'context to remove')
    .action(async (opts, cmd) => {
      const store = await openStore();
      const config = store.read();
      const name = opts.name ?? globalOptions(cmd).context ?? config.default_context ?? 'default';
      if (!(name in config.contexts)) {
        success(`No saved credentials for context \`${name}\``);
        return;
      }
      store.update((c) => {
        delete c.contexts[name];
        if (c.default_context === name) {
          const next = Object.keys(c.contexts).sort()[0];
          if (next === undefined) delete c.default_context;
          else c.default_context = next;
        }
      });
      success(`Removed context \`${name}\``);
    });

  program
    .command('whoami')
    .description('show the user the current credentials belong to')
    .action(async (_opts, cmd) => {
      const {api, json} = connect(cmd);
      const me = await getMe(api);
      if (json) return printJson(me.raw);
      const lines = [me.username ? `${me.email} (${me.username})` : me.email, `id: ${me.id}`];
      if (me.isAdmin) lines.push('role: admin');
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
