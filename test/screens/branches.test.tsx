import {describe, expect, it} from 'vitest';
import {commit, createBranch, listBranches, putFiles, setStagingEnvironment, startDevMode, stopDevMode} from '../../src/api/dataModel.js';
import type {Api} from '../../src/api/client.js';
import {cursorOn, instrument, keysSettled, POLLING, renderApp, startDemo, typeAfter} from '../helpers/screenApp.js';

// A sandbox deployment: just the starter branches (deploy + one shared). The featured deployment 1 also carries the
// seed's dev-mode branch and dbt sync branches, which would only crowd these trees.
const D = '4';
const BRANCHES = {screen: 'branches', params: {deploymentId: D, deploymentName: 'sandbox-01'}};
const WIDE = {columns: 140};
const names = async (api: Api) => (await listBranches(api, D)).map((b) => b.name).sort();
const STEP_MS = {queued: 1_000, building: 3_000, warmup: 2_000};

describe('BranchesScreen', () => {
  it('shows the branches as a tree with kind, parent, staging state and hash', async () => {
    const {api} = await startDemo();
    await createBranch(api, D, {name: 'feature-x', from: 'staging'});
    const dev = (await startDevMode(api, D, 'feature-x')).branchName!;
    const tui = renderApp(api, BRANCHES, WIDE);
    const frame = await tui.waitForFrame('Branches · sandbox-01 [4]');
    const lines = frame.split('\n');
    const row = (name: string) => lines.findIndex((l) => l.includes(name));
    expect(frame).toMatch(/BRANCH\s+KIND\s+PARENT\s+STAGING\s+LAST HASH/);
    expect(frame).toMatch(/› main\s+deploy\s+—\s+—\s+[0-9a-f]{8}/);
    expect(frame).toMatch(/└─ staging\s+shared\s+main/);
    expect(frame).toMatch(/└─ feature-x\s+shared\s+staging\s+off/);
    expect(frame).toMatch(new RegExp(`└─ ${dev}\\s+dev\\s+feature-x\\s+—`));
    // Each child right under its parent.
    expect(row('staging')).toBe(row('main') + 1);
    expect(row(dev)).toBe(row('feature-x') + 1);
    expect(frame).toContain('n new branch');
  });

  it("b opens a branch's build, which names what runs it: staging for a staging branch, not dev_mode", async () => {
    const {api} = await startDemo();
    await setStagingEnvironment(api, D, {branchName: 'staging', enabled: true});
    const tui = renderApp(api, BRANCHES, WIDE);
    await tui.waitForFrame('Branches · sandbox-01');
    await tui.press('j');
    await cursorOn(tui, /› .*staging\s+shared/);
    await tui.press('b');
    const frame = await tui.waitForFrame('Branch: staging');
    expect(frame).toContain('Branch: staging (staging)');
    expect(frame).not.toContain('dev_mode');
  });

  it('narrows with / and says when nothing matches', async () => {
    const {api} = await startDemo();
    await createBranch(api, D, {name: 'feature-x'});
    const tui = renderApp(api, BRANCHES, WIDE);
    await tui.waitForFrame('[3]');
    await tui.press('/');
    await typeAfter(tui, 'type to filter', 'feat', 'enter');
    const frame = await tui.waitForFrame('[1]');
    expect(frame).toContain('feature-x');
    expect(frame).not.toMatch(/staging\s+shared/);
    await tui.press('escape');
    await tui.waitForFrame('[3]');
    await tui.press('/');
    await typeAfter(tui, 'type to filter', 'zzz', 'enter');
    await tui.waitForFrame('No branches match /zzz');
  });

  it('n creates a branch from the selected one; a refused name keeps the dialog open with the reason', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, BRANCHES, WIDE);
    await tui.waitForFrame('[2]');
    await tui.press('j');
    await cursorOn(tui, /›\s+└─ staging/);
    await tui.press('n');
    await typeAfter(tui, 'New branch from staging', 'dev-mine', 'enter');
    await tui.waitForFrame('starts with dev-, which is reserved');
    expect(tui.lastFrame()).toContain('New branch from staging');
    // ctrl+u clears the field.
    await tui.press('\u0015');
    // The example is marked as one (‹…›) and is not a value: an empty field says so.
    await tui.waitForFrame('Name: ‹e.g. feature/orders›');
    await tui.press('enter');
    await tui.waitForFrame('name is empty');
    await typeAfter(tui, 'Name: ‹e.g. feature/orders›', 'feature-y', 'enter');
    const frame = await tui.waitForFrame('Created branch feature-y from staging');
    expect(frame).toMatch(/└─ feature-y\s+shared\s+staging/);
    // The cursor lands on the new branch.
    await tui.waitForFrame(/›\s+└─ feature-y\s+shared/);
    expect(await names(api)).toEqual(['feature-y', 'main', 'staging']);
  });

  it('n refuses what the service refuses, before sending it: git ref rules, invisible characters, a name taken in another case', async () => {
    const {api} = await startDemo();
    const spy = instrument(api);
    const tui = renderApp(spy.api, BRANCHES, WIDE);
    await tui.waitForFrame('[2]');
    await tui.press('n');
    await typeAfter(tui, 'New branch from main', 'bad..name', 'enter');
    await tui.waitForFrame('it contains "..", which git does not allow in ref names');
    await tui.press('\u0015');
    await typeAfter(tui, 'Name: ‹e.g. feature/orders›', 'zero\u200bwidth', 'enter');
    await tui.waitForFrame('contains U+200B, an invisible');
    expect(spy.count(/^POST .*\/branches/)).toBe(0);
    // Taken without regard to case: only the service knows the list, and its 409 is shown in the dialog.
    await tui.press('\u0015');
    await typeAfter(tui, 'Name: ‹e.g. feature/orders›', 'STAGING', 'enter');
    await tui.waitForFrame('branch names are unique without regard to case');
    expect(await names(api)).toEqual(['main', 'staging']);
  });

  it('D asks before deleting: n and Esc keep the branch, y deletes it; the deploy branch is refused', async () => {
    const {api} = await startDemo();
    await createBranch(api, D, {name: 'old-work'});
    const spy = instrument(api);
    const tui = renderApp(spy.api, BRANCHES, WIDE);
    await tui.waitForFrame('[3]');
    await tui.press('D');
    await tui.waitForFrame('main is the deploy branch; it cannot be deleted');
    await tui.press('j');
    await cursorOn(tui, /›\s+├─ old-work/);
    const target = 'old-work';
    for (const cancel of ['n', 'escape']) {
      await tui.press('D');
      await tui.waitForFrame(`Delete branch ${target}?`);
      await tui.press(cancel);
      await tui.waitForFrame((f) => !f.includes('Delete branch'));
    }
    expect(spy.count(/^DELETE/)).toBe(0);
    await tui.press('D');
    await tui.waitForFrame(`Delete branch ${target}?`);
    await tui.press('y');
    await tui.waitForFrame(`Deleted branch ${target}`);
    await tui.waitForFrame('[2]');
    expect(await names(api)).not.toContain(target);
  });

  it('s enables and disables a shared branch’s staging environment after confirming', async () => {
    const {api} = await startDemo();
    await createBranch(api, D, {name: 'feature-x', from: 'staging'});
    const tui = renderApp(api, BRANCHES, WIDE);
    await tui.waitForFrame('[3]');
    await tui.press('G');
    await cursorOn(tui, /›\s+└─ feature-x\s+shared\s+staging\s+off/);
    await tui.press('s');
    await tui.waitForFrame('Enable the staging environment of feature-x?');
    await tui.press('y');
    // Enabling starts a build of the branch: the build screen opens to watch it, Esc comes back.
    await tui.waitForFrame('Staging enabled for feature-x; watching its build');
    await tui.waitForFrame('staging build · feature-x');
    await tui.press('escape');
    await tui.waitForFrame(/└─ feature-x\s+shared\s+staging\s+● on/);
    await cursorOn(tui, /›\s+└─ feature-x/);
    expect((await listBranches(api, D)).find((b) => b.name === 'feature-x')?.stagingEnabled).toBe(true);
    await tui.press('s');
    await tui.waitForFrame('Disable the staging environment of feature-x?');
    await tui.press('y');
    await tui.waitForFrame('Staging disabled for feature-x');
    await tui.waitForFrame(/└─ feature-x\s+shared\s+staging\s+off/);
    expect((await listBranches(api, D)).find((b) => b.name === 'feature-x')?.stagingEnabled).toBe(false);
  });

  it('shows the service’s refusal of staging on a dev branch with what to do instead', async () => {
    const {api} = await startDemo();
    const dev = (await startDevMode(api, D, 'staging')).branchName!;
    const tui = renderApp(api, BRANCHES, {columns: 200});
    await tui.waitForFrame('[3]');
    await tui.press('G');
    await cursorOn(tui, new RegExp(`›\\s+└─ ${dev}`));
    await tui.press('s');
    await tui.waitForFrame(`Enable the staging environment of ${dev}?`);
    await tui.press('y');
    const frame = await tui.waitForFrame(`could not enable staging on ${dev}`);
    expect(frame).toContain(`Branch ${dev} is a personal dev-mode branch — staging is for shared branches: create one (n)`);
    expect((await listBranches(api, D)).find((b) => b.name === dev)?.stagingEnabled).toBe(false);
  });

  it('m merges a branch into the deploy branch after confirming, then shows the production rebuild live', async () => {
    const {api, clock} = await startDemo();
    const dev = (await startDevMode(api, D, 'staging')).branchName!;
    await putFiles(api, D, [{path: 'model/cubes/extra.yml', content: 'cubes:\n  - name: extra\n    sql_table: public.extra\n    measures:\n      - name: count\n        type: count\n'}], {branchName: dev});
    await commit(api, D, {branchName: dev});
    await stopDevMode(api, D);
    clock.advance(60_000);
    const spy = instrument(api);
    // It watches the rebuild: polled at POLLING's pace, the build's end shows without waiting for a 2 s poll.
    const tui = renderApp(spy.api, BRANCHES, {...WIDE, ...POLLING});
    await tui.waitForFrame('[3]');
    await tui.press('m');
    await tui.waitForFrame('main is the deploy branch already');
    await tui.press('j');
    await cursorOn(tui, /›\s+└─ staging/);
    await tui.press('m');
    await tui.waitForFrame('Merge staging into main?');
    await tui.press('n');
    await tui.waitForFrame((f) => !f.includes('Merge staging into main?'));
    expect(spy.count(/^POST .*merge-to-default/)).toBe(0);
    await tui.press('m');
    await tui.waitForFrame('Merge staging into main?');
    await tui.press('y');
    let frame = await tui.waitForFrame('Build · sandbox-01 · main');
    expect(frame).toContain('Merged staging into main; watching the production rebuild');
    frame = await tui.waitForFrame('Status: ● building');
    clock.advance(STEP_MS.queued + STEP_MS.building + STEP_MS.warmup);
    frame = await tui.waitForFrame('Build of main built');
    expect(frame).toContain('Status: ✓ built');
    expect(spy.count(/^POST .*merge-to-default/)).toBe(1);
    expect(await names(api)).not.toContain('staging');
  });

  it('is read-only with --readonly: no create, delete, staging or merge keys, and their hints are gone', async () => {
    const {api} = await startDemo();
    const spy = instrument(api);
    const tui = renderApp(spy.api, BRANCHES, {...WIDE, readonly: true});
    const frame = await tui.waitForFrame('[2]');
    expect(frame).not.toContain('n new branch');
    expect(frame).not.toContain('D delete branch');
    await tui.press('j');
    await cursorOn(tui, /›\s+└─ staging/);
    await tui.press('n', 'D', 's', 'm');
    await keysSettled(tui);
    expect(tui.lastFrame()).not.toMatch(/New branch|Delete branch|staging environment of|Merge staging/);
    expect(spy.calls.filter((c) => !c.startsWith('GET'))).toEqual([]);
  });

  it('the overview opens Branches with B and dev mode with d', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'deployment', params: BRANCHES.params}, WIDE);
    await tui.waitForFrame('Deploy branch');
    await tui.press('B');
    await tui.waitForFrame('Branches · sandbox-01 [2]');
    await tui.press('escape');
    await tui.waitForFrame('Deploy branch');
    await tui.press('d');
    await tui.waitForFrame(/Dev mode · sandbox-01[\s\S]*Not in dev mode/);
  });
});
