// The console started with a key the tenant refuses (`svc ui` with SVC_API_KEY set): the error panel names that
// key and says to set or unset SVC_API_KEY, not "session expired — run `svc login`" (which changes nothing while
// SVC_API_KEY is set). The client is the one `svc ui` builds (commands/uiTarget.ts remoteTarget).
import {afterEach, beforeEach, expect, it} from 'vitest';
import {remoteTarget} from '../../src/commands/uiTarget.js';
import {renderApp, startDemo} from '../helpers/screenApp.js';

const NAMES = ['SVC_API_URL', 'SVC_API_KEY'] as const;
const saved: Partial<Record<(typeof NAMES)[number], string>> = {};
beforeEach(() => {
  for (const name of NAMES) if (process.env[name] !== undefined) saved[name] = process.env[name];
});
afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
    delete saved[name];
  }
});

it('a refused SVC_API_KEY: the deployments panel says which key and how to fix it', async () => {
  const demo = await startDemo();
  process.env.SVC_API_URL = demo.svc.url;
  process.env.SVC_API_KEY = 'garbage';
  const target = remoteTarget({});
  const tui = renderApp(target.api, {screen: 'deployments'}, {columns: 160});
  const frame = await tui.waitForFrame('could not load deployments');
  const text = frame.replace(/\s+/g, ' ');
  expect(text).toContain('the key in SVC_API_KEY was refused: malformed credential');
  expect(text).toContain('set SVC_API_KEY to a valid key, or unset it');
  expect(text).not.toContain('session expired');
});
