// The in-place context switch and adding/deleting contexts, between two real local services. The switch goes
// through the command layer's own contextTarget (what `svc ui` passes the App), reading a temporary config.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {listRegions} from '../../src/api/account.js';
import {createDeployment} from '../../src/api/deployments.js';
import {contextTarget, LOCAL_LEAVING} from '../../src/commands/uiTarget.js';
import {formatConfig, readConfigFile} from '../../src/config/file.js';
import {sessionIdentity} from '../../src/workflows/contexts.js';
import type {UiClock} from '../../src/ui/clock.js';
import {renderApp, startDemo, type Demo} from '../helpers/screenApp.js';
import {SteppedClock} from '../helpers/steppedClock.js';

const WRONG_KEY = 'svc_wrong_key_never_shown_0123456789';
let dir: string;
const savedEnv: Record<string, string | undefined> = {};

beforeEach(() => {
  for (const name of ['SVC_CONFIG_DIR', 'SVC_API_URL', 'SVC_API_KEY']) savedEnv[name] = process.env[name];
  dir = mkdtempSync(join(tmpdir(), 'svc-ctx-switch-'));
  process.env.SVC_CONFIG_DIR = dir;
});
afterEach(() => {
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(dir, {recursive: true, force: true});
});

/** Two services: alpha has the demo deployments, beta only one of its own. */
async function twoServices(): Promise<{alpha: Demo; beta: Demo}> {
  const alpha = await startDemo('demo');
  const beta = await startDemo('empty');
  const region = (await listRegions(beta.api)).regions[0]!.name;
  await createDeployment(beta.api, {name: 'beta-only', region});
  writeFileSync(
    join(dir, 'config.toml'),
    formatConfig({
      default_context: 'alpha',
      contexts: {
        alpha: {url: alpha.svc.url, api_key: alpha.svc.adminKey},
        beta: {url: beta.svc.url, api_key: beta.svc.adminKey},
        broken: {url: beta.svc.url, api_key: WRONG_KEY},
      },
    }),
    {mode: 0o600},
  );
  return {alpha, beta};
}

const hostOf = (d: Demo) => new URL(d.svc.url).host;
const header = (frame: string) => frame.split('\n')[0] ?? '';

function openOnAlpha(alpha: Demo, opts: {rows?: number; contextName?: string; leaving?: string; session?: undefined; clock?: UiClock} = {}) {
  return renderApp(alpha.api, {screen: 'deployments'}, {
    contextName: 'alpha',
    host: hostOf(alpha),
    session: sessionIdentity(alpha.svc.url, alpha.svc.adminKey),
    switchContext: contextTarget,
    columns: 140,
    ...opts,
  });
}

/** `:ctx <name>` in the palette, seen as the switch it offers, then Enter. */
async function switchTo(tui: ReturnType<typeof openOnAlpha>, name: string): Promise<void> {
  await tui.press(':', `ctx ${name}`);
  await tui.waitForFrame(`switch to context “${name}”`);
  await tui.press('enter');
}

describe('switching the running console to another context', () => {
  it(':ctx <name> moves to that context: new client, empty cache, deployments list, header names it; Contexts Enter moves back', async () => {
    const {alpha, beta} = await twoServices();
    // The environment chose the first connection only; a switch uses the saved context's own URL and key.
    process.env.SVC_API_URL = alpha.svc.url;
    process.env.SVC_API_KEY = alpha.svc.adminKey;
    const tui = openOnAlpha(alpha);
    await tui.waitForFrame('analytics-prod');
    // Somewhere deeper first: the switch starts the stack over.
    await tui.press('enter');
    await tui.waitForFrame(/Deployment · analytics-prod|analytics-prod · /);
    await switchTo(tui, 'beta');
    const onBeta = await tui.waitForFrame((f) => f.includes('beta-only') && f.includes('Switched to context `beta`'));
    expect(header(onBeta)).toContain('beta');
    expect(header(onBeta)).toContain(hostOf(beta));
    expect(header(onBeta)).not.toContain('alpha');
    expect(onBeta).not.toContain('analytics-prod');
    expect(onBeta).toMatch(/Deployments \[1\]/);
    // The stack started over: the crumbs are the deployments list alone.
    expect(onBeta).toMatch(/^<Deployments>\s*$/m);
    // Nothing of alpha's is left in the cache.
    const cached = JSON.stringify(tui.queryClient.getQueryCache().getAll().map((q) => q.state.data ?? null));
    expect(cached).not.toContain('analytics-prod');
    // Esc has nowhere to go back to: the stack is the deployments list alone.
    await tui.press('escape');
    await tui.press(':', 'ctx');
    await tui.waitForFrame('› ctx');
    await tui.press('enter');
    await tui.waitForFrame(/beta \(this session\)/);
    await tui.waitForFrame(/›\s+★?\s*alpha/);
    await tui.press('enter');
    const back = await tui.waitForFrame((f) => f.includes('analytics-prod') && f.includes('Switched to context `alpha`'));
    expect(header(back)).toContain(hostOf(alpha));
    expect(back).not.toContain('beta-only');
  });

  it('leaving the --local service asks first, naming the temporary demo data it loses; No stays, Yes switches', async () => {
    const {alpha, beta} = await twoServices();
    // As `svc ui --local` starts it: a session no saved context holds.
    const tui = openOnAlpha(alpha, {contextName: 'local', leaving: LOCAL_LEAVING, session: undefined});
    await tui.waitForFrame('analytics-prod');
    await switchTo(tui, 'beta');
    let frame = await tui.waitForFrame('Switch to context beta?');
    expect(frame).toMatch(/Leaving `local`: the local service stops and its temporary demo data is deleted/);
    // Esc (and No, the default) keeps the local service: nothing was switched.
    await tui.press('escape');
    frame = await tui.waitForFrame((f) => !f.includes('Switch to context beta?'));
    expect(header(frame)).toContain(hostOf(alpha));
    await switchTo(tui, 'beta');
    await tui.waitForFrame('Switch to context beta?');
    await tui.press('enter');
    frame = await tui.waitForFrame((f) => !f.includes('Switch to context beta?'));
    expect(header(frame)).toContain(hostOf(alpha));
    // Yes switches.
    await switchTo(tui, 'beta');
    await tui.waitForFrame('Switch to context beta?');
    await tui.press('y');
    frame = await tui.waitForFrame((f) => f.includes('beta-only') && f.includes('Switched to context `beta`'));
    expect(header(frame)).toContain(hostOf(beta));
  });

  it('a context whose credential is refused says so and the current one keeps working', async () => {
    const {alpha} = await twoServices();
    // The console's clock stands still until the test moves it: the flash of the refresh below goes when it is told.
    const clock = new SteppedClock();
    const tui = openOnAlpha(alpha, {clock});
    await tui.waitForFrame('analytics-prod');
    await switchTo(tui, 'broken');
    const refused = await tui.waitForFrame('could not switch to `broken`: its saved key was refused (401); `svc login --name broken` saves a new one — still on `alpha`');
    expect(header(refused)).toContain('alpha');
    expect(header(refused)).toContain(hostOf(alpha));
    // An unknown name says so too.
    await switchTo(tui, 'nowhere');
    await tui.waitForFrame(/could not switch to `nowhere`: context `nowhere` not found.* — still on `alpha`/);
    // The old connection still answers: back to the list, refresh, the rows are alpha's.
    await tui.press('escape');
    await tui.waitForFrame('analytics-prod');
    // The refresh is a few milliseconds against a local service: its frame is looked for among all frames painted,
    // not only the last one (a loaded machine may paint it between two looks).
    const before = tui.frames.length;
    await tui.press('r');
    await tui.waitForFrame(() => tui.frames.slice(before).some((f) => f.includes('refreshing…')));
    // The refresh answered and drawn, then the flash's time over (5 s on the console's clock).
    await tui.settle();
    await clock.jump(5_000);
    await tui.waitForFrame((f) => f.includes('analytics-prod') && !f.includes('refreshing…'));
    expect(tui.frames.some((f) => f.includes(WRONG_KEY) || f.includes(alpha.svc.adminKey))).toBe(false);
  });
});

describe('adding and deleting contexts', () => {
  it('a adds a context from a form whose key field is masked; it is saved, not made the default', async () => {
    const {alpha, beta} = await twoServices();
    const tui = openOnAlpha(alpha);
    await tui.press(':', 'ctx');
    await tui.waitForFrame('› ctx');
    await tui.press('enter');
    await tui.waitForFrame(/Contexts \[3\]/);
    await tui.press('a');
    await tui.waitForFrame('Add context');
    // Checked on Enter: a plain-HTTP address off this machine is refused, and the focus goes to the URL.
    await tui.press('gamma', 'tab', 'http://example.com', 'tab', beta.svc.adminKey, 'enter');
    await tui.waitForFrame(/refusing to send credentials over plain HTTP/);
    expect(tui.lastFrame()).toMatch(/› URL\s+http:\/\/example\.com/);
    await tui.press('ctrl+u', beta.svc.url, 'enter');
    await tui.waitForFrame('Saved context `gamma`');
    await tui.waitForFrame(/Contexts \[4\]/);
    const config = readConfigFile(join(dir, 'config.toml'));
    expect(config.contexts.gamma).toEqual({url: beta.svc.url, api_key: beta.svc.adminKey});
    expect(config.default_context).toBe('alpha');
    // The key was never drawn: one • per character while typing.
    expect(tui.frames.some((f) => f.includes(beta.svc.adminKey))).toBe(false);
    expect(tui.frames.some((f) => f.includes('•'.repeat(beta.svc.adminKey.length)))).toBe(true);
    // A name that exists is refused in the form.
    await tui.press('a');
    await tui.waitForFrame('Add context');
    await tui.press('beta', 'enter');
    await tui.waitForFrame('a context named `beta` exists already');
    await tui.press('escape');
    await tui.waitForFrame((f) => !f.includes('Add context'));
    // The new context works: Enter on it switches to beta's service.
    await tui.press('G');
    await tui.waitForFrame(/›\s+gamma/);
    await tui.press('enter');
    await tui.waitForFrame((f) => f.includes('beta-only') && f.includes('Switched to context `gamma`'));
  });

  it('D deletes after a question that says what happens to the default and to this session', async () => {
    const {alpha} = await twoServices();
    const tui = openOnAlpha(alpha);
    await tui.press(':', 'ctx');
    await tui.waitForFrame('› ctx');
    await tui.press('enter');
    await tui.waitForFrame(/alpha \(this session\)/);
    await tui.waitForFrame(/›\s+★\s+alpha/);
    await tui.press('D');
    const asked = await tui.waitForFrame('Delete context alpha?');
    expect(asked).toContain('`beta` becomes the default');
    expect(asked).toContain('This console uses it: it stays connected until you switch or quit');
    // Default No: Enter keeps it.
    await tui.press('enter');
    await tui.waitForFrame((f) => !f.includes('Delete context alpha?'));
    expect(readConfigFile(join(dir, 'config.toml')).contexts.alpha).toBeDefined();
    await tui.press('D');
    await tui.waitForFrame('Delete context alpha?');
    await tui.press('y');
    await tui.waitForFrame('Deleted context `alpha` (default now `beta`); this console stays on it until you switch or quit');
    await tui.waitForFrame(/Contexts \[2\]/);
    const config = readConfigFile(join(dir, 'config.toml'));
    expect(Object.keys(config.contexts).sort()).toEqual(['beta', 'broken']);
    expect(config.default_context).toBe('beta');
    // Still connected to alpha's service.
    await tui.press('escape');
    await tui.waitForFrame('analytics-prod');
  });

  it('--readonly hides add and delete', async () => {
    const {alpha} = await twoServices();
    const tui = renderApp(alpha.api, {screen: 'ctx'}, {readonly: true, switchContext: contextTarget});
    await tui.waitForFrame(/Contexts \[3\]/);
    await tui.press('a');
    await tui.press('D');
    const frame = tui.lastFrame();
    expect(frame).not.toContain('Add context');
    expect(frame).not.toContain('Delete context');
    expect(frame).not.toMatch(/\ba add/);
  });
});
