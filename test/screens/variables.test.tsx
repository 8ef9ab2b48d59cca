// The environment variables screen on the real service: secrets masked (in every frame, also while typed), set →
// the row appears and the rebuild it started is shown, unset → the row is gone, each confirm naming the rebuild;
// --readonly hides and refuses set/unset; a refused name keeps everything typed.
import {describe, expect, it} from 'vitest';
import {getBuildStatus} from '../../src/api/builds.js';
import {listEnvVars, setEnvVars} from '../../src/api/envVars.js';
import type {Api} from '../../src/api/client.js';
import type {Tui} from '../helpers/renderTui.js';
import {cursorOn, POLLING, renderApp, startDemo, typeAfter} from '../helpers/screenApp.js';

const VARS = {screen: 'variables', params: {deploymentId: '1', deploymentName: 'analytics-prod'}};
const WIDE = {columns: 120, rows: 30};
const namesOf = async (api: Api) => (await listEnvVars(api, '1')).variables.map((v) => v.name);
const noFrameHas = (tui: Tui, secret: string) => expect(tui.frames.filter((f) => f.includes(secret))).toEqual([]);

describe('VariablesScreen', () => {
  it('lists the variables with secret values masked', async () => {
    const {api} = await startDemo();
    await setEnvVars(api, '1', [{name: 'MY_API_KEY', value: 'hush-hush-42'}, {name: 'PLAIN_SETTING', value: 'visible-value'}]);
    const tui = renderApp(api, VARS, WIDE);
    // Setting them rebuilt production already.
    const frame = await tui.waitForFrame(/Variables · analytics-prod \[8\][\s\S]*Production\s+● building/);
    expect(frame).toMatch(/NAME\s+SECRET\s+VALUE/);
    expect(frame).toMatch(/CUBEJS_DB_PASS\s+yes\s+••••••••/);
    expect(frame).toMatch(/MY_API_KEY\s+yes\s+••••••••/);
    expect(frame).toMatch(/CUBEJS_DB_TYPE\s+postgres/);
    expect(frame).toMatch(/PLAIN_SETTING\s+visible-value/);
    expect(frame).toMatch(/Production\s+● building build \d+ of main · a change rebuilds it/);
    expect(frame).toContain('n set a variable');
    noFrameHas(tui, 'hush-hush-42');
    noFrameHas(tui, '[ENCRYPTED]');
  });

  it('masks secret-looking values a service answers raw', async () => {
    const {api} = await startDemo();
    const raw = [{name: 'DB_PASSWORD', value: 'raw-leak-1'}, {name: 'github_token', value: 'raw-leak-2'}, {name: 'PLAIN', value: 'shown'}];
    const hostile: Api = {...api, get: (path, options) => (path.endsWith('/env-vars') ? Promise.resolve({items: raw, pageInfo: {hasNextPage: false}}) : api.get(path, options))};
    const tui = renderApp(hostile, VARS, WIDE);
    const frame = await tui.waitForFrame(/Variables · analytics-prod \[3\]/);
    expect(frame).toMatch(/DB_PASSWORD\s+yes\s+••••••••/);
    expect(frame).toMatch(/github_token\s+yes\s+••••••••/);
    expect(frame).toMatch(/PLAIN\s+shown/);
    noFrameHas(tui, 'raw-leak');
  });

  it('n sets a variable after a confirm that names the rebuild; the row appears and the rebuild is watched', async () => {
    const {api, clock} = await startDemo();
    const before = (await getBuildStatus(api, '1', 'main')).buildJobId!;
    // It watches the rebuild: polled at POLLING's pace, the build's end shows without waiting for a 2 s poll.
    const tui = renderApp(api, VARS, {...WIDE, ...POLLING});
    await tui.waitForFrame(/Variables · analytics-prod \[6\][\s\S]*Production\s+✓/);
    await tui.press('n');
    await typeAfter(tui, 'Set a variable on analytics-prod', 'FEATURE_FLAG', 'tab', 'on', 'enter');
    const confirm = await tui.waitForFrame('Set FEATURE_FLAG on analytics-prod?');
    expect(confirm).toContain('This rebuilds production: branch main is built again and its pods restart with the new values.');
    expect(await namesOf(api)).not.toContain('FEATURE_FLAG');
    await tui.press('y');
    await tui.waitForFrame('Set FEATURE_FLAG; rebuilding main');
    const frame = await tui.waitForFrame(/Rebuild\s+● building build \d+ of main \(started by your change\)/);
    expect(frame).toMatch(/› FEATURE_FLAG\s+on/);
    expect((await listEnvVars(api, '1')).variables).toContainEqual({name: 'FEATURE_FLAG', value: 'on'});
    const rebuild = await getBuildStatus(api, '1', 'main');
    expect(rebuild.buildJobId).toBeGreaterThan(before);
    clock.advance(10_000);
    await tui.waitForFrame(new RegExp(`Rebuild\\s+✓ built build ${rebuild.buildJobId} of main`));
    await tui.press('b');
    await tui.waitForFrame('Build · analytics-prod · main');
  });

  it('a secret is typed masked and never drawn, before or after it is set', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, VARS, WIDE);
    await tui.waitForFrame('[6]');
    await tui.press('n');
    await typeAfter(tui, 'Set a variable on analytics-prod', 'WAREHOUSE_TOKEN', 'tab', 'tok-3141-secret');
    const form = await tui.waitForFrame(/Value:\s+•{15}\s/);
    expect(form).toContain('Secret: yes (the name contains TOKEN); the value is never shown back');
    await tui.press('enter');
    await tui.waitForFrame('Set WAREHOUSE_TOKEN on analytics-prod?');
    await tui.press('y');
    await tui.waitForFrame(/WAREHOUSE_TOKEN\s+yes\s+••••••••/);
    noFrameHas(tui, 'tok-3141-secret');
    // It reached the service all the same (as the owner of the deployment would read it through the engine).
    expect(await namesOf(api)).toContain('WAREHOUSE_TOKEN');
  });

  it('D unsets the selected variable after a confirm that names the rebuild; the row is gone', async () => {
    const {api} = await startDemo();
    await setEnvVars(api, '1', [{name: 'AAA_OLD_FLAG', value: 'x'}]);
    const tui = renderApp(api, VARS, WIDE);
    await cursorOn(tui, /› AAA_OLD_FLAG\s+x/);
    await tui.press('D');
    const confirm = await tui.waitForFrame('Unset AAA_OLD_FLAG on analytics-prod?');
    expect(confirm).toContain('The variable is removed. This rebuilds production: branch main is built again');
    await tui.press('y');
    await tui.waitForFrame('Unset AAA_OLD_FLAG; rebuilding main');
    const frame = await tui.waitForFrame(/Rebuild\s+● building build \d+ of main \(started by your change\)/);
    expect(frame).not.toMatch(/AAA_OLD_FLAG\s+x/);
    expect(frame).toContain('Variables · analytics-prod [6]');
    expect(await namesOf(api)).not.toContain('AAA_OLD_FLAG');
  });

  it('a bad name is refused next to the field and nothing typed is lost; No goes back to the form', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, VARS, WIDE);
    await tui.waitForFrame('[6]');
    await tui.press('n');
    await typeAfter(tui, 'Set a variable on analytics-prod', '1BAD-NAME', 'tab', 'kept-value', 'enter');
    const frame = await tui.waitForFrame('use letters, digits and _, not a digit first');
    expect(frame).toMatch(/Name:\s+1BAD-NAME/);
    expect(frame).toMatch(/Value:\s+kept-value/);
    // Fix the name: the cursor is back on it, the value is still there.
    await tui.press('end', 'ctrl+u', 'GOOD_NAME', 'enter');
    await tui.waitForFrame('Set GOOD_NAME on analytics-prod?');
    await tui.press('n');
    const back = await tui.waitForFrame(/Value:\s+kept-value/);
    expect(back).toMatch(/Name:\s+GOOD_NAME/);
    await tui.press('escape');
    await tui.waitForFrame('n set a variable');
    expect(await namesOf(api)).not.toContain('GOOD_NAME');
  });

  it('--readonly hides set/change/unset and refuses their keys', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, VARS, {...WIDE, readonly: true});
    const frame = await tui.waitForFrame('[6]');
    expect(frame).toContain('b production build');
    expect(frame).not.toContain('set a variable');
    expect(frame).not.toContain('unset');
    await tui.press('n');
    await tui.press('D');
    await tui.press('e');
    await tui.press('j');
    const after = await tui.waitForFrame(/› CUBEJS_DB_NAME/);
    expect(after).not.toContain('Set a variable');
    expect(after).not.toContain('Unset');
  });

  it('is reachable from the overview (V) and by :variables', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'deployment', params: {deploymentId: '1', deploymentName: 'analytics-prod'}, label: 'analytics-prod'}, WIDE);
    const overview = await tui.waitForFrame(/Deploy branch\s+main/);
    expect(overview).toContain('B branches  V variables');
    await tui.press('V');
    await tui.waitForFrame('Variables · analytics-prod [6]');
    await tui.press('escape');
    await tui.waitForFrame(/Deploy branch\s+main/);
    await tui.press(':');
    await typeAfter(tui, /^:/m, 'vars', 'enter');
    await tui.waitForFrame('Variables · analytics-prod [6]');
  });
});
