// How one row of the operations table (operations.ts) becomes a command: its arguments, --data, flags that become
// query parameters or body fields, the call, and how the answer prints (a list as a table, 204 as a success line).
import type {CommandUnknownOpts} from '@commander-js/extra-typings';
import {callOperation, type OperationCall} from '../api/operations.js';
import {listRows, readRows} from '../api/read.js';
import {body, DATA, printPage} from './objectOps.js';
import {EXIT_USAGE, UserError, printJson, success} from './output.js';
import {connect} from './session.js';

type Args = unknown[];
export type Opts = Record<string, unknown>;

export interface Arg {
  name: string;
  description: string;
  parse?: (value: string) => string;
}

export interface OperationCommand {
  parent: string;
  name: string;
  description: string;
  args: Arg[];
  /** --data: required, optional, or none. */
  data?: 'required' | 'optional';
  /** Flags that become query parameters (lists) or body fields (`field`). */
  options?: Array<{flags: string; description: string; query?: string; field?: string; parse?: (v: string) => unknown}>;
  call: (args: string[], opts: Opts) => OperationCall;
  /** A list: its columns. */
  columns?: Array<[string, string]>;
  /** The field flags may all be left out (the call has defaults). */
  fieldsOptional?: boolean;
  /** What to say when it succeeded (the operation answers nothing worth showing: no body, `{success}`); --json prints the answer. */
  done?: (args: string[]) => string;
}

export function attach(parent: CommandUnknownOpts, op: OperationCommand): void {
  const cmd = parent.command(op.name).description(op.description) as CommandUnknownOpts;
  for (const a of op.args) cmd.argument(`<${a.name}>`, a.description, a.parse);
  if (op.data) cmd.option(...DATA);
  for (const o of op.options ?? []) {
    if (o.flags.includes('<') && o.parse) cmd.option(o.flags, o.description, o.parse as (v: string) => string);
    else cmd.option(o.flags, o.description);
  }
  cmd.action(async (...raw: Args) => {
    const command = raw.at(-1) as CommandUnknownOpts;
    const opts = raw.at(-2) as Opts;
    const args = raw.slice(0, -2) as string[];
    const query: Record<string, string | number | undefined> = {};
    const fields: Opts = {};
    for (const o of op.options ?? []) {
      const key = o.flags.replace(/^--(no-)?/, '').split(' ')[0]!.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      const value = opts[key];
      if (value === undefined) continue;
      const takesValue = o.flags.includes('<');
      // A boolean flag and its --no- form share one key: each row applies only to its own setting.
      if (!takesValue && value !== !o.flags.startsWith('--no-')) continue;
      const parsed = takesValue ? value : o.parse?.('') ?? true;
      if (o.query) query[o.query] = parsed as string | number;
      if (o.field) fields[o.field] = parsed;
    }
    if (op.options?.some((o) => o.field) && !op.fieldsOptional && Object.keys(fields).length === 0) throw new UserError(`${op.name}: say what to change (see --help)`, EXIT_USAGE);
    const data = op.data === 'required' || (op.data === 'optional' && opts.data !== undefined) ? await body(opts) : undefined;
    const {api, json} = connect(command);
    const answer = await callOperation(api, {...op.call(args, {...opts, body: data, fields}), query});
    if (op.columns) {
      const record = (answer ?? {}) as {pageInfo?: {hasNextPage?: boolean; endCursor?: string}};
      const items = readRows(listRows(answer), (r) => r);
      return printPage({items, hasNextPage: record.pageInfo?.hasNextPage === true, ...(record.pageInfo?.endCursor ? {endCursor: record.pageInfo.endCursor} : {}), raw: answer}, op.columns, json);
    }
    // An operation that changes something and answers nothing to show (204, or 200 with `{success}` or `{}`).
    if (op.done) return json ? printJson(answer ?? {success: true}) : success(op.done(args));
    printJson(answer);
  });
}
