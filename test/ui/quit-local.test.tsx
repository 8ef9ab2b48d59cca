// `svc ui --local` runs its own service on temporary data. q quits at once while nothing was written to it; after a
// change it asks first, naming the local demo data that quitting deletes. The Contexts screen says how a second
// shell reaches the service: a private env file with its URL and key.
import {readFileSync, statSync} from 'node:fs';
import {afterEach, describe, expect, it} from 'vitest';
import {createApi} from '../../src/api/client.js';
import {createApiKey} from '../../src/api/account.js';
import {createDeploymentToken, listDeployments, updateDeployment} from '../../src/api/deployments.js';
import {localTarget} from '../../src/commands/uiTarget.js';
import type {UiTarget} from '../../src/ui/run.js';
import {renderApp} from '../helpers/screenApp.js';
import {keysSettled} from '../helpers/screenApp.js';

let target: UiTarget | undefined;
afterEach(async () => {
  await target?.close();
  target = undefined;
});

async function openLocal(initial = {screen: 'deployments'}) {
  target = await localTarget(1);
  const tui = renderApp(target.api, initial, {contextName: target.contextName, host: target.host, leaving: target.leaving, embedded: target.embedded, session: undefined});
  return {target, tui};
}

describe('quitting svc ui --local', () => {
  it('q quits at once while nothing changed', async () => {
    const {tui} = await openLocal();
    await tui.waitForFrame('analytics-prod');
    await tui.press('q');
    expect(tui.quits()).toBe(1);
  });

  it('q quits at once after a query: the data token it took is no change', async () => {
    const {target: t, tui} = await openLocal();
    await tui.waitForFrame('analytics-prod');
    await createDeploymentToken(t.api, '1');
    await tui.press('q');
    expect(tui.quits()).toBe(1);
    expect(tui.lastFrame()).not.toContain('Quit?');
  });

  it('after a change q asks first, naming the local demo data and the changes; n stays, y quits', async () => {
    const {target: t, tui} = await openLocal();
    await tui.waitForFrame('analytics-prod');
    await createDeploymentToken(t.api, '1');
    await updateDeployment(t.api, '2', {name: 'renamed-here'});
    await updateDeployment(t.api, '2', {name: 'renamed-again'});
    await createApiKey(t.api, {name: 'second shell'});
    await tui.press('q');
    const frame = await tui.waitForFrame('Quit? The local demo data will be lost');
    expect(frame).toContain('its temporary demo data is deleted');
    expect(frame).toMatch(/Changed here: deployment\.update ×2, apiKey\.create\./);
    expect(tui.quits()).toBe(0);
    await tui.press('n');
    await tui.waitForFrame((f) => !f.includes('Quit?'));
    await keysSettled(tui);
    expect(tui.quits()).toBe(0);
    await tui.press('q');
    await tui.waitForFrame('Quit? The local demo data will be lost');
    await tui.press('y');
    expect(tui.quits()).toBe(1);
  });

  it('the Contexts screen names the env file a second shell sources to reach the service', async () => {
    const {target: t, tui} = await openLocal({screen: 'ctx'});
    const envFile = t.embedded!.envFile;
    const frame = await tui.waitForFrame('From another shell');
    expect(frame).toContain(`. ${envFile}`);
    expect(frame).toContain('its demo data is temporary');
    expect(statSync(envFile).mode & 0o777).toBe(0o600);
    const env = Object.fromEntries([...readFileSync(envFile, 'utf8').matchAll(/^export (\w+)='([^']*)'$/gm)].map((m) => [m[1], m[2]]));
    // What the file holds reaches this very service (another client: the same deployments).
    const other = createApi({baseUrl: env.SVC_API_URL!, token: env.SVC_API_KEY!});
    expect((await listDeployments(other, {})).deployments[0]?.name).toBe('analytics-prod');
  });
});
