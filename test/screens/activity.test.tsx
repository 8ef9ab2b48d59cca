// :activity against the real local service: a sync started from the API and an env-var rebuild show while going,
// end in the right status without a key, f keeps the failed one, Enter opens the run's own screen.
import {describe, expect, it} from 'vitest';
import {startDbtSync} from '../../src/api/dbt.js';
import {setEnvVars} from '../../src/api/envVars.js';
import {renderApp, startDemo} from '../helpers/screenApp.js';

describe('ActivityScreen', () => {
  it('shows runs across deployments while going and as they end; f shows failed only; Enter opens the sync', async () => {
    const {api, clock} = await startDemo();
    const {syncJobId} = await startDbtSync(api, '1', {ref: 'broken-compile'});
    await setEnvVars(api, '2', [{name: 'ACTIVITY_PROBE', value: '1'}]);
    const tui = renderApp(api, {screen: 'activity', params: {}});
    const going = await tui.waitForFrame((f) => /sync .*broken-compile.*running/.test(f) && /build.*(queued|running)/.test(f));
    expect(going).toMatch(/DEPLOYMENT.*KIND.*BRANCH\/REF.*TRIGGER.*STATUS.*PHASE.*ELAPSED/);
    expect(going).toMatch(/analytics-prod.*sync.*broken-compile.*api.*running/);
    // No key pressed: the service's time moves on and the rows follow.
    clock.advance(120_000);
    const ended = await tui.waitForFrame((f) => /sync .*broken-compile.*failed.*dbt-compile/.test(f) && /build.*succeeded/.test(f));
    expect(ended).toContain(syncJobId.slice(0, 7));
    await tui.press('f');
    const failedOnly = await tui.waitForFrame((f) => f.includes('failed only') && !/build.*succeeded/.test(f));
    expect(failedOnly).toMatch(/sync .*broken-compile.*failed/);
    await tui.press('enter');
    await tui.waitForFrame(new RegExp(`sync ${syncJobId.slice(0, 8)}`));
  });

  it('is on the palette as :activity and :pulse', async () => {
    const {api} = await startDemo();
    const tui = renderApp(api, {screen: 'deployments', params: {}});
    await tui.waitForFrame(/Deployments/);
    await tui.press(':');
    for (const ch of 'pulse') await tui.press(ch);
    await tui.press('enter');
    await tui.waitForFrame(/Activity/);
  });
});
