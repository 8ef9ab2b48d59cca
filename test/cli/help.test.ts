// A sample of `svc <path> --help` runs (the command tree in-process, cliInProcess.ts): exit 0, usage on stdout,
// nothing on stderr. The whole command tree's help is checked by test/commands/help-tree.test.ts, a help run of
// the bundle by test/e2e/cli-smoke.test.ts.
import {describe, expect, it} from 'vitest';
import {runInProcess} from '../helpers/cliInProcess.js';

describe('help of the CLI', () => {
  it.each([['login'], ['agents'], ['integrations', 'tokens', 'revoke'], ['oauth', 'list'], ['oidc'], ['completion'], ['update'], ['deployments', 'list']])(
    'svc %s --help exits 0 with usage on stdout',
    async (...path) => {
      const run = await runInProcess([...path, '--help'], {CI: 'true'});
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Usage: svc /);
      expect(run.stderr).toBe('');
    },
  );

  it.each([
    ['attributes', 'delete', /no operation to delete a user attribute/],
    ['app', 'update', /only reads the app configuration/],
  ] as const)('svc %s says in its help, and when someone looks for `%s`, what the platform API does not offer', async (group, missing, note) => {
    const env = {CI: 'true'};
    const help = await runInProcess([group, '--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout.replace(/\s+/g, ' ')).toMatch(new RegExp(`Not offered: .*${note.source}`));
    const looked = await runInProcess([group, missing, '3'], env);
    expect(looked.code).toBe(2);
    expect(looked.stderr).toContain(`unknown command '${missing}'`);
    expect(looked.stderr.replace(/\s+/g, ' ')).toMatch(note);
  });
});
