// A sample of real `svc <path> --help` runs of the bundle: exit 0, usage on stdout, nothing on stderr. The whole
// command tree's help is checked in-process by test/commands/help-tree.test.ts.
import {spawnSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cliHarness.js';

describe('help of the built CLI', () => {
  it.each([['login'], ['agents'], ['integrations', 'tokens', 'revoke'], ['oauth', 'list'], ['oidc'], ['completion'], ['update'], ['deployments', 'list']])(
    'node dist/svc.js %s --help exits 0 with usage on stdout',
    (...path) => {
      const run = spawnSync(process.execPath, [CLI, ...path, '--help'], {encoding: 'utf8', env: {PATH: process.env.PATH ?? '', CI: 'true'}});
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^Usage: svc /);
      expect(run.stderr).toBe('');
    },
  );

  it.each([
    ['attributes', 'delete', /no operation to delete a user attribute/],
    ['app', 'update', /only reads the app configuration/],
  ] as const)('svc %s says in its help, and when someone looks for `%s`, what the platform API does not offer', (group, missing, note) => {
    const env = {PATH: process.env.PATH ?? '', CI: 'true'};
    const help = spawnSync(process.execPath, [CLI, group, '--help'], {encoding: 'utf8', env});
    expect(help.status).toBe(0);
    expect(help.stdout.replace(/\s+/g, ' ')).toMatch(new RegExp(`Not offered: .*${note.source}`));
    const looked = spawnSync(process.execPath, [CLI, group, missing, '3'], {encoding: 'utf8', env});
    expect(looked.status).toBe(2);
    expect(looked.stderr).toContain(`unknown command '${missing}'`);
    expect(looked.stderr.replace(/\s+/g, ' ')).toMatch(note);
  });
});
