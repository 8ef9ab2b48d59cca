// Every list screen paints one frame per list key (test/helpers/oneFrame.ts): ↓, the sort keys, wrap, and typing
// into the `/` filter, against the real service with the demo data. Derived from the registry: each screen the palette
// offers is opened for the demo's first deployment, and a screen whose title line shows a list position
// (`1 of 12`) is walked; the others have no list to walk.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Api} from '../../src/api/client.js';
import type {RunningService} from '../../src/server/index.js';
import {SCREENS} from '../../screens/index.js';
import {pressPaintsOnce} from '../helpers/oneFrame.js';
import {instrument, renderApp, startSharedDemo} from '../helpers/screenApp.js';

const DEP = {deploymentId: '1', deploymentName: 'analytics-prod'};
const POSITION = / \d+ of \d+( matching)?( · .*)?$/;
/** The list keys, in an order that keeps each one changing something: the cursor, the order, wrap, the filter. */
const KEYS = ['down', '>', '~', '<', 'W', 'W', '/', 'a', 'e', 'backspace', 'backspace', 'enter'];

let svc: RunningService;
let api: Api;
beforeAll(async () => {
  ({svc, api} = await startSharedDemo());
});
afterAll(() => svc.close());

const walked = new Set<string>();

/**
 * List screens not walked here, each with the reason. A screen that draws its own view of the highlighted row, or
 * filters its rows itself, still paints such a key twice: the row's view (or the count) follows from an effect.
 */
const NOT_WALKED: Record<string, string> = {
  activity: 'walked on a fake API by test/ui/activity-frames.test.tsx (the demo\'s running syncs keep its watcher busy)',
  environments: 'known: ↓ paints the highlighted environment\'s details a commit after the cursor (onSelect sets state)',
  dev: 'known: ↓ paints the highlighted branch\'s name a commit after the cursor (onSelect sets state)',
  files: 'known: the tree filters its rows itself, so the count on the title line follows the rows from an effect',
};

describe('a list key paints one frame on every list screen', () => {
  afterAll(() => {
    // The walk must have found the lists it is about, so it cannot pass by finding none.
    expect([...walked]).toEqual(expect.arrayContaining(['deployments', 'versions', 'dbt', 'branches', 'variables', 'res:api-keys']));
  });

  it.each(SCREENS.filter((s) => s.palette !== false && !(s.id in NOT_WALKED)).map((s) => [s.name, s] as const))(':%s', async (_name, def) => {
    const spy = instrument(api);
    // The flash that p raises stays up for the whole walk: its clearing is not a key's frame.
    const tui = renderApp(spy.api, {screen: def.id, params: DEP}, {flashMs: 600_000});
    await tui.settle(() => spy.inflight() > 0);
    await tui.press('p');
    const frame = await tui.settle(() => spy.inflight() > 0);
    const title = frame.split('\n')[1] ?? '';
    if (!POSITION.test(title)) return;
    walked.add(def.id);
    for (const key of KEYS) await pressPaintsOnce(tui, key, spy);
  });
});
