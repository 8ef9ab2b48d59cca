// A preloaded screen renders in the very first frame instead of suspending: React 19 holds a Suspense boundary's
// reveal back for up to 300 ms once its fallback has shown, which delayed the first screen of `svc ui`.
import {afterEach, expect, it} from 'vitest';
import {SCREENS} from '../../screens/index.js';
import {fakeApi, renderTui, type Tui} from '../helpers/renderTui.js';

let tui: Tui | undefined;
afterEach(() => tui?.unmount());

it('the deployments screen, once preloaded, is in the first frame (no Suspense fallback)', async () => {
  const deployments = SCREENS.find((s) => s.id === 'deployments')!;
  expect(deployments.preload).toBeTypeOf('function');
  await deployments.preload!();
  // An API that never answers keeps the screen in its own loading state.
  const never = fakeApi(() => new Promise(() => {}));
  tui = renderTui(null, {screens: [deployments], initial: {screen: 'deployments'}, api: never});
  expect(tui.frames[0]).toContain('Loading deployments…');
});

it('every lazily loaded screen can be preloaded', async () => {
  const lazy = SCREENS.filter((s) => s.preload);
  expect(lazy.length).toBe(SCREENS.length);
  await Promise.all(lazy.map((s) => s.preload!()));
});
