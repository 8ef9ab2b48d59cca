// `svc variables list|set|unset`: a deployment's environment variables. A change rebuilds the deploy branch. Values of secret-looking names never reach the
// terminal: the service answers `[ENCRYPTED]` for them and the client masks them again, table and --json alike.
// Name rules (new names must match ^[A-Za-z_][A-Za-z0-9_]*$) are the service's: only it knows which names exist.
import type {Command} from '@commander-js/extra-typings';
import {ENCRYPTED, listEnvVars, setEnvVars, unsetEnvVars, type EnvVariable} from '../api/envVars.js';
import {EXIT_USAGE, UserError, printJson, printTable, success} from './output.js';
import {connect, deploymentArgument, positiveInt} from './session.js';

/** `K=V` split on the first `=`; an empty key or the placeholder as a value is a usage error. */
export function parseAssignment(text: string): EnvVariable {
  const at = text.indexOf('=');
  if (at < 0) throw new UserError(`\`${text}\` is not NAME=VALUE`, EXIT_USAGE);
  const name = text.slice(0, at);
  const value = text.slice(at + 1);
  if (name === '') throw new UserError(`\`${text}\` has an empty name: use NAME=VALUE`, EXIT_USAGE);
  if (value === ENCRYPTED) throw new UserError(`${name}: ${ENCRYPTED} is a placeholder, not a value`, EXIT_USAGE);
  // The service removes a variable sent with an empty value: make that a deliberate `unset`, not a typo.
  if (value === '') throw new UserError(`${name}: an empty value removes the variable; use \`svc variables unset\``, EXIT_USAGE);
  return {name, value};
}

export function register(program: Command): void {
  const group = program.command('variables').aliases(['vars', 'variable']).description("list and set a deployment's environment variables");

  group
    .command('list')
    .alias('ls')
    .description('list the variables (secret-looking values show as [ENCRYPTED])')
    .addArgument(deploymentArgument())
    .option('--first <n>', 'page size', positiveInt('--first'))
    .option('--after <cursor>', 'continue after this pageInfo.endCursor')
    .action(async (deployment, opts, cmd) => {
      const {api, json} = connect(cmd);
      const {variables, raw} = await listEnvVars(api, deployment, {first: opts.first, after: opts.after});
      if (json) return printJson(raw);
      printTable(['NAME', 'VALUE'], variables.map((v) => [v.name, v.value]));
    });

  group
    .command('set')
    .description('create or change variables (NAME=VALUE …); the others keep their values; a change rebuilds the deploy branch')
    .addArgument(deploymentArgument())
    .argument('<assignments...>', 'NAME=VALUE pairs (split on the first =)')
    .action(async (deployment, assignments, _opts, cmd) => {
      const vars = assignments.map(parseAssignment);
      const {api, json} = connect(cmd);
      const {raw} = await setEnvVars(api, deployment, vars);
      if (json) return printJson(raw);
      success(`Set ${vars.length} variable(s)`);
    });

  group
    .command('unset')
    .alias('rm')
    .description('remove variables (NAME …); a change rebuilds the deploy branch')
    .addArgument(deploymentArgument())
    .argument('<names...>', 'variable names')
    .action(async (deployment, names, _opts, cmd) => {
      const {api, json} = connect(cmd);
      const {raw} = await unsetEnvVars(api, deployment, names);
      if (json) return printJson(raw);
      success(`Unset ${names.length} variable(s)`);
    });
}
