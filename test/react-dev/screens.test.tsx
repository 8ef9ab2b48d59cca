// React's development build, once over every screen. The other tiers run React's production build (as the shipped
// bundle does), which checks nothing and says nothing: a list without keys, two children with one key, a state
// update on an unmounted tree or a hook called out of order would pass there unseen. This file runs in its own
// vitest project (`react-dev`, vitest.config.ts: NODE_ENV=development and the development JSX runtime) and fails on
// anything React (or anything else) writes to console.error or console.warn while every screen of the registry is
// opened for the demo's first deployment, walked one row down, and shown its help (where `?` is not typed into an editor or a form).
import React from 'react';
import {Box, Text} from 'ink';
import {afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest';
import type {Api} from '../../src/api/client.js';
import type {RunningService} from '../../src/server/index.js';
import {SCREENS} from '../../screens/index.js';
import {renderTui} from '../helpers/renderTui.js';
import {renderApp, startSharedDemo} from '../helpers/screenApp.js';

const DEP = {deploymentId: '1', deploymentName: 'analytics-prod'};

let said: string[] = [];
beforeEach(() => {
  said = [];
  const keep = (...args: unknown[]) => void said.push(args.map(String).join(' '));
  vi.spyOn(console, 'error').mockImplementation(keep);
  vi.spyOn(console, 'warn').mockImplementation(keep);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('React development build', () => {
  it('is the build this project runs, and what it says is caught', async () => {
    // The canary's own canary: without development React (or with the console not caught) this sees nothing.
    expect(process.env.NODE_ENV).toBe('development');
    const Twins = () => (
      <Box>
        {['a', 'a'].map((k) => (
          <Text key={k}>{k}</Text>
        ))}
      </Box>
    );
    const tui = renderTui(<Twins />);
    await tui.waitForFrame('aa');
    tui.unmount();
    expect(said.join('\n')).toMatch(/same key/);
  });
});

describe('every screen says nothing on the console in React development mode', () => {
  let svc: RunningService;
  let api: Api;
  beforeAll(async () => {
    ({svc, api} = await startSharedDemo());
  });
  afterAll(() => svc.close());

  it.each(SCREENS.filter((s) => s.palette !== false).map((s) => [s.name, s] as const))(':%s', async (_name, def) => {
    const tui = renderApp(api, {screen: def.id, params: DEP});
    await tui.settle();
    await tui.press('down');
    await tui.settle();
    // Help, where `?` opens it (an editor or a form types it instead: that is fine too, and drawn all the same).
    await tui.press('?');
    if ((await tui.settle()).includes('close help')) {
      await tui.press('escape');
      await tui.waitForFrame((f) => !f.includes('close help'));
      await tui.settle();
    }
    expect(said).toEqual([]);
  });
});
