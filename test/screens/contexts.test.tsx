// Contexts screen: saved contexts from a temporary SVC_CONFIG_DIR, the App talking to the real service.
import {readFileSync, statSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {formatConfig, readConfigFile} from '../../src/config/file.js';
import {sessionIdentity} from '../../src/workflows/contexts.js';
import {renderApp, startDemo} from '../helpers/screenApp.js';
import {tempConfigDirPerTest} from '../helpers/tempConfigDir.js';

const CTX = {screen: 'ctx'};
const SECRET = 'sk_live_do_not_show_0123456789';

const configDir = tempConfigDirPerTest('svc-ctx-');

function writeConfig(url: string) {
  writeFileSync(
    join(configDir(), 'config.toml'),
    formatConfig({
      default_context: 'prod',
      contexts: {prod: {url, api_key: SECRET}, staging: {url: 'https://staging.example', api_key: `${SECRET}_2`, refresh_token: 'rt_hidden_too'}},
    }),
    {mode: 0o600},
  );
}

describe('ContextsScreen', () => {
  it('marks the saved context this session uses by URL and credential, not by name', async () => {
    const {api, svc} = await startDemo();
    writeFileSync(
      join(configDir(), 'config.toml'),
      formatConfig({
        default_context: 'local',
        contexts: {local: {url: 'http://127.0.0.1:9', api_key: SECRET}, mine: {url: `${svc.url}/`, api_key: svc.adminKey}, 'same-url': {url: svc.url, api_key: `${SECRET}_3`}},
      }),
      {mode: 0o600},
    );
    // `svc ui --local` is named "local" but runs its own service on another URL.
    const tui = renderApp(api, CTX, {contextName: 'local', session: sessionIdentity(svc.url, svc.adminKey)});
    const frame = await tui.waitForFrame((f) => /Contexts \[3\]/.test(f) && f.includes('same-url'));
    expect(frame).toContain('mine (this session)');
    expect(frame).not.toContain('local (this session)');
    expect(frame).not.toContain('same-url (this session)');
  });

  it('lists saved contexts with ★ on the default, never the credential', async () => {
    const {api, svc} = await startDemo();
    writeConfig(svc.url);
    const tui = renderApp(api, CTX, {contextName: 'prod', session: sessionIdentity(svc.url, SECRET)});
    // The rows and the title's count come from one load but paint in two steps: wait for both.
    const frame = await tui.waitForFrame((f) => /staging\s+https:\/\/staging\.example/.test(f) && /Contexts \[2\]/.test(f));
    expect(frame).toMatch(new RegExp(`★ prod \\(this session\\)\\s+${svc.url.replace(/\./g, '\\.')}`));
    expect(frame).toMatch(/^\s*(›\s+)?\s{2}staging/m);
    expect(tui.frames.some((f) => f.includes(SECRET) || f.includes('rt_hidden_too'))).toBe(false);
  });

  it('u makes the highlighted context the default: the file changes and a flash says so', async () => {
    const {api, svc} = await startDemo();
    writeConfig(svc.url);
    const tui = renderApp(api, CTX, {contextName: 'prod', session: sessionIdentity(svc.url, SECRET)});
    await tui.waitForFrame(/staging\s+https:\/\/staging\.example/);
    await tui.press('j');
    await tui.waitForFrame(/›\s+staging/);
    await tui.press('u');
    // Enter switches this console instead (contexts-switch.test.tsx); u only changes what new sessions use.
    const frame = await tui.waitForFrame('Default context is now `staging`; new svc sessions use it (Enter switches this one)');
    await tui.waitForFrame(/★ staging/);
    const config = readConfigFile(join(configDir(), 'config.toml'));
    expect(config.default_context).toBe('staging');
    // Only the default moved: credentials are kept as they were, the file stays private.
    expect(config.contexts.prod?.api_key).toBe(SECRET);
    expect(config.contexts.staging?.refresh_token).toBe('rt_hidden_too');
    expect(statSync(join(configDir(), 'config.toml')).mode & 0o777).toBe(0o600);
    expect(frame).not.toContain(SECRET);
    // And back, for the row under the cursor.
    await tui.press('k');
    await tui.waitForFrame(/›\s+prod/);
    await tui.press('u');
    await tui.waitForFrame('Default context is now `prod`');
    await tui.waitForFrame(/★ prod/);
    expect(readFileSync(join(configDir(), 'config.toml'), 'utf8')).toMatch(/default_context = "prod"/);
  });

  it('is reached with :ctx from anywhere', async () => {
    const {api, svc} = await startDemo();
    writeConfig(svc.url);
    const tui = renderApp(api, {screen: 'deployments'});
    await tui.waitForFrame('analytics-prod');
    await tui.press(':', 'ctx');
    await tui.waitForFrame('› ctx');
    await tui.press('enter');
    await tui.waitForFrame(/staging\s+https:\/\/staging\.example/);
    await tui.waitForFrame('Contexts [2]');
  });

  it('says how to save one when there are none, and why when the file is broken', async () => {
    const {api} = await startDemo();
    const empty = renderApp(api, CTX);
    await empty.waitForFrame('No saved contexts yet (a adds one; svc login --name <name> saves one)');
    empty.unmount();
    const file = join(configDir(), 'config.toml');
    writeFileSync(file, 'contexts = [not toml', {mode: 0o600});
    const broken = renderApp(api, CTX);
    // It names the file: the line breaks before a long path (the run's temporary directory's, on another system's).
    await broken.waitForFrame((frame) => frame.replace(/\s*\n\s*/g, ' ').includes(`could not load contexts: failed to parse ${file}: `));
  });
});
