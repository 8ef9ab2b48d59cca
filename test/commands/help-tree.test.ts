// Every command and subcommand has help: a description and a usage line, found by walking the whole tree that
// `svc` builds (so a command added later is covered without touching this test). `svc <path> --help` runs:
// test/cli/help.test.ts (in-process) and test/e2e/cli-smoke.test.ts (the bundle).
import type {CommandUnknownOpts} from '@commander-js/extra-typings';
import {describe, expect, it} from 'vitest';
import {buildProgram} from '../../src/commands/program.js';

function walk(cmd: CommandUnknownOpts, path: string[] = []): Array<{path: string[]; cmd: CommandUnknownOpts}> {
  return [{path, cmd}, ...cmd.commands.flatMap((sub) => walk(sub, [...path, sub.name()]))];
}

const all = walk(await buildProgram());

describe('help for the whole command tree', () => {
  it('has more than a handful of commands to check', () => {
    expect(all.length).toBeGreaterThan(40);
    expect(all.map((c) => c.path.join(' '))).toEqual(expect.arrayContaining(['login', 'integrations tokens initiate', 'oidc create', 'completion', 'update']));
  });

  it("has every command group the spec's CLI table names", () => {
    const spec = ['login', 'logout', 'whoami', 'context', 'deployments', 'deploy', 'validate', 'logs', 'regions', 'github', 'data-model', 'dbt', 'environments',
      'variables', 'folders', 'workbooks', 'reports', 'workspace', 'users', 'groups', 'attributes', 'policies', 'tenant', 'notifications', 'integrations', 'oidc',
      'api-keys', 'embed', 'agents', 'app', 'meta', 'scim', 'spec', 'api', 'update', 'completion'];
    const top = all.filter((c) => c.path.length === 1).map((c) => c.path[0]);
    expect(spec.filter((g) => !top.includes(g))).toEqual([]);
  });

  it.each(all.filter((c) => c.path.length > 0).map((c) => [c.path.join(' '), c.cmd] as const))('svc %s has a description and usage', (path, cmd) => {
    expect(cmd.description().trim().length, `svc ${path} has no description`).toBeGreaterThan(10);
    const help = cmd.helpInformation();
    // Usage names the command path; a command with aliases shows its first one (`deployments|deployment`).
    const words = path.split(' ').map((w) => `${w}(\\|[\\w-]+)?`).join(' ');
    expect(help).toMatch(new RegExp(`^Usage: svc ${words} `));
    // Help wraps long descriptions to the terminal width.
    expect(help.replace(/\s+/g, ' ')).toContain(cmd.description().replace(/\s+/g, ' '));
    expect(help).toContain('-h, --help');
  });
});
