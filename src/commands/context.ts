// `svc context list|use`: the saved contexts and which one is the default.
import type {Command} from '@commander-js/extra-typings';
import {setDefaultContext} from '../config/contexts.js';
import {readConfigFile} from '../config/file.js';
import {configPath} from '../config/paths.js';
import {printJson, printTable, success} from './output.js';
import {globalOptions} from './session.js';

export function register(program: Command): void {
  const group = program.command('context').description('list the saved contexts and choose the default one');

  group
    .command('list')
    .alias('ls')
    .description('list saved contexts; * marks the one in use (never prints keys)')
    .action((_opts, cmd) => {
      const config = readConfigFile(configPath());
      const active = globalOptions(cmd).context ?? config.default_context;
      const names = Object.keys(config.contexts).sort();
      if (globalOptions(cmd).json) {
        return printJson({
          default_context: config.default_context ?? null,
          contexts: names.map((name) => ({name, url: config.contexts[name]?.url, active: name === active})),
        });
      }
      printTable(['', 'NAME', 'URL'], names.map((name) => [name === active ? '*' : '', name, config.contexts[name]?.url]));
    });

  group
    .command('use')
    .description('make a saved context the default')
    .argument('<name>', 'context name (see `svc context list`)')
    .action(async (name) => {
      await setDefaultContext(name);
      success(`Switched to context \`${name}\``);
    });
}
