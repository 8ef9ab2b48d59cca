// `svc data-model`, `svc validate` and `svc query`: the command tree in-process against the service (dataModelHarness.ts).
// Each block uses its own deployment, so dev-mode sessions (per credential and deployment) do not interfere.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {PLANNED_DURATIONS} from '../../src/server/engines/builds.js';
import {JumpClock} from '../helpers/cliInProcess.js';
import {startHarness, type Harness} from '../helpers/dataModelHarness.js';

const ADMIN_KEY = 'svc_e2eDataModel0123456789abcdefghij';
const CUBE = ['cubes:', '  - name: refunds', '    sql_table: orders', '    measures:', '      - name: count', '        type: count', ''].join('\n');
const BROKEN = ['cubes:', '  - name: broken', '    sql_table: orders', '    measures:', '      - name: total', '        type: summ', ''].join('\n');
let h: Harness;

beforeAll(async () => {
  h = await startHarness('datamodel', ADMIN_KEY);
});
afterAll(() => h?.close());

const devBranchOf = (stdout: string) => /Entered dev mode on (dev-\S+) \(forked from/.exec(stdout)?.[1];

describe('the branch workflow: branch → dev mode → put → validate → commit → merge-to-default', () => {
  it('carries a new cube from a personal dev branch into production', async () => {
    const created = await h.svc(['data-model', 'create-branch', '1', 'feature-refunds']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toBe('✓ Created branch feature-refunds\n');
    // Deployment 1 has more branches than a page (newest last): --all lists every one.
    expect((await h.svc(['dm', 'branches', '1', '--all'])).stdout).toMatch(/^feature-refunds\s+main\s+false$/m);

    const entered = await h.svc(['data-model', 'dev-mode', '1', 'feature-refunds']);
    expect(entered.code, entered.stderr).toBe(0);
    const dev = devBranchOf(entered.stdout)!;
    expect(dev).toMatch(/^dev-admin-[0-9a-f]{8}$/);
    expect(entered.stdout).toContain(`pass --branch ${dev} (or omit --branch to use your active dev-mode branch)`);

    const put = await h.svc(['data-model', 'put', '1', 'model/cubes/refunds.yml', '--content', CUBE]);
    expect(put.stdout).toBe('✓ Wrote model/cubes/refunds.yml\n');
    expect((await h.svc(['data-model', 'get', '1', 'model/cubes/refunds.yml'])).stdout).toBe(CUBE);
    expect((await h.svc(['data-model', 'list', '1'])).stdout.split('\n')).toContain('model/cubes/refunds.yml');
    const missing = await h.svc(['data-model', 'get', '1', 'model/cubes/nope.yml']);
    expect([missing.code, missing.stderr]).toEqual([1, 'error: file not found: model/cubes/nope.yml\n']);

    const valid = await h.svc(['validate', '1', '--dev-mode']);
    expect(valid.code, valid.stderr).toBe(0);
    expect(valid.stdout).toMatch(new RegExp(`^✓ Data model on ${dev} is valid \\((\\d+) cubes\\)\\n$`));
    const report = JSON.parse((await h.svc(['validate', '1', '--branch', dev, '--json'])).stdout) as {valid: boolean; cubesCount: number; mode: string; errors: unknown[]};
    expect(report).toMatchObject({valid: true, mode: 'dev_mode', errors: []});
    const before = JSON.parse((await h.svc(['validate', '1', '--branch', 'main', '--json'])).stdout) as {cubesCount: number; mode: string};
    expect(before.mode).toBe('production');
    expect(report.cubesCount).toBe(before.cubesCount + 1);

    expect(Object.keys(await h.fileHashes('1', 'feature-refunds'))).not.toContain('model/cubes/refunds.yml');
    const committed = await h.svc(['data-model', 'commit', '1', '-m', 'refunds cube']);
    expect(committed.stdout).toBe('✓ Committed and pushed\n');
    expect(Object.keys(await h.fileHashes('1', 'feature-refunds'))).toContain('model/cubes/refunds.yml');
    expect(Object.keys(await h.fileHashes('1', 'main'))).not.toContain('model/cubes/refunds.yml');

    const merged = await h.svc(['data-model', 'merge-to-default', '1', '--branch', 'feature-refunds', '-m', 'ship refunds']);
    expect(merged.code, merged.stderr).toBe(0);
    expect(JSON.parse(merged.stdout)).toEqual({merged: true, branchDeleted: true});
    expect((await h.fileHashes('1', 'main'))['model/cubes/refunds.yml']).toEqual((await h.fileHashes('1', dev))['model/cubes/refunds.yml']);
    expect((await h.svc(['dm', 'branches', '1', '--all'])).stdout).not.toMatch(/^feature-refunds /m);
    expect((await h.svc(['data-model', 'exit-dev-mode', '1'])).stdout).toBe('✓ Exited dev mode\n');
  });

  it('renames and deletes on the dev branch; an invalid model exits 1 naming its file, also under --json', async () => {
    const dev = devBranchOf((await h.svc(['data-model', 'dev-mode', '1', 'main'])).stdout)!;
    await h.svc(['data-model', 'put', '1', 'model/cubes/broken.yml', '--content', BROKEN, '--branch', dev]);
    const invalid = await h.svc(['validate', '1', '--branch', dev]);
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toBe('');
    expect(invalid.stderr).toContain(`✗ Data model on ${dev} failed to compile:\n  model/cubes/broken.yml: `);
    expect(invalid.stderr).toMatch(/summ/);
    expect(invalid.stderr).toContain(`error: data model on ${dev} has 1 compilation error(s)`);
    const json = await h.svc(['validate', '1', '--dev-mode', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({valid: false, mode: 'dev_mode', errors: [{fileName: 'model/cubes/broken.yml'}]});

    expect((await h.svc(['dm', 'rename', '1', 'model/cubes/broken.yml', 'model/cubes/fixed.yml'])).stdout).toBe('✓ Renamed model/cubes/broken.yml -> model/cubes/fixed.yml\n');
    expect(Object.keys(await h.fileHashes('1'))).toContain('model/cubes/fixed.yml');
    expect((await h.svc(['dm', 'rm', '1', 'model/cubes/fixed.yml'])).stdout).toBe('✓ Deleted 1 file(s)\n');
    expect(Object.keys(await h.fileHashes('1'))).not.toContain('model/cubes/fixed.yml');
    expect((await h.svc(['validate', '1', '--dev-mode'])).code).toBe(0);
    expect((await h.svc(['validate', '1', '--dev-mode', '--branch', dev])).code).toBe(2);
  });

  it('refuses writes to a non-dev branch with the service’s message, also for a session pointed at a shared branch', async () => {
    const direct = await h.svc(['data-model', 'put', '1', 'model/x.yml', '--content', 'cubes: []', '--branch', 'main']);
    expect(direct.code).toBe(1);
    expect(direct.stderr).toMatch(/^error: .*Branch main is not a dev-mode branch/);
    const created = await h.svc(['data-model', 'create-branch', '1', 'pointed', '--dev-mode']);
    expect(created.stdout).toBe('✓ Created branch pointed; entered dev mode on pointed\n');
    expect(created.stderr).toContain("svc data-model dev-mode 1 'pointed'");
    const viaSession = await h.svc(['data-model', 'put', '1', 'model/x.yml', '--content', 'cubes: []']);
    expect(viaSession.code).toBe(1);
    expect(viaSession.stderr).toMatch(/Branch pointed is not a dev-mode branch/);
    const status = JSON.parse((await h.svc(['deployments', 'build-status', '1'])).stdout) as {branchName: string; mode: string};
    expect(status).toMatchObject({branchName: 'pointed', mode: 'dev_mode'});
  });
});

describe('rule 4: empty branch values', () => {
  it('required branch arguments refuse a blank value with exit 2 before anything is sent', async () => {
    const before = (await h.svc(['dm', 'branches', '2'])).stdout;
    for (const args of [['dev-mode', '2', ''], ['delete-branch', '2', ' '], ['enable-branch', '2', ''], ['disable-branch', '2', '\t']]) {
      const run = await h.svc(['data-model', ...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^error: an empty value names no branch — /);
    }
    // Usage errors do not depend on credentials.
    const anonymous = await h.svc(['data-model', 'dev-mode', '2', ''], {SVC_API_KEY: '', SVC_API_URL: ''});
    expect(anonymous.code).toBe(2);
    expect((await h.svc(['dm', 'branches', '2'])).stdout).toBe(before);
  });

  it('put and commit accept --branch \'\' and act on the dev-mode session', async () => {
    const noSession = await h.svc(['data-model', 'put', '2', 'model/cubes/a.yml', '--content', CUBE, '--branch', '']);
    expect(noSession.code).toBe(1);
    expect(noSession.stderr).toMatch(/no dev-mode session/);
    const dev = devBranchOf((await h.svc(['data-model', 'dev-mode', '2', 'staging'])).stdout)!;
    const put = await h.svc(['data-model', 'put', '2', 'model/cubes/a.yml', '--content', CUBE, '--branch', '']);
    expect(put.code, put.stderr).toBe(0);
    expect(Object.keys(await h.fileHashes('2', dev))).toContain('model/cubes/a.yml');
    const commit = await h.svc(['data-model', 'commit', '2', '--branch', '', '-m', 'blank branch']);
    expect(commit.code, commit.stderr).toBe(0);
    expect(Object.keys(await h.fileHashes('2', 'staging'))).toContain('model/cubes/a.yml');
    expect(Object.keys(await h.fileHashes('2', 'main'))).not.toContain('model/cubes/a.yml');
  });

  it('the same arguments with a real branch name go through', async () => {
    expect((await h.svc(['dm', 'create-branch', '2', 'shortlived'])).code).toBe(0);
    expect((await h.svc(['dm', 'enable-branch', '2', 'shortlived'])).stdout).toContain('✓ Enabled branch shortlived; its staging environment stays active');
    expect((await h.svc(['dm', 'branches', '2'])).stdout).toMatch(/^shortlived\s+main\s+true$/m);
    expect((await h.svc(['dm', 'disable-branch', '2', 'shortlived'])).stdout).toMatch(/^✓ Disabled branch shortlived/);
    expect((await h.svc(['dm', 'delete-branch', '2', 'shortlived'])).stdout).toBe('✓ Deleted branch shortlived\n');
    const gone = await h.svc(['dm', 'delete-branch', '2', 'shortlived']);
    expect(gone.code).toBe(1);
  });
});

describe('rule 6: a shared branch is compiled and queried on the personal dev branch', () => {
  it('refuses the shared branch without a runtime, and answers on the dev-… branch forked from it', async () => {
    expect((await h.svc(['dm', 'create-branch', '3', 'generated/model'])).code).toBe(0);
    const validateShared = await h.svc(['validate', '3', '--branch', 'generated/model']);
    expect(validateShared.code).toBe(1);
    expect(validateShared.stderr).toMatch(/no active runtime/);
    const query = JSON.stringify({measures: ['orders.count'], dimensions: ['orders.status']});
    const queryShared = await h.svc(['query', '3', '--branch', 'generated/model', query]);
    expect(queryShared.code).toBe(1);
    expect(queryShared.stderr).toMatch(/^error: .*Branch generated\/model is not active/);

    const dev = devBranchOf((await h.svc(['dm', 'dev-mode', '3', 'generated/model'])).stdout)!;
    expect((await h.svc(['validate', '3', '--branch', dev])).code).toBe(0);
    const answered = await h.svc(['query', '3', '--branch', dev, '--poll', '100ms', query]);
    expect(answered.code, answered.stderr).toBe(0);
    const lines = answered.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^orders\.status\s+orders\.count$/);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.slice(1).every((l) => /^\S+\s+\d+$/.test(l))).toBe(true);
    const json = JSON.parse((await h.svc(['query', '3', '--branch', dev, '--json', query])).stdout) as {data: Array<Record<string, unknown>>};
    expect(json.data.length).toBe(lines.length - 1);

    const unknown = await h.svc(['query', '3', '--branch', dev, '{"measures":["orders.nope"]}']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^error: .*orders\.nope/);
    expect(unknown.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    const bad = await h.svc(['query', '3', '--branch', dev, '[1]']);
    expect(bad.code).toBe(2);
  });
});

describe('spec: while a dev-mode session is open, a command that omits the branch targets the dev branch', () => {
  it('validate fails on the session’s broken branch (not "main is valid"), and query answers from the dev branch', async () => {
    const dev = devBranchOf((await h.svc(['dm', 'dev-mode', '4', 'main'])).stdout)!;
    expect((await h.svc(['dm', 'put', '4', 'model/cubes/refunds.yml', '--content', CUBE])).code).toBe(0);
    const query = '{"measures":["refunds.count"]}';
    const answered = await h.svc(['query', '4', '--poll', '100ms', '--json', query]);
    expect(answered.code, answered.stderr).toBe(0);
    expect(JSON.parse(answered.stdout)).toMatchObject({data: [{'refunds.count': expect.anything() as unknown}]});

    expect((await h.svc(['dm', 'put', '4', 'model/cubes/broken.yml', '--content', BROKEN])).code).toBe(0);
    const invalid = await h.svc(['validate', '4']);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain(`error: data model on ${dev} has 1 compilation error(s)`);
    expect(JSON.parse((await h.svc(['validate', '4', '--json'])).stdout)).toMatchObject({valid: false, branchName: dev, mode: 'dev_mode'});
    expect((await h.svc(['validate', '4', '--branch', 'main'])).code).toBe(0);

    expect((await h.svc(['dm', 'exit-dev-mode', '4'])).code).toBe(0);
    const released = await h.svc(['validate', '4']);
    expect([released.code, released.stdout]).toEqual([0, expect.stringMatching(/^✓ Data model on main is valid/) as unknown]);
  });
});

// The service's clock stands still (a JumpClock at pace 0) from before dev mode starts the branch's build: the first
// query gives up after 300 ms of the client's real time with the build still warming up; the second, polling every
// 20 ms, finds it warming up, and 200 ms after it has said so the clock jumps past the build.
const BUILD_MS = PLANNED_DURATIONS.queuedMs + PLANNED_DURATIONS.buildingMs + PLANNED_DURATIONS.warmupMs;

describe('svc query while the branch warms up', () => {
  let slow: Harness;
  const clock = new JumpClock();
  beforeAll(async () => {
    slow = await startHarness('datamodel-slow', 'svc_e2eDataModelSlow0123456789abcdef', clock);
  });
  afterAll(() => slow?.close());

  it('answers "Continue wait" by asking again (one progress line), and times out with the wait engine’s message', async () => {
    clock.pace(0);
    const dev = devBranchOf((await slow.svc(['dm', 'dev-mode', '1', 'staging'])).stdout)!;
    const query = '{"measures":["orders.count"]}';
    const impatient = await slow.svc(['query', '1', '--branch', dev, '--timeout', '300ms', '--poll', '50ms', query]);
    expect(impatient.code).toBe(1);
    expect(impatient.stderr).toContain(`query on ${dev}: Continue wait\n`);
    expect(impatient.stderr).toMatch(/error: timed out after \d+(\.\d)?m?s waiting for query on .*raise --timeout/);
    // Once it has said so, the build is done 200 ms later: about ten more looks that must not say it again.
    let done: NodeJS.Timeout | undefined;
    const buildLater = (out: {stderr: string}) => {
      if (done === undefined && out.stderr.includes('Continue wait')) done = setTimeout(() => clock.jump(BUILD_MS), 200);
    };
    const patient = await slow.svc(['query', '1', '--branch', dev, '--timeout', '60s', '--poll', '20ms', query], {}, buildLater);
    clearTimeout(done);
    expect(patient.code, patient.stderr).toBe(0);
    expect(patient.stderr.match(/Continue wait/g) ?? []).toHaveLength(1);
    expect(patient.stdout).toMatch(/^orders\.count\n\d+\n$/);
  });
});
