// A run builds only the group its first word names: the group table must name exactly what each module registers,
// and a group built alone must be the same subtree as in the whole tree (no group may lean on another one).
import type {CommandUnknownOpts} from '@commander-js/extra-typings';
import {describe, expect, it} from 'vitest';
import {commandWord} from '../../src/commands/commandWord.js';
import {COMMAND_GROUPS, groupsFor} from '../../src/commands/groups.js';
import {buildProgram} from '../../src/commands/program.js';

const namesOf = (cmd: CommandUnknownOpts) => cmd.commands.flatMap((c) => [c.name(), ...c.aliases()]);

/** Every command's full help, by path: a subtree compared whole. */
function helpByPath(cmd: CommandUnknownOpts, path = ''): Record<string, string> {
  const out: Record<string, string> = {[path]: cmd.helpInformation()};
  for (const sub of cmd.commands) Object.assign(out, helpByPath(sub, `${path} ${sub.name()}`.trim()));
  return out;
}

const whole = (await buildProgram()) as unknown as CommandUnknownOpts;

describe('command groups', () => {
  it('list every top-level name and alias of the whole tree, in the order help lists them', () => {
    expect(COMMAND_GROUPS.flatMap((g) => g.names)).toEqual(namesOf(whole));
  });

  it.each(COMMAND_GROUPS.map((g) => [g.names[0]!, g] as const))('%s built alone is the subtree the whole tree holds', async (word) => {
    const alone = (await buildProgram([word, '--help'])) as unknown as CommandUnknownOpts;
    const group = COMMAND_GROUPS.find((g) => g.names.includes(word))!;
    expect(namesOf(alone)).toEqual(group.wholeTree ? namesOf(whole) : group.names);
    for (const cmd of alone.commands) {
      const same = whole.commands.find((c) => c.name() === cmd.name())!;
      expect(helpByPath(cmd as CommandUnknownOpts)).toEqual(helpByPath(same as CommandUnknownOpts));
    }
  });

  it('find the command word after global options and their values', () => {
    expect(commandWord(['--json', 'deployments', 'list'])).toBe('deployments');
    expect(commandWord(['--context', 'deployments', 'envs', 'list'])).toBe('envs');
    expect(commandWord(['--api-url', 'http://127.0.0.1:1', '--token', 'x', 'dm', 'files'])).toBe('dm');
    expect(commandWord(['--context=prod', 'audit'])).toBe('audit');
    expect(commandWord(['--json'])).toBeUndefined();
  });

  it('load every group for the program help, help, an unknown word and completion', () => {
    expect(groupsFor(['deployments', 'list'])).toHaveLength(1);
    expect(groupsFor(['vars', 'list', '1'])[0]!.names).toContain('variables');
    for (const argv of [[], ['--help'], ['-h', 'deployments'], ['help', 'deployments'], ['deploymnets'], ['completion', 'bash'], ['--json']]) {
      expect(groupsFor(argv), argv.join(' ')).toBe(COMMAND_GROUPS);
    }
  });
});
