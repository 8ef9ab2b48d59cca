// List commands print a page, never a server's whole list at once, and say how to see the rest (on stderr, so
// stdout stays the table): `data-model branches` (111 on deployment 1 of the demo) pages by 20 with --after and
// --all; `deployments list` and `environments list` say which rows of how many they showed.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startInProcessHarness, type InProcessHarness} from '../helpers/cliInProcess.js';

let h: InProcessHarness;
beforeAll(async () => {
  h = await startInProcessHarness();
});
afterAll(() => h.close());

const names = (stdout: string) => stdout.trim().split('\n').slice(1).map((l) => l.split(/\s+/)[0]);

describe('svc data-model branches', () => {
  it('prints the first 20 and where to continue; --after continues; --all prints every branch once', async () => {
    const all = await h.admin(['data-model', 'branches', '1', '--all', '--json']);
    expect(all).toMatchObject({code: 0, stderr: ''});
    const every = (JSON.parse(all.stdout) as {items: {name: string}[]; pageInfo: {hasNextPage: boolean}});
    expect(every.items.length).toBeGreaterThan(100);
    expect(every.pageInfo.hasNextPage).toBe(false);

    const first = await h.admin(['data-model', 'branches', '1']);
    expect(first.code).toBe(0);
    expect(names(first.stdout)).toEqual(every.items.slice(0, 20).map((b) => b.name));
    const cursor = /^20 shown; more: --after (\S+), or --all for every one\n$/.exec(first.stderr)?.[1];
    expect(cursor, first.stderr).toBeDefined();
    const second = await h.admin(['data-model', 'branches', '1', '--after', cursor!]);
    expect(names(second.stdout)).toEqual(every.items.slice(20, 40).map((b) => b.name));

    const table = await h.admin(['data-model', 'branches', '1', '--all']);
    expect(table.stderr).toBe('');
    expect(names(table.stdout)).toEqual(every.items.map((b) => b.name));
    const json = await h.admin(['data-model', 'branches', '1', '--json']);
    expect((JSON.parse(json.stdout) as {items: unknown[]; pageInfo: {hasNextPage: boolean}})).toMatchObject({items: {length: 20}, pageInfo: {hasNextPage: true}});
  });

  it('a deployment with fewer branches than a page prints them all and nothing on stderr', async () => {
    const run = await h.admin(['data-model', 'branches', '4']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(names(run.stdout).length).toBeLessThan(20);
  });
});

describe('svc deployments list and environments list', () => {
  it('say which rows of how many they showed, and the offset of the next page', async () => {
    const first = await h.admin(['deployments', 'list']);
    expect(names(first.stdout)).toHaveLength(20);
    expect(first.stderr).toBe('1-20 of 45 shown; more: --offset 20\n');
    expect((await h.admin(['deployments', 'list', '--offset', '20'])).stderr).toBe('21-40 of 45 shown; more: --offset 40\n');
    const last = await h.admin(['deployments', 'list', '--offset', '40']);
    expect(names(last.stdout)).toHaveLength(5);
    expect(last.stderr).toBe('');
    expect((await h.admin(['deployments', 'list', '--first', '10'])).stderr).toMatch(/^10 shown; more: --after \S+\n$/);
    expect((await h.admin(['environments', 'list', '1', '--limit', '1'])).stderr).toBe('1-1 of 3 shown; more: --offset 1\n');
    expect((await h.admin(['environments', 'list', '1'])).stderr).toBe('');
  });
});
