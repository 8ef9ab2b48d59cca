// The Prism tour (tour.ts) runs every command of the CLI that sends a request: this walks the command tree that
// `svc` builds, so a command added later fails here until it is toured or listed in NOT_TOURED with its reason.
// Fast: no Prism, no service (prism-tour.test.ts runs the tour itself).
import type {CommandUnknownOpts} from '@commander-js/extra-typings';
import {describe, expect, it} from 'vitest';
import {buildProgram} from '../../src/commands/program.js';
import {argsOf, NOT_TOURED, TOUR} from './tour.js';

function leaves(cmd: CommandUnknownOpts, path: string[] = []): string[] {
  return cmd.commands.length === 0 ? [path.join(' ')] : cmd.commands.flatMap((sub) => leaves(sub, [...path, sub.name()]));
}

const tree = leaves((await buildProgram()) as unknown as CommandUnknownOpts);
/** The command a tour entry runs: the longest command path its leading words name. */
const commandOf = (args: string[]) => tree.filter((c) => args.slice(0, c.split(' ').length).join(' ') === c).sort((a, b) => b.length - a.length)[0];

describe('the Prism tour covers the command tree', () => {
  it('runs every command that sends a request, or says why not', () => {
    const toured = new Set(TOUR.map((e) => commandOf(argsOf(e))));
    expect(tree.filter((c) => !toured.has(c) && NOT_TOURED[c] === undefined)).toEqual([]);
  });

  it('each tour entry names a command, and nothing is both toured and listed as not toured', () => {
    expect(TOUR.map(argsOf).filter((args) => commandOf(args) === undefined).map((a) => a.join(' '))).toEqual([]);
    expect(Object.keys(NOT_TOURED).filter((c) => !tree.includes(c))).toEqual([]);
    expect(TOUR.map((e) => commandOf(argsOf(e))).filter((c) => c !== undefined && NOT_TOURED[c] !== undefined)).toEqual([]);
  });
});
