// The object groups' operations beyond CRUD, attached to the groups the table built: publish and duplicate,
// attribute values, folder ancestors, role assignment, bulk user actions, notification recipients; and helpers
// shared by the object commands.
import {Argument, type CommandUnknownOpts} from '@commander-js/extra-typings';
import {
  bulkUserAction,
  changeRecipients,
  duplicateWorkbook,
  folderAncestors,
  getAttributeValues,
  listRecipients,
  publishWorkbook,
  setAttributeValue,
  setRoleMembership,
} from '../api/objectOps.js';
import {type ObjectPage} from '../api/objects.js';
import {EXIT_USAGE, UserError, printJson, printMore, printTable, success, sayErr} from './output.js';
import {connect, deploymentArgument, numericId, readJsonObject} from './session.js';

type Args = unknown[];
export const deploymentArg = numericId('deployment id');
export const DATA = ['-d, --data <json>', 'request body: inline JSON, @file.json or - for stdin'] as const;

function cell(value: unknown): unknown {
  if (Array.isArray(value)) return String(value.length);
  return value;
}

export function printPage(page: ObjectPage, columns: Array<[string, string]>, json: boolean): void {
  if (json) return printJson(page.raw);
  printTable(columns.map(([h]) => h), page.items.map((item) => columns.map(([, field]) => cell(item[field]))));
  printMore(page.raw, page.items.length, {cursor: true});
}

export async function body(opts: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (typeof opts.data !== 'string') throw new UserError('--data is required (inline JSON, @file.json or - for stdin)', EXIT_USAGE);
  return readJsonObject('--data', opts.data);
}

/** Operations beyond CRUD, attached to the groups the table built. */
export const SPECIALS: Record<string, (group: CommandUnknownOpts) => void> = {
  notifications: (group) => {
    group
      .command('recipients')
      .description('list the recipients of a notification')
      .addArgument(deploymentArgument())
      .argument('<id>', 'notification id', numericId('notification id'))
      .action(async (...args: Args) => {
        const [deployment, id, , cmd] = args as [string, string, unknown, CommandUnknownOpts];
        const {api, json} = connect(cmd);
        const {items, raw} = await listRecipients(api, deployment, id);
        if (json) return printJson(raw);
        const who = (r: Record<string, unknown>) => r.email ?? r.userId ?? (r.externalId ? `${String(r.embedTenantName)}/${String(r.externalId)}` : (r.channelName ?? r.channelId));
        printTable(['TYPE', 'RECIPIENT'], items.map((r) => [r.type, who(r)]));
      });
    for (const [name, add] of [['add-recipients', true], ['remove-recipients', false]] as const) {
      group
        .command(name)
        .description(add ? 'add recipients: -d \'{"recipients":[{"type":"USER","email":"a@b.co"}]}\'' : 'remove recipients: -d \'{"recipients":[{"type":"SLACK","id":"C1"}]}\'')
        .addArgument(deploymentArgument())
        .argument('<id>', 'notification id', numericId('notification id'))
        .option(...DATA)
        .action(async (...args: Args) => {
          const [deployment, id, opts, cmd] = args as [string, string, Record<string, unknown>, CommandUnknownOpts];
          printJson(await changeRecipients(connect(cmd).api, deployment, id, add, await body(opts)));
        });
    }
  },
  folders: (group) =>
    group
      .command('ancestors')
      .description('the folders above a folder, outermost first')
      .addArgument(deploymentArgument())
      .argument('<id>', 'folder id', numericId('folder id'))
      .action(async (...args: Args) => {
        const [deployment, folder, , cmd] = args as [string, string, unknown, CommandUnknownOpts];
        const {api, json} = connect(cmd);
        const {items, raw} = await folderAncestors(api, deployment, folder);
        if (json) return printJson(raw);
        printTable(['ID', 'NAME', 'PARENT'], items.map((f) => [f.id, f.name, f.parentId]));
      }),
  users: (group) =>
    group
      .command('bulk')
      .description('deactivate, activate or delete several users at once')
      .addArgument(new Argument('<action>', 'what to do (any case)').choices(['DEACTIVATE', 'ACTIVATE', 'DELETE']))
      .argument('<users...>', 'user ids')
      .action(async (...args: Args) => {
        const [action, users, , cmd] = args as [string, string[], unknown, CommandUnknownOpts];
        const parse = numericId('user id');
        const ids = users.map((u) => {
          try {
            return Number(parse(u));
          } catch (err) {
            throw new UserError((err as Error).message, EXIT_USAGE);
          }
        });
        const {api, json} = connect(cmd);
        const answer = await bulkUserAction(api, action, ids);
        if (json) return printJson(answer);
        const failed = Array.isArray(answer.failed) ? (answer.failed as Array<{userId?: unknown; error?: unknown}>) : [];
        success(`${action} done for ${Array.isArray(answer.succeeded) ? answer.succeeded.length : 0} user(s)`);
        for (const f of failed) sayErr(`failed: user ${String(f.userId)}: ${String(f.error)}\n`);
        if (failed.length > 0) process.exitCode = 1;
      }),
  policies: (group) => {
    for (const [name, member] of [['assign', true], ['unassign', false]] as const) {
      group
        .command(name)
        .description(member ? 'give a user a role' : 'take a role from a user')
        .argument('<role>', 'role id', numericId('role id'))
        .argument('<user>', 'user id', numericId('user id'))
        .action(async (...args: Args) => {
          const [role, user, , cmd] = args as [string, string, unknown, CommandUnknownOpts];
          await setRoleMembership(connect(cmd).api, role, user, member);
          success(member ? `Gave role ${role} to user ${user}` : `Took role ${role} from user ${user}`);
        });
    }
  },
  workbooks: (group) => {
    group
      .command('duplicate')
      .description('copy a workbook into the same folder and print the copy')
      .addArgument(deploymentArgument())
      .argument('<id>', 'workbook id', numericId('workbook id'))
      .action(async (...args: Args) => {
        const [deployment, workbook, , cmd] = args as [string, string, unknown, CommandUnknownOpts];
        printJson(await duplicateWorkbook(connect(cmd).api, deployment, workbook));
      });
    group
      .command('publish')
      .description("publish a workbook's dashboard and print it (its publicId is what `svc embed` takes)")
      .addArgument(deploymentArgument())
      .argument('<id>', 'workbook id', numericId('workbook id'))
      .option('--title <title>', 'dashboard title (default: the workbook name)')
      .option('--allow-embed', 'allow embedding right away')
      .action(async (...args: Args) => {
        const [deployment, workbook, opts, cmd] = args as [string, string, {title?: string; allowEmbed?: boolean}, CommandUnknownOpts];
        const extra = {...(opts.title !== undefined ? {title: opts.title} : {}), ...(opts.allowEmbed ? {allowEmbed: true} : {})};
        printJson(await publishWorkbook(connect(cmd).api, deployment, workbook, extra));
      });
  },
  attributes: (group) => {
    group
      .command('values')
      .description("a user's value of every attribute (default values where none is set)")
      .argument('<user>', 'user id', numericId('user id'))
      .action(async (...args: Args) => {
        const [user, , cmd] = args as [string, unknown, CommandUnknownOpts];
        const {api, json} = connect(cmd);
        const {values, raw} = await getAttributeValues(api, user);
        if (json) return printJson(raw);
        printTable(['ATTRIBUTE', 'NAME', 'TYPE', 'VALUE'], values.map((v) => [v.userAttributeId, v.name, v.type, v.value]));
      });
    group
      .command('set-value')
      .description("set a user's value of an attribute (VALUE is read as JSON when it parses, else as text)")
      .argument('<user>', 'user id', numericId('user id'))
      .argument('<attribute>', 'attribute id', numericId('attribute id'))
      .argument('<value>', 'the value')
      .action(async (...args: Args) => {
        const [user, attribute, text, , cmd] = args as [string, string, string, unknown, CommandUnknownOpts];
        let value: unknown = text;
        try {
          value = JSON.parse(text);
        } catch {
          // Plain text is a string value.
        }
        printJson(await setAttributeValue(connect(cmd).api, {userId: user, userAttributeId: attribute, value}));
      });
  },
};
