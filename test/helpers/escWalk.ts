// The Esc walk (test/screens/esc-*.test.tsx): on each screen of a group, walks the `:` palette to it (or opens it
// the way its parent does), presses every key the keymap says opens something (a dangerous key that asks first,
// or one marked `asks`), then Esc. The prompt must be gone (help opens, so no dialog or field holds the keys any
// more) and the screen must still be there (same crumbs). Derived from the registry and the keymap, so a new
// screen or a new asking key is walked without editing the tests. The screens are split into a few files (one
// group each) so that the walk runs on more than one worker.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Api} from '../../src/api/client.js';
import {flattenTree, listFiles} from '../../src/api/dataModel.js';
import {listDbtSyncs} from '../../src/api/dbt.js';
import type {RunningService} from '../../src/server/index.js';
import {SCREENS} from '../../screens/index.js';
import {KEYMAP, type Binding} from '../../src/ui/keymap.js';
import type {ScreenDef} from '../../src/ui/screen.js';
import type {Tui} from './renderTui.js';
import {instrument, renderApp, startSharedDemo, typeAfter} from './screenApp.js';

const DEP = {deploymentId: '1', deploymentName: 'analytics-prod'};
const HELP = 'close help';
const crumbsOf = (frame: string) => frame.split('\n').find((l) => l.startsWith('<')) ?? '';
/** The screen's own rows: between the header (whose age ticks) and the crumbs. */
const bodyOf = (frame: string) => {
  const all = frame.split('\n');
  return all.slice(1, Math.max(1, all.findIndex((l) => l.startsWith('<')))).join('\n');
};

type Spy = ReturnType<typeof instrument>;

/**
 * Waits until what a key or a jump started is done and drawn: no request of the App in flight (the api's, and the
 * query client's fetches and mutations), no answer waiting to be drawn, React idle (`Tui.settle`).
 */
const settled = (tui: Tui, spy: Spy): Promise<string> => tui.settle(() => spy.inflight() > 0);

/** The keys of a screen that open something Esc should close: its own and the shell's. */
function askingKeys(def: ScreenDef): Binding[] {
  const scope = `screen:${def.keyScope ?? def.id}`;
  return KEYMAP.filter((b) => (b.scope === scope || b.scope === 'global') && ((b.dangerous && !b.immediate) || b.asks));
}

/** What a screen needs before its asking keys apply (one step each; the walk presses Esc after every key). */
const SETUP: Record<string, (tui: Tui, spy: Spy) => Promise<unknown>> = {
  // The dev screen's file keys need a dev session: enter one (t), on a fork of the deploy branch.
  dev: async (tui, spy) => (await settled(tui, spy), await tui.press('t'), await tui.waitForFrame(/Entered dev mode: dev-\S+/)),
};

/**
 * What a screen shows once its first look is done, where that outlasts a quiet moment between requests: the activity
 * watcher paces its requests across the deployments, so no request is in flight between two of them.
 */
const READY: Record<string, (frame: string) => boolean> = {
  activity: (f) => f.includes('live: a deployment every') && !f.includes('Watching the deployments…'),
};

/** The params of the screens reached only from another one (a run of the runs list, a file of the tree). */
const HIDDEN_PARAMS: Record<string, (api: Api) => Promise<Record<string, string>>> = {
  // A running sync: x asks before cancelling only while it runs.
  dbtRun: async (a) => ({syncJobId: (await listDbtSyncs(a, '1', {status: 'RUNNING', first: 1})).runs[0]?.syncJobId ?? ''}),
  file: async (a) => ({fileBranch: 'main', filePath: flattenTree((await listFiles(a, '1')).nodes).find((n) => n.type === 'file')?.path.replace(/^\//, '') ?? ''}),
};

/**
 * Asking keys the demo gives no occasion for (nothing they apply to in the seeded data); each says why. Any other
 * asking key must open something somewhere in its group, so a new one cannot slip past the walk by doing nothing.
 */
const UNREACHED: Record<string, string> = {
  'tokens.create': 'acts in the K token list, a view of its own (test/screens/environment-tokens.test.tsx)',
  'gate.cleanup': 'there is nothing to clean up before a gate has run',
  'dev.merge': 'needs a committed change in the dev session',
  'dev.diff': 'needs a changed file in the dev session',
  'dev.discard': 'needs a changed file in the dev session',
  'versions.latest': 'the row the walk stands on is its channel\'s latest already (opened from the first row: versions.test.tsx)',
  'files.diff': 'the rows the walk reaches are folders; d asks for a file',
  'contexts.delete': 'the walked App has no saved contexts to delete',
  'dbtRun.cancel': 'the run the walk opens has finished, and x is offered only while a sync runs (dbt-run.test.tsx: x asks before cancelling)',
  'query.edit': 'the query screen opens on its line, a prompt the walk leaves with Esc',
  'query.branch': 'the query screen opens on its line, a prompt the walk leaves with Esc',
  'query.export': 'the query screen opens on its line, a prompt the walk leaves with Esc',
};

/** The screens of the resource group (one screen per object type, one key scope). */
export const isResourceScreen = (s: ScreenDef) => s.keyScope === 'resource';
/** The data-model and session screens: dev mode, its files and logs, the query, audit and contexts. */
const MODEL_SCREENS = ['dev', 'logs', 'variables', 'files', 'file', 'query', 'audit', 'ctx'];
export const isModelScreen = (s: ScreenDef) => MODEL_SCREENS.includes(s.id);
/** Every other screen (a new screen lands here without editing a list): the deployment and its builds and runs. */
export const isDeploymentScreen = (s: ScreenDef) => !isResourceScreen(s) && !isModelScreen(s);

/**
 * The walk over the screens `inGroup` picks, against one demo service for the file. After the file, every asking
 * key of those screens must have opened something on one of them, or be listed in UNREACHED with its reason.
 */
export function escWalk(inGroup: (s: ScreenDef) => boolean): void {
  const screens = SCREENS.filter(inGroup);
  /** Asking keys that opened something somewhere in the walk. */
  const reached = new Set<string>();
  let svc: RunningService;
  let api: Api;

  beforeAll(async () => {
    // The walk is about prompts, not a screen's first load (startSharedDemo loads every screen's module first).
    ({svc, api} = await startSharedDemo());
  });
  afterAll(() => svc.close());

  /**
   * Presses each asking key of the screen, then Esc: help must open after it (nothing kept the keys) and the crumbs
   * must be those of before (still on the screen), unless the key opened nothing and Esc went back (`open` again,
   * before the next key: not after the last one, where nothing would look at it). A screen without `open` is the
   * App's only one: Esc must never leave it.
   */
  async function walkKeys(tui: Tui, spy: Spy, def: ScreenDef, first: string, open?: () => Promise<string>): Promise<void> {
    let frame: string | undefined = first;
    const opened: string[] = [];
    for (const b of askingKeys(def)) {
      frame ??= await open!();
      const [crumbs, body] = [crumbsOf(frame), bodyOf(frame)];
      await tui.press(b.keys[0]!);
      const shown = await settled(tui, spy);
      await tui.press('escape', '?');
      const help = await tui.waitForFrame(HELP).catch(() => undefined);
      // Trapped: the prompt kept Esc (or `?`), so help never came.
      expect(help, `${def.id}: ${b.id} (${b.keys[0]}) then Esc; the frame was:\n${tui.lastFrame()}`).toBeDefined();
      await tui.press('escape');
      frame = await tui.waitForFrame((f) => !f.includes(HELP));
      if (crumbsOf(frame) === crumbs) {
        // Something opened (a prompt, a view, a jump) and Esc closed it, back on the same screen.
        if (bodyOf(shown) !== body) opened.push(b.id);
        frame = await settled(tui, spy);
      } else {
        // The key opened nothing here (no row it applies to, a flash instead), so Esc went back: come again.
        expect(bodyOf(shown), `${def.id}: ${b.id} changed the screen, then Esc left the screen`).toBe(body);
        expect(open, `${def.id}: Esc left the only screen`).toBeDefined();
        frame = undefined;
      }
    }
    for (const id of opened) reached.add(id);
  }

  describe('Esc leaves every prompt of every screen', () => {
    afterAll(() => {
      const all = new Set(screens.flatMap((s) => askingKeys(s).map((b) => b.id)));
      const missing = [...all].filter((id) => !reached.has(id) && !(id in UNREACHED));
      expect(missing, 'asking keys that opened nothing on any screen of the walk').toEqual([]);
    });

    it.each(screens.filter((s) => s.palette !== false).map((s) => [s.name, s] as const))(':%s', async (_name, def) => {
      const spy = instrument(api);
      const tui = renderApp(spy.api, {screen: 'deployment', params: DEP}, {liveScale: 1});
      await tui.waitForFrame('Deploy branch');
      let from = '';
      const open = async () => {
        from = crumbsOf(await settled(tui, spy));
        await tui.press(':');
        await typeAfter(tui, /^:/m, def.name, 'enter');
        if (def.id !== 'deployment') await tui.waitForFrame((f) => crumbsOf(f) !== from);
        const ready = READY[def.id];
        if (ready) await tui.waitForFrame(ready, 30_000);
        return settled(tui, spy);
      };
      let frame = await open();
      // A screen that opens on a prompt (a SCIM token, an embed tenant, the query line) takes `?` as text: Esc
      // leaves it like the screen itself, back where the jump came from. Once the App has settled after `?`, help
      // is drawn if the screen took the key. (Should help come later after all, the prompt branch fails: its Esc
      // closes help, and the crumbs are then the screen's, not those the jump came from.)
      await tui.press('?');
      if (!(await settled(tui, spy)).includes(HELP)) {
        await tui.press('escape', '?');
        const back = await tui.waitForFrame(HELP).catch(() => tui.lastFrame());
        expect(back, `${def.id}: Esc did not leave the prompt it opens on`).toContain(HELP);
        expect(crumbsOf(back)).toBe(from);
        return;
      }
      await tui.press('escape');
      await SETUP[def.id]?.(tui, spy);
      // Off the first row: the first is often the one a key refuses (the default branch, the version in use).
      await tui.press('j');
      frame = await settled(tui, spy);
      await walkKeys(tui, spy, def, frame, open);
    });

    // Screens no `:` name reaches, opened the way their parent opens them: each needs its params here, so a new
    // one fails until it is walked too.
    const hidden = screens.filter((s) => s.palette === false);
    if (hidden.length === 0) return;
    it.each(hidden.map((s) => [s.id, s] as const))('%s (opened from its parent)', async (id, def) => {
      const params = HIDDEN_PARAMS[id];
      expect(params, `${id}: no params to open it with in HIDDEN_PARAMS`).toBeDefined();
      const spy = instrument(api);
      const tui = renderApp(spy.api, {screen: id, params: {...DEP, ...(await params!(api))}}, {liveScale: 1});
      const frame = await settled(tui, spy);
      await walkKeys(tui, spy, def, frame);
    });
  });
}
