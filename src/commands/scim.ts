// `svc scim users|groups list|get|create|replace|patch|delete`: SCIM v2 provisioning. These calls need a SCIM
// token (`svc api-keys create --scim`), passed like any credential: --token, SVC_API_KEY or a context.
import {InvalidArgumentError, type Command} from '@commander-js/extra-typings';
import {
  createScim,
  deleteScim,
  getScim,
  groupRow,
  listScim,
  patchScim,
  replaceScim,
  userRow,
  type ScimResourceType,
} from '../api/scim.js';
import {EXIT_USAGE, UserError, printJson, printTable, progress, success} from './output.js';
import {connect, nonNegativeInt, positiveInt, readJsonObject} from './session.js';

interface Kind {
  type: ScimResourceType;
  noun: string;
  headers: string[];
  row: (r: Record<string, unknown>) => string[];
  example: string;
}

const KINDS: Kind[] = [
  {type: 'Users', noun: 'user', headers: ['ID', 'USERNAME', 'NAME', 'EMAIL', 'ACTIVE'], row: userRow, example: 'userName eq "jane@example.com"'},
  {type: 'Groups', noun: 'group', headers: ['ID', 'DISPLAY NAME', 'MEMBERS'], row: groupRow, example: 'displayName eq "Analysts"'},
];

const DATA_HELP = 'SCIM JSON: inline, @file.json or - for stdin';

function scimId(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('an empty id names no resource');
  return value.trim();
}

async function patchBody(value: string): Promise<Record<string, unknown>> {
  const body = await readJsonObject('--data', value);
  if (!Array.isArray(body.Operations)) {
    throw new UserError('--data must be a SCIM PatchOp: {"Operations": [{"op": "replace", "path": "active", "value": false}]}', EXIT_USAGE);
  }
  return body;
}

function registerKind(scim: Command, kind: Kind): void {
  const group = scim.command(kind.type.toLowerCase()).description(`provision SCIM ${kind.noun}s`);

  group
    .command('list')
    .alias('ls')
    .description(`list ${kind.noun}s (table; --json prints the ListResponse)`)
    .option('--filter <expr>', `SCIM filter, e.g. '${kind.example}'`)
    .option('--start-index <n>', '1-based index of the first result', positiveInt('--start-index'))
    .option('--count <n>', 'at most this many results', nonNegativeInt('--count'))
    .action(async (opts, cmd) => {
      const {api, json} = connect(cmd);
      const list = await listScim(api, kind.type, {filter: opts.filter, startIndex: opts.startIndex, count: opts.count});
      if (json) return printJson(list.raw);
      printTable(kind.headers, list.resources.map(kind.row));
      if (list.resources.length > 0 && list.resources.length < list.totalResults) {
        const last = list.startIndex + list.resources.length - 1;
        progress(`${list.startIndex}–${last} of ${list.totalResults} (next: --start-index ${last + 1})`);
      }
    });

  group
    .command('get')
    .description(`print one ${kind.noun} as JSON`)
    .argument('<id>', `${kind.noun} id`, scimId)
    .action(async (id, _opts, cmd) => printJson(await getScim(connect(cmd).api, kind.type, id)));

  group
    .command('create')
    .description(`create a ${kind.noun} and print it as JSON`)
    .requiredOption('-d, --data <json>', DATA_HELP)
    .action(async (opts, cmd) => {
      const body = await readJsonObject('--data', opts.data);
      printJson(await createScim(connect(cmd).api, kind.type, body));
    });

  group
    .command('replace')
    .description(`replace every attribute of a ${kind.noun} (PUT) and print it as JSON`)
    .argument('<id>', `${kind.noun} id`, scimId)
    .requiredOption('-d, --data <json>', DATA_HELP)
    .action(async (id, opts, cmd) => {
      const body = await readJsonObject('--data', opts.data);
      printJson(await replaceScim(connect(cmd).api, kind.type, id, body));
    });

  group
    .command('patch')
    .description(`change a ${kind.noun} with a SCIM PatchOp ({"Operations": [...]}) and print it as JSON`)
    .argument('<id>', `${kind.noun} id`, scimId)
    .requiredOption('-d, --data <json>', DATA_HELP)
    .action(async (id, opts, cmd) => {
      const body = await patchBody(opts.data);
      printJson(await patchScim(connect(cmd).api, kind.type, id, body));
    });

  group
    .command('delete')
    .alias('rm')
    .description(`delete a ${kind.noun}`)
    .argument('<id>', `${kind.noun} id`, scimId)
    .action(async (id, _opts, cmd) => {
      await deleteScim(connect(cmd).api, kind.type, id);
      success(`Deleted SCIM ${kind.noun} ${id}`);
    });
}

export function register(program: Command): void {
  const scim = program
    .command('scim')
    .description('SCIM v2 user and group provisioning (needs a SCIM token: svc api-keys create --scim)');
  for (const kind of KINDS) registerKind(scim, kind);
}
