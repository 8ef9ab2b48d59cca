// Every list/get command's --json prints the API's document as returned (like `curl`), never a re-shaped copy:
// the command tree is walked, each list/get runs with --json through a recording proxy, and what it printed is
// compared with the body of the GET it made. A command added later is covered automatically.
import type {CommandUnknownOpts} from '@commander-js/extra-typings';
import {describe, expect, it} from 'vitest';
import {buildProgram} from '../../src/commands/program.js';
import {proxiedServicePerFile, runInProcess} from '../helpers/cliInProcess.js';

/** Local commands (no API document to compare with) and the generated OpenAPI sub-document. */
const NOT_API = new Set(['context list', 'spec', 'api']);

interface Target {
  path: string[];
  args: string[];
}

/** Leaf list/get-like commands whose required arguments are a deployment id or an item id. */
async function targets(): Promise<{runnable: Target[]; needsId: Target[]}> {
  const runnable: Target[] = [];
  const needsId: Target[] = [];
  const walk = (cmd: CommandUnknownOpts, path: string[]) => {
    if (cmd.commands.length > 0) {
      for (const sub of cmd.commands) walk(sub as CommandUnknownOpts, [...path, sub.name()]);
      return;
    }
    const name = path.at(-1) ?? '';
    if (!['list', 'get', 'regions', 'versions', 'settings', 'branches', 'history', 'installations', 'status'].includes(name)) return;
    if (NOT_API.has(path.join(' '))) return;
    const required = cmd.registeredArguments.filter((a) => a.required).map((a) => a.name());
    const args: string[] = [];
    let id = false;
    for (const arg of required) {
      if (arg === 'deployment') args.push('1');
      else if (arg === 'id') id = true;
      else return;
    }
    (id ? needsId : runnable).push({path, args});
  };
  walk((await buildProgram()) as unknown as CommandUnknownOpts, []);
  return {runnable, needsId};
}

const proxied = proxiedServicePerFile('svc-json-audit-');

async function jsonRun(args: string[]): Promise<{printed: unknown; answered: unknown; code: number | null; stderr: string}> {
  const before = proxied.proxy.exchanges.length;
  const run = await runInProcess(['--json', ...args], proxied.env());
  const gets = proxied.proxy.exchanges.slice(before).filter((e) => e.method === 'GET' && e.status === 200 && e.contentType.includes('json'));
  const last = gets.at(-1);
  return {
    printed: run.code === 0 && run.stdout.trim() !== '' ? JSON.parse(run.stdout) : undefined,
    answered: last ? JSON.parse(last.responseBody) : undefined,
    code: run.code,
    stderr: run.stderr,
  };
}

describe('--json is the API document as returned', () => {
  it('for every list/get command of the tree', async () => {
    const {runnable, needsId} = await targets();
    expect(runnable.length).toBeGreaterThanOrEqual(20);
    const differ: string[] = [];
    let compared = 0;
    const ids = new Map<string, string>();
    for (const t of runnable) {
      const r = await jsonRun([...t.path, ...t.args]);
      const label = [...t.path, ...t.args].join(' ');
      if (r.code !== 0) continue; // refused for this credential (SCIM wants a SCIM token): nothing printed to compare
      compared++;
      if (JSON.stringify(r.printed) !== JSON.stringify(r.answered)) differ.push(label);
      // Remember an item id for the sibling `get`.
      const doc = r.answered as {items?: Array<{id?: unknown}>; data?: unknown} | undefined;
      const first = Array.isArray(doc?.items) ? doc.items[0]?.id : Array.isArray(doc?.data) ? (doc.data as Array<{id?: unknown}>)[0]?.id : undefined;
      if (first !== undefined && first !== null) ids.set(t.path.slice(0, -1).join(' '), String(first));
    }
    for (const t of needsId) {
      const id = ids.get(t.path.slice(0, -1).join(' '));
      if (id === undefined) continue;
      const r = await jsonRun([...t.path, ...t.args, id]);
      if (r.code !== 0) continue;
      compared++;
      if (JSON.stringify(r.printed) !== JSON.stringify(r.answered)) differ.push([...t.path, ...t.args, id].join(' '));
    }
    expect(compared).toBeGreaterThanOrEqual(20);
    expect(differ).toEqual([]);
  }, 240_000);
});
