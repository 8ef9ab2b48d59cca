// The Environments screen's environment tokens (issue 13 item 4): K lists the selected environment's tokens
// (redacted values), n issues one through a form with security context, expiry and scopes, the value is shown
// once, and the listing then holds only its tail. Read-only mode lists but cannot issue.
import {describe, expect, it} from 'vitest';
import {createEnvironmentToken, listEnvironmentTokens} from '../../src/api/environments.js';
import {instrument, renderApp, startDemo, typeAfter} from '../helpers/screenApp.js';

const ENVS = {screen: 'environments', params: {deploymentId: '1', deploymentName: 'analytics-prod'}};
const clear = (length: number) => Array.from({length}, () => 'backspace');

async function productionId(api: Parameters<typeof createEnvironmentToken>[0]): Promise<string> {
  const raw = (await api.get('/api/v1/deployments/1/environments', {searchParams: {type: 'production'}})) as {data: {environments: Array<{id: string}>}};
  return raw.data.environments[0]!.id;
}

describe('Environments screen: environment tokens', () => {
  it('K lists the tokens of the selected environment, values redacted', async () => {
    const {api} = await startDemo();
    const made = await createEnvironmentToken(api, '1', await productionId(api), {security_context: {tenant: 'acme'}, scopes: ['meta']});
    const tui = renderApp(api, ENVS, {columns: 140});
    await tui.waitForFrame('Environments · analytics-prod [3]');
    await tui.press('K');
    const frame = await tui.waitForFrame(/Environment tokens of production \[1\][\s\S]*…\S{8}\s+meta/);
    expect(frame).toContain(`…${made.token.slice(-8)}`);
    expect(frame).toContain('{"tenant":"acme"}');
    expect(frame).not.toContain(made.token);
    expect(frame).toContain('n issue a token');
    await tui.press('escape');
    await tui.waitForFrame((f) => !f.includes('Environment tokens of'));
  });

  it('n issues a token: inline validation, the value shown once, then only its tail in the list', async () => {
    const {api} = await startDemo();
    const spy = instrument(api);
    const tui = renderApp(spy.api, ENVS, {columns: 140});
    await tui.waitForFrame('Environments · analytics-prod [3]');
    await tui.press('K');
    await tui.waitForFrame('No tokens issued for production yet.');
    await tui.press('n');
    await tui.waitForFrame('Issue environment token for production');
    // Expiry above the environment token maximum, then empty scopes: refused inline, nothing sent.
    await typeAfter(tui, 'Security context:', ...clear(2), '{"tenant":"globex"}', 'tab', ...clear(4), '7200', 'enter');
    await tui.waitForFrame('expires in is at most 3600 seconds for this token');
    await tui.press(...clear(4), '900', 'tab', ...clear(9), 'enter');
    await tui.waitForFrame('scopes are empty');
    expect(spy.count(/^POST/)).toBe(0);
    // A scope the service does not know: its answer shows inline and the form stays open.
    await tui.press('admin', 'enter');
    await tui.waitForFrame(/each scope must be one of data, meta/);
    expect(spy.count(/^POST .*\/environments\/\d+\/tokens$/)).toBe(1);
    await tui.press(...clear(5), 'data', 'enter');
    let frame = await tui.waitForFrame('Environment token for production');
    expect(frame).toMatch(/scopes data · shown only now/);
    expect(spy.count(/^POST .*\/environments\/\d+\/tokens$/)).toBe(2);
    await tui.press('escape');
    frame = await tui.waitForFrame(/Environment tokens of production \[1\][\s\S]*…\S{8}\s+data/);
    expect(frame).not.toContain('eyJ');
    expect(frame).toContain('{"tenant":"globex"}');
    const [listed] = (await listEnvironmentTokens(api, '1', await productionId(api))).tokens;
    expect(listed?.scopes).toEqual(['data']);
    expect(frame).toContain(listed!.token);
  });

  it('K lists a metadata token T has just issued, also when the listing was open (and empty) before', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, ENVS, {columns: 140});
    await tui.waitForFrame('Environments · analytics-prod [3]');
    await tui.press('K');
    await tui.waitForFrame('No tokens issued for production yet.');
    await tui.press('escape');
    await tui.waitForFrame((f) => !f.includes('Environment tokens of'));
    await tui.press('T');
    await typeAfter(tui, 'Issue metadata token for production', 'enter');
    await tui.waitForFrame('Metadata token for production');
    await tui.press('escape');
    await tui.waitForFrame((f) => !f.includes('Metadata token for production'));
    const before = tui.frames.length;
    await tui.press('K');
    const frame = await tui.waitForFrame(/Environment tokens of production \[1\][\s\S]*…\S{8}\s+meta\s/);
    // Not even for a moment: the listing read before the token was issued is not shown again.
    expect(tui.frames.slice(before).filter((f) => f.includes('No tokens issued'))).toEqual([]);
    const [listed] = (await listEnvironmentTokens(api, '1', await productionId(api))).tokens;
    expect(listed?.scopes).toEqual(['meta']);
    expect(frame).toContain(listed!.token);
  });

  it('is read-only with --readonly: K lists, n issues nothing', async () => {
    const {api} = await startDemo();
    const spy = instrument(api);
    const tui = renderApp(spy.api, ENVS, {columns: 140, readonly: true});
    await tui.waitForFrame('Environments · analytics-prod [3]');
    await tui.press('K');
    const frame = await tui.waitForFrame('No tokens issued for production yet.');
    expect(frame).not.toContain('n issue a token');
    const before = tui.frames.length;
    await tui.press('n');
    // press() returns once the key is handled and drawn, settle() once what it started is answered and drawn.
    await tui.settle();
    expect(tui.frames.slice(before).filter((f) => f.includes('Issue environment token'))).toEqual([]);
    expect(spy.calls.filter((c) => !c.startsWith('GET'))).toEqual([]);
  });
});
