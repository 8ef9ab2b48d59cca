// Command groups of the account and workspace objects, built from the object catalogue (contract/catalogue.ts,
// as api/objects.ts OBJECT_GROUPS): each group gets `list|get|create -d|update ID -d|delete ID` for the operations
// the API defines for it.
// Special operations live in objectOps.ts and objectSingletons.ts. This file also registers logs, variables and github, so
// program.ts needs one line for all of the account objects and deployment extras.
import type {Command, CommandUnknownOpts} from '@commander-js/extra-typings';
import {createObject, deleteObject, getObject, listObjects, OBJECT_GROUPS, updateObject, upsertObject, type ObjectGroup} from '../api/objects.js';
import {register as registerGithub} from './github.js';
import {register as registerLogs} from './logs.js';
import {body, DATA, printPage, SPECIALS} from './objectOps.js';
import {registerObjectSingletons} from './objectSingletons.js';
import {registerOperationCommands} from './operations.js';
import {printJson, sayNotOffered, success} from './output.js';
import {connect, deploymentArgument, numericId, positiveInt} from './session.js';
import {register as registerVariables} from './variables.js';

type Args = unknown[];

/** Adds the group's scope argument (deployment or embed tenant) when it has one. */
function withScope(cmd: CommandUnknownOpts, group: ObjectGroup): CommandUnknownOpts {
  if (group.scope === 'deployment') return cmd.addArgument(deploymentArgument());
  if (group.scope === 'embed tenant') return cmd.argument('<tenant>', 'embed tenant name');
  return cmd;
}

/** Splits commander's action arguments: positional values, then options, then the command. */
function parts(group: ObjectGroup, args: Args): {scope?: string; rest: string[]; opts: Record<string, unknown>; cmd: CommandUnknownOpts} {
  const cmd = args.at(-1) as CommandUnknownOpts;
  const opts = args.at(-2) as Record<string, unknown>;
  const values = args.slice(0, -2) as string[];
  return group.scope ? {scope: values[0], rest: values.slice(1), opts, cmd} : {rest: values, opts, cmd};
}

function buildGroup(program: Command, group: ObjectGroup): void {
  const root = program.command(group.command).aliases(group.aliases ?? []).description(group.description) as unknown as CommandUnknownOpts;
  if (group.notOffered) sayNotOffered(root, group.notOffered);
  const ops = new Set(group.operations);
  const id = numericId(`${group.noun} id`);
  if (ops.has('list')) {
    const list = withScope(root.command('list').alias('ls').description(`list ${group.description} (table; --json prints the raw answer)`), group)
      .option('--first <n>', 'page size (default 20)', positiveInt('--first'))
      .option('--after <cursor>', 'continue after this pageInfo.endCursor');
    for (const [flag, f] of Object.entries(group.filters ?? {})) {
      if (f.numeric) list.option(`--${flag} <id>`, f.description, numericId(`--${flag}`));
      else list.option(`--${flag} <value>`, f.description);
    }
    list.action(async (...args: Args) => {
      const {scope, opts, cmd} = parts(group, args);
      const {api, json} = connect(cmd);
      const query: Record<string, string | number | undefined> = {first: opts.first as number | undefined, after: opts.after as string | undefined};
      for (const [flag, f] of Object.entries(group.filters ?? {})) {
        const value = opts[flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())];
        if (typeof value === 'string') query[f.param] = value;
      }
      printPage(await listObjects(api, group, scope, query), group.columns, json);
    });
  }
  if (ops.has('get')) {
    withScope(root.command('get').description(`print one ${group.noun} as JSON`), group)
      .argument('<id>', `${group.noun} id`, id)
      .action(async (...args: Args) => {
        const {scope, rest, cmd} = parts(group, args);
        printJson(await getObject(connect(cmd).api, group, scope, rest[0]!));
      });
  }
  if (ops.has('create')) {
    withScope(root.command('create').description(`create a ${group.noun} from --data and print it as JSON`), group)
      .option(...DATA)
      .action(async (...args: Args) => {
        const {scope, opts, cmd} = parts(group, args);
        const data = await body(opts);
        printJson(await createObject(connect(cmd).api, group, scope, data));
      });
  }
  if (ops.has('update')) {
    withScope(root.command('update').description(`change a ${group.noun} (fields in --data; the others stay) and print it`), group)
      .argument('<id>', `${group.noun} id`, id)
      .option(...DATA)
      .action(async (...args: Args) => {
        const {scope, rest, opts, cmd} = parts(group, args);
        const data = await body(opts);
        printJson(await updateObject(connect(cmd).api, group, scope, rest[0]!, data));
      });
  }
  if (group.upsertBy) {
    const key = group.upsertBy.key;
    withScope(root.command('upsert').description(`create the ${group.noun} with this ${key}, or change the one that has it, and print it`), group)
      .argument(`<${key}>`, `${group.noun} ${key}`)
      .option(...DATA)
      .action(async (...args: Args) => {
        const {scope, rest, opts, cmd} = parts(group, args);
        const data = await body(opts);
        printJson(await upsertObject(connect(cmd).api, group, scope, rest[0]!, data));
      });
  }
  if (ops.has('delete')) {
    withScope(root.command('delete').alias('rm').description(`delete a ${group.noun}`), group)
      .argument('<id>', `${group.noun} id`, id)
      .action(async (...args: Args) => {
        const {scope, rest, cmd} = parts(group, args);
        await deleteObject(connect(cmd).api, group, scope, rest[0]!);
        success(`Deleted ${group.noun} ${rest[0]}`);
      });
  }
  SPECIALS[group.command]?.(root);
}

export function register(program: Command): void {
  registerLogs(program);
  registerVariables(program);
  registerGithub(program);
  for (const group of OBJECT_GROUPS) buildGroup(program, group);
  registerObjectSingletons(program);
  registerOperationCommands(program);
}
