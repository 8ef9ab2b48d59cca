// `svc spec [pattern]` lists the API's operations; `svc api METHOD PATH` sends a raw authenticated request.
import type {Command} from '@commander-js/extra-typings';
import {InvalidArgumentError} from '@commander-js/extra-typings';
import {getSpec} from '../api/account.js';
import {EXIT_USAGE, UserError, printJson, printTable} from './output.js';
import {collect, connect, readJsonObject} from './session.js';
import {filterDocument, listOperations, matchesPattern} from './specDoc.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function method(value: string): string {
  const upper = value.toUpperCase();
  if (!METHODS.includes(upper)) throw new InvalidArgumentError(`method must be one of ${METHODS.join(', ')} (got \`${value}\`)`);
  return upper;
}

function queryPair(value: string): [string, string] {
  const at = value.indexOf('=');
  if (at <= 0) throw new InvalidArgumentError(`-q expects key=value (got \`${value}\`)`);
  return [value.slice(0, at), value.slice(at + 1)];
}

export function registerSpec(program: Command): void {
  program
    .command('spec')
    .description("list the API's operations, or print its OpenAPI document with --json")
    .argument('[pattern]', 'only operations whose method, path, summary or operation id contain this (any case)')
    .action(async (pattern, _opts, cmd) => {
      const {api, json} = connect(cmd);
      const doc = await getSpec(api);
      const all = listOperations(doc);
      const ops = pattern === undefined ? all : all.filter((op) => matchesPattern(op, pattern));
      if (pattern !== undefined && ops.length === 0) {
        throw new Error(`no operation matches \`${pattern}\` — run \`svc spec\` to list them all`);
      }
      if (json) return printJson(pattern === undefined ? doc : filterDocument(doc, ops));
      printTable(['METHOD', 'PATH', 'SUMMARY'], ops.map((op) => [op.method, op.path, op.summary]));
    });
}

export function registerApi(program: Command): void {
  program
    .command('api')
    .description('send an authenticated request to any API path and print the JSON answer')
    .argument('<method>', `HTTP method: ${METHODS.join(', ')}`, method)
    .argument('<path>', 'path under the tenant address, e.g. /api/v1/deployments')
    .option('-q, --query <key=value>', 'query parameter (repeat for more)', collect(queryPair))
    .option('-d, --data <json>', 'JSON body: inline, @file.json or - for stdin')
    .action(async (verb, path, opts, cmd) => {
      if (opts.data !== undefined && verb === 'GET') {
        throw new UserError('GET requests carry no body: drop -d, or send the values as -q key=value', EXIT_USAGE);
      }
      const json = opts.data === undefined ? undefined : await readJsonObject('--data', opts.data);
      const {api} = connect(cmd);
      const searchParams = new URLSearchParams(opts.query ?? []);
      printJson(await api.request(verb, path.startsWith('/') ? path : `/${path}`, {searchParams, json}));
    });
}
