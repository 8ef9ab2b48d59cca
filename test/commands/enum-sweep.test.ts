// Every enum-valued argument and option accepts each value exactly as its own help prints it (and in any case, but
// for the options the spec makes case-sensitive: dbt history's --status and --trigger),
// and an enumeration written into help text is a declared choice, not a free-form value checked elsewhere.
import type {CommandUnknownOpts} from '@commander-js/extra-typings';
import {describe, expect, it} from 'vitest';
import {buildProgram} from '../../src/commands/program.js';
import {isCaseSensitive} from '../../src/commands/session.js';

interface Choice {
  where: string;
  choices: string[];
  exact: boolean;
  parse: (value: string, previous: unknown) => unknown;
}

function walk(cmd: CommandUnknownOpts, path: string[], out: {choices: Choice[]; undeclared: string[]}): void {
  const where = (name: string) => `svc ${[...path, name].join(' ')}`.trim();
  const items = [
    ...cmd.options.map((o) => ({name: o.long ?? o.flags, description: o.description, item: o as unknown as {argChoices?: string[]; parseArg?: Choice['parse']}})),
    ...cmd.registeredArguments.map((a) => ({name: `<${a.name()}>`, description: a.description, item: a as unknown as {argChoices?: string[]; parseArg?: Choice['parse']}})),
  ];
  for (const {name, description, item} of items) {
    if (item.argChoices && item.parseArg) out.choices.push({where: where(name), choices: item.argChoices, exact: isCaseSensitive(item), parse: item.parseArg});
    // "DEACTIVATE, ACTIVATE or DELETE" in help text without declared choices is the mismatch this sweep hunts.
    else if (/\b[A-Z_]{3,}(, [A-Z_]{3,})* or [A-Z_]{3,}\b/.test(description)) out.undeclared.push(`${where(name)}: ${description}`);
  }
  for (const sub of cmd.commands) walk(sub as CommandUnknownOpts, [...path, sub.name()], out);
}

const tree = await buildProgram();

describe('enum-valued arguments', () => {
  const found = {choices: [] as Choice[], undeclared: [] as string[]};
  walk(tree as unknown as CommandUnknownOpts, [], found);

  it('finds the enums of the tree (users bulk, dbt history, deployments create, …)', () => {
    const where = found.choices.map((c) => c.where);
    expect(where).toContain('svc users bulk <action>');
    expect(where).toContain('svc dbt history --status');
    expect(where).toContain('svc deployments create --cloud-provider');
    expect(found.choices.length).toBeGreaterThanOrEqual(10);
  });

  it('accepts every value as help prints it, in lower and in upper case, and passes on the listed spelling', () => {
    const refused: string[] = [];
    for (const {where, choices, exact, parse} of found.choices) {
      for (const choice of choices) {
        for (const typed of exact ? [choice] : [choice, choice.toLowerCase(), choice.toUpperCase()]) {
          try {
            const got = parse(typed, undefined);
            if (got !== choice) refused.push(`${where} ${typed} → ${String(got)}`);
          } catch (err) {
            refused.push(`${where} ${typed}: ${(err as Error).message}`);
          }
        }
      }
    }
    expect(refused).toEqual([]);
  });

  it('spec rule 2: dbt history --status and --trigger are case-sensitive, and another case is refused naming the listed spelling', () => {
    expect(found.choices.filter((c) => c.exact).map((c) => c.where)).toEqual(['svc dbt history --status', 'svc dbt history --trigger']);
    const status = found.choices.find((c) => c.where === 'svc dbt history --status')!;
    expect(() => status.parse('completed', undefined)).toThrow('values are case-sensitive: use COMPLETED.');
    const trigger = found.choices.find((c) => c.where === 'svc dbt history --trigger')!;
    expect(() => trigger.parse('Webhook', undefined)).toThrow('values are case-sensitive: use webhook.');
  });

  it('still refuses a value that is not listed, naming the choices', () => {
    const bulk = found.choices.find((c) => c.where === 'svc users bulk <action>');
    expect(() => bulk?.parse('suspend', undefined)).toThrow('Allowed choices are DEACTIVATE, ACTIVATE, DELETE.');
  });

  it('has no enumeration in help text that is not a declared choice', () => {
    expect(found.undeclared).toEqual([]);
  });
});
