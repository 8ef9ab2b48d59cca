import {mkdtemp, readFile, stat} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {createDeployment} from '../../src/api/deployments.js';
import {idString} from '../../src/api/read.js';
import type {Tui} from '../helpers/renderTui.js';
import {instrument, refreshAfterServiceStops, renderApp, renderThroughLoading, startDemo, typeAfter} from '../helpers/screenApp.js';

const ENVS = {screen: 'environments', params: {deploymentId: '1', deploymentName: 'analytics-prod'}};
const OSC52 = /\x1b\]52;c;([A-Za-z0-9+/=]+)\x07/;

/** Clears a text field holding `length` characters. */
const clear = (length: number) => Array.from({length}, () => 'backspace');

async function openTokenForm(tui: Tui) {
  await tui.waitForFrame('Environments · analytics-prod [3]');
  await tui.press('T');
  await tui.waitForFrame('Issue metadata token for production');
}

describe('EnvironmentsScreen', () => {
  it('lists environments with REST and SQL columns and details of the selected one', async () => {
    const {tui, frame} = await renderThroughLoading(ENVS, 'Loading environments…', /REST URL\s+http\S+\n/);
    expect(frame).toMatch(/NAME\s+TYPE\s+REST URL\s+SQL HOST:PORT/);
    expect(frame).toMatch(/› production\s+production\s+http/);
    expect(frame).toMatch(/staging\s+staging/);
    expect(frame).toMatch(/dev-admin\s+development/);
    expect(frame).toMatch(/SQL\s+host \S+ port \d+\s+branch main/);
    await tui.press('j');
    await tui.waitForFrame(/SQL\s+host \S+ port \d+\s+branch staging/);
  });

  it('t cycles the type filter through production, staging, development and back to all', async () => {
    const {api} = await startDemo();
    const spy = instrument(api);
    const tui = renderApp(spy.api, ENVS);
    await tui.waitForFrame('Environments · analytics-prod [3]');
    await tui.press('t');
    let frame = await tui.waitForFrame('Environments · analytics-prod · type:production [1]');
    expect(frame).not.toContain('dev-admin');
    await tui.press('t');
    // The previous rows stay up (keepPreviousData) until the staging list arrives.
    frame = await tui.waitForFrame(/type:staging \[1\][\s\S]*› staging/);
    await tui.press('t');
    await tui.waitForFrame('type:development [1]');
    await tui.press('t');
    await tui.waitForFrame('Environments · analytics-prod [3]');
    expect(spy.count(/environments\?type=staging/)).toBeGreaterThan(0);
  });

  it('says when a type has no environments, and when the / filter hides them all', async () => {
    const {api} = await startDemo('empty');
    const created = await createDeployment(api, {name: 'solo', region: 'aws-us-east-1'});
    const tui = renderApp(api, {screen: 'environments', params: {deploymentId: idString(created.id) ?? '', deploymentName: 'solo'}});
    await tui.waitForFrame('Environments · solo [1]');
    await tui.press('t', 't');
    await tui.waitForFrame('No staging environments yet');
    await tui.press('t', 't');
    await tui.waitForFrame('Environments · solo [1]');
    await tui.press('/');
    await typeAfter(tui, 'type to filter', 'zzz', 'enter');
    await tui.waitForFrame('No environments match /zzz');
  });

  it('keeps the rows when a refresh fails', async () => {
    const frame = await refreshAfterServiceStops(ENVS, '[3]');
    expect(frame).toContain('dev-admin');
  });

  it('a token of the default lifetime is asked without expires_in: the service applies its default (a day)', async () => {
    const {api} = await startDemo();
    const bodies: unknown[] = [];
    const tui = renderApp({...api, post: (path, o) => (bodies.push(o?.json), api.post(path, o))}, ENVS);
    await openTokenForm(tui);
    await typeAfter(tui, 'Security context:', 'enter');
    await tui.waitForFrame('Metadata token for production');
    expect(bodies).toEqual([{security_context: {}}]);
    await tui.press('y');
    await tui.waitForFrame('Copied the token to the clipboard (OSC 52)');
    const copied = tui.frames.map((f) => OSC52.exec(f)?.[1]).find(Boolean);
    const claims = JSON.parse(Buffer.from(Buffer.from(copied ?? '', 'base64').toString('utf8').split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(claims.exp - claims.iat).toBe(86400);
  });

  it('rejects invalid input inline, then issues a token that can be copied and written to a file', async () => {
    const {api} = await startDemo();
    const spy = instrument(api);
    const tui = renderApp(spy.api, ENVS);
    await openTokenForm(tui);
    await typeAfter(tui, 'Security context:', ...clear(2), '{tenant: acme}', 'enter');
    await tui.waitForFrame('security context is not valid JSON');
    await tui.press(...clear(14), '["acme"]', 'enter');
    await tui.waitForFrame('security context must be a JSON object');
    await tui.press(...clear(8), '{"tenant":"acme"}', 'tab', ...clear(5), '0', 'enter');
    await tui.waitForFrame('expires in must be a positive whole number of seconds, not "0"');
    expect(spy.count(/^POST/)).toBe(0);

    await tui.press('backspace', '600', 'enter');
    let frame = await tui.waitForFrame('Metadata token for production');
    expect(spy.count(/^POST .*tokens-for-meta-sync/)).toBe(1);
    expect(frame).toMatch(/issued \S+ · expires \S+/);
    expect(frame).toContain('eyJ');

    await tui.press('y');
    await tui.waitForFrame('Copied the token to the clipboard (OSC 52)');
    const copied = tui.frames.map((f) => OSC52.exec(f)?.[1]).find(Boolean);
    const token = Buffer.from(copied ?? '', 'base64').toString('utf8');
    expect(token.split('.')).toHaveLength(3);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(claims.security_context).toEqual({tenant: 'acme'});
    expect(claims.exp - claims.iat).toBe(600);

    const dir = await mkdtemp(join(tmpdir(), 'svc-env-'));
    const path = join(dir, 'meta.jwt');
    await tui.press('w');
    // The default path is pre-filled, editable text (not an example that counts as empty): ctrl+u clears it.
    await typeAfter(tui, 'File: ./metadata-token.jwt', '\u0015', path, 'enter');
    await tui.waitForFrame(`Wrote token to ${path} (mode 0600)`);
    expect((await readFile(path, 'utf8')).trim()).toBe(token);
    expect((await stat(path)).mode & 0o777).toBe(0o600);

    await tui.press('escape');
    frame = await tui.waitForFrame('Environments · analytics-prod [3]');
    expect(frame).not.toContain('eyJ');
  });

  it('Esc cancels the token form without a request', async () => {
    const {api} = await startDemo();
    const spy = instrument(api);
    const tui = renderApp(spy.api, ENVS);
    await openTokenForm(tui);
    await typeAfter(tui, 'Security context:', 'escape');
    await tui.waitForFrame((f) => !f.includes('Issue metadata token'));
    expect(spy.count(/^POST/)).toBe(0);
  });
});
