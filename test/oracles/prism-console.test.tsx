// Oracle: the console's screens against the Prism validation proxy over the platform's reference description, in
// front of the real local service (in-process, on loopback). The App is rendered with the real screen registry and
// the real API client pointed at Prism; every screen (and the generic object view for every object kind) is
// visited, and the main actions that send requests are taken. Every request must be valid by the reference, and
// every response violation fixed or listed in docs/seed-differences.md (read by prism.ts's judge()).
//
// One Prism process for the file. The reference is not part of the repository (test/helpers/reference.ts finds
// it); without it the Prism part is skipped with the reason printed.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createApi, type Api} from '../../src/api/client.js';
import {startDbtSync} from '../../src/api/dbt.js';
import {DEMO_MODEL_FILES} from '../../src/server/engines/sample/demoModel.js';
import type {RunningService} from '../../src/server/index.js';
import type {NavTarget} from '../../src/ui/nav/navReducer.js';
import {SCREENS} from '../../screens/index.js';
import {RESOURCE_TYPES} from '../../screens/resources/types.js';
import {renderTui, type Tui} from '../helpers/renderTui.js';
import {scriptedEditorPerTest} from '../helpers/scriptedEditor.js';
import {startTestService} from '../helpers/startService.js';
import {SteppedClock} from '../helpers/steppedClock.js';
import {tempConfigDirPerTest} from '../helpers/tempConfigDir.js';
import {judge, prismReady, startPrismOracle, type PrismOracle} from './prism.js';

const present = prismReady('the Prism oracle (console)');
const {nextEdit} = scriptedEditorPerTest('svc-prism-console-');
tempConfigDirPerTest('svc-prism-console-config-');

const PROD = {deploymentId: '1', deploymentName: 'analytics-prod'};
/** A sandbox deployment with only the starter branches, for the writes. */
const SANDBOX = {deploymentId: '4', deploymentName: 'sandbox-01'};
type Match = string | RegExp | ((frame: string) => boolean);
const FRAME_TIMEOUT_MS = 20_000;
const FAN_OUT_MS = 180_000;
const settle = () => new Promise((r) => setTimeout(r, 50));
/** Stands for the id of a dbt sync the test starts (still running: the service's clock stands still). */
const RUNNING_SYNC = 'RUNNING_SYNC';
const ORDERS_YML = DEMO_MODEL_FILES.find((f) => f.path === 'model/cubes/orders.yml')!.content;
const auditDir = mkdtempSync(join(tmpdir(), 'svc-prism-console-audit-'));

interface Visit {
  target: NavTarget;
  /** What the screen shows once its first requests have been answered. */
  ready: Match;
  /** The actions that send requests, each ending on a frame that shows its answer. */
  act?: (tui: Tui) => Promise<void>;
}

/** The object kinds whose list is scoped otherwise than by account or deployment, or needs another credential. */
const resourceVisit = (t: (typeof RESOURCE_TYPES)[number]): Visit => ({
  target: {screen: `res:${t.id}`, params: PROD},
  ready: (f) => f.includes(t.title) && /\[\d+\]|No .* yet|has no list|Embed tenant:|SCIM token:/.test(f),
});

/** Waits for the cursor row to show `marker`, then one more tick (the table reports it from an effect). */
async function cursorOn(tui: Tui, marker: RegExp): Promise<void> {
  await tui.waitForFrame(marker);
  await settle();
}
/** Waits for a text input to appear and subscribe, then types. */
async function typeAfter(tui: Tui, marker: Match, ...keys: string[]): Promise<void> {
  await tui.waitForFrame(marker);
  await settle();
  await tui.press(...keys);
}

/** The object view's writes: create from the template in $EDITOR, edit, then delete, each answered on screen. */
const createEditDelete =
  (noun: string, name: string, created: string, edited: string, deletes = true) =>
  async (tui: Tui): Promise<void> => {
    nextEdit(created);
    await tui.press('c');
    await tui.waitForFrame(new RegExp(`\\d+\\s+${name}`));
    await tui.press('G');
    const row = new RegExp(`› (\\d+)\\s+${name}`);
    await cursorOn(tui, row);
    const id = row.exec(tui.lastFrame())![1]!;
    nextEdit(edited);
    await tui.press('e');
    await tui.waitForFrame(`Saved ${noun} ${id}`);
    if (!deletes) return;
    await tui.press('D');
    await tui.waitForFrame(new RegExp(`Delete ${noun} ${id}`));
    await tui.press('y');
    await tui.waitForFrame(new RegExp(`Deleted ${noun} ${id}`));
  };

const createOnly = (content: string, shows: RegExp) => async (tui: Tui) => {
  nextEdit(content);
  await tui.press('c');
  await tui.waitForFrame(shows);
};

/** What the object view does beyond listing, per kind. */
const RESOURCE_ACTIONS: Record<string, (tui: Tui) => Promise<void>> = {
  'api-keys': createOnly('name: prism-key\nscim: false\n', /Shown this once/),
  users: createOnly('email: prism@example.com\nusername: prism\nfirstName: null\nisAdmin: false\n', /Created user \d+/),
  roles: createEditDelete('role', 'prism-role', 'name: prism-role\ndescription: null\npolicies: []\n', 'name: prism-role\ndescription: reads\npolicies: []\n'),
  attributes: createEditDelete('user attribute', 'prism_attr', 'name: prism_attr\ntype: string\ndisplayName: Prism\ndefaultValue: null\n', 'displayName: Prism 2\ndefaultValue: null\n', false),
  integrations: createEditDelete(
    'OAuth integration',
    'prism-int',
    'name: prism-int\ntype: CUSTOM\nauthUrl: https://auth.example.com/a\ntokenUrl: https://auth.example.com/t\nclientId: c\nclientSecret: s\nredirectUri: https://app.example.com/cb\nscopes: [repo]\n',
    'name: prism-int-2\ntype: CUSTOM\nauthUrl: https://auth.example.com/a\ntokenUrl: https://auth.example.com/t\nclientId: c\nredirectUri: https://app.example.com/cb\nscopes: [repo]\n',
  ),
  oidc: createEditDelete('OIDC token config', 'prism-oidc', 'audienceType: default\nname: prism-oidc\nisEnabled: true\ntargetEnvVar: PRISM_TOKEN\n', 'name: prism-oidc\nisEnabled: false\n'),
  folders: createEditDelete('folder', 'prism-folder', 'name: prism-folder\nparentId: null\n', 'name: prism-folder-2\n'),
  workbooks: createEditDelete('workbook', 'prism-workbook', 'name: prism-workbook\nfolderId: null\n', 'name: prism-workbook-2\nfolderId: null\n'),
  reports: createEditDelete('report', 'prism-report', 'name: prism-report\ntitle: null\nworkbookId: null\n', 'name: prism-report\ntitle: Prism\nworkbookId: null\n'),
  groups: async (tui) => {
    await typeAfter(tui, 'Embed tenant:', 'prism-tenant', 'enter');
    await tui.waitForFrame(/Embed groups · tenant prism-tenant/);
    await createEditDelete('group', 'prism-group', 'name: prism-group\ndescription: null\n', 'description: sales\n')(tui);
  },
  tenant: async (tui) => {
    nextEdit('maintenanceWindowDay: SUNDAY\n');
    await tui.press('e');
    await tui.waitForFrame('Saved tenant settings');
  },
};

const VISITS: Visit[] = [
  {
    target: {screen: 'deployments'},
    ready: /› 1\s+analytics-prod/,
    act: async (tui) => {
      await tui.press('c');
      await typeAfter(tui, 'Name:', ...'prism-dep');
      // The regions, and then the creation, are asked behind the list's fan-out (build, sync and settings of
      // each of the 45 rows), which Prism validates at a few answers a second.
      await tui.waitForFrame('aws-us-east-1', FAN_OUT_MS);
      await tui.press('tab', 'down', 'enter');
      await tui.waitForFrame('Deployment · prism-dep', FAN_OUT_MS);
    },
  },
  {target: {screen: 'deployment', params: PROD}, ready: /Deploy branch\s+main/},
  // Before the writes that rebuild production (variables): the service's clock stands still, so a rebuilding
  // branch answers the data API "Continue wait" until the end.
  {target: {screen: 'query', params: PROD}, ready: /\d+ measures, \d+ dimensions/},
  {target: {screen: 'versions', params: PROD}, ready: /Versions · analytics-prod \[\d+\]/},
  {
    target: {screen: 'environments', params: PROD},
    ready: /Environments · analytics-prod \[\d+\]/,
    act: async (tui) => {
      await tui.press('T');
      await typeAfter(tui, 'Security context:', 'enter');
      await tui.waitForFrame('Metadata token for production');
      await tui.press('escape');
      await tui.waitForFrame((f) => !f.includes('Metadata token for production'));
      await tui.press('K');
      await tui.waitForFrame(/Environment tokens of production/);
      await tui.press('n');
      await typeAfter(tui, 'Issue environment token for production', 'enter');
      await tui.waitForFrame('Environment token for production');
    },
  },
  {target: {screen: 'build', params: PROD}, ready: /Status: /},
  {
    target: {screen: 'dbt', params: PROD},
    ready: /dbt runs · analytics-prod \[\d+\]/,
    act: async (tui) => {
      await tui.press('s');
      await typeAfter(tui, 'Start a dbt sync', ...'main', 'enter');
      await tui.waitForFrame(/Started dbt sync/);
    },
  },
  {
    target: {screen: 'dbtRun', params: {...PROD, syncJobId: RUNNING_SYNC}},
    ready: /Status: /,
    act: async (tui) => {
      await tui.press('x');
      await tui.waitForFrame(/Cancel dbt sync/);
      await tui.press('y');
      await tui.waitForFrame(/Status: ✗ CANCELLED/);
    },
  },
  {target: {screen: 'activity'}, ready: /Activity/},
  {
    target: {screen: 'gate', params: PROD},
    ready: 's gates a ref',
    act: async (tui) => {
      await tui.press('s');
      await typeAfter(tui, 'Gate a dbt ref', ...'main');
      await tui.press('tab');
      await tui.press(...'fct_orders.count', 'enter');
      await tui.waitForFrame(/● dbt sync\s+running/);
    },
  },
  {
    target: {screen: 'branches', params: SANDBOX},
    ready: /Branches · sandbox-01 \[\d+\]/,
    act: async (tui) => {
      await tui.press('n');
      await typeAfter(tui, 'New branch from main', ...'prism-branch', 'enter');
      await tui.waitForFrame('Created branch prism-branch from main');
      await cursorOn(tui, /›\s+\S+ prism-branch/);
      await tui.press('s');
      await tui.waitForFrame('Enable the staging environment of prism-branch?');
      await tui.press('y');
      await tui.waitForFrame('staging build · prism-branch');
      await tui.press('escape');
      await cursorOn(tui, /›\s+\S+ prism-branch\s+shared\s+main\s+● on/);
      await tui.press('D');
      await tui.waitForFrame('Delete branch prism-branch?');
      await tui.press('y');
      await tui.waitForFrame('Deleted branch prism-branch');
    },
  },
  {
    target: {screen: 'dev', params: SANDBOX},
    ready: /› main\s+deploy/,
    act: async (tui) => {
      await tui.press('t');
      const fork = /Entered dev mode: (dev-\S+) forked from main/.exec(await tui.waitForFrame(/Entered dev mode: (dev-\S+) forked from main/))![1]!;
      await tui.waitForFrame(/FILE\s+CHANGE\s+STATUS/);
      for (let i = 0; i < 20 && !/›\s+model\/cubes\/orders\.yml/.test(tui.lastFrame()); i++) {
        await tui.press('j');
        await settle();
      }
      await cursorOn(tui, /›\s+model\/cubes\/orders\.yml/);
      nextEdit(`# edited through Prism\n${ORDERS_YML}`);
      await tui.press('e');
      await tui.waitForFrame(`Saved model/cubes/orders.yml to ${fork}`);
      await tui.press('V');
      await tui.waitForFrame(`${fork} is valid`);
      await tui.press('c');
      await typeAfter(tui, `Commit ${fork} to main`, 'enter');
      await tui.waitForFrame(`Committed ${fork} to main`);
      await tui.press('t');
      await tui.waitForFrame(`Left dev mode; ${fork} stays`);
    },
  },
  {target: {screen: 'logs', params: PROD}, ready: 'following'},
  {
    target: {screen: 'variables', params: PROD},
    ready: /Variables · analytics-prod \[\d+\]/,
    act: async (tui) => {
      await tui.press('n');
      await typeAfter(tui, 'Set a variable on analytics-prod', 'PRISM_FLAG', 'tab', 'on', 'enter');
      await tui.waitForFrame('Set PRISM_FLAG on analytics-prod?');
      await tui.press('y');
      await tui.waitForFrame('Set PRISM_FLAG; rebuilding main');
      await cursorOn(tui, /› PRISM_FLAG/);
      await tui.press('D');
      await tui.waitForFrame('Unset PRISM_FLAG on analytics-prod?');
      await tui.press('y');
      await tui.waitForFrame('Unset PRISM_FLAG; rebuilding main');
    },
  },
  {target: {screen: 'files', params: PROD}, ready: /▸ cubes\//},
  {target: {screen: 'file', params: {...PROD, fileBranch: 'main', filePath: 'model/cubes/orders.yml'}}, ready: 'orders'},
  {
    target: {screen: 'audit'},
    ready: /newest \d+ of \d+ events/,
    act: async (tui) => {
      await tui.press('x');
      await typeAfter(tui, /File: audit-log-\d{4}-\d{2}-\d{2}\.csv/, 'ctrl+u');
      await tui.waitForFrame((f) => !/File: audit-log/.test(f));
      await tui.press(join(auditDir, 'audit.csv'), 'enter');
      await tui.waitForFrame(/✓ Exported \d+ of \d+ events/);
    },
  },
  {target: {screen: 'ctx'}, ready: /Contexts/},
  ...RESOURCE_TYPES.map((t) => ({...resourceVisit(t), ...(RESOURCE_ACTIONS[t.id] && {act: RESOURCE_ACTIONS[t.id]})})),
];

describe('the console tour covers the screen registry', () => {
  it('visits every screen of the registry, the object view of every kind included', () => {
    const visited = new Set(VISITS.map((v) => v.target.screen));
    expect(SCREENS.map((s) => s.id).filter((id) => !visited.has(id))).toEqual([]);
  });
});

describe.skipIf(!present)('Prism validation proxy over the reference, the console', () => {
  let svc: RunningService;
  let oracle: PrismOracle;
  let api: Api;
  beforeAll(async () => {
    svc = await startTestService({seed: 'demo'});
    oracle = await startPrismOracle(svc.url);
    api = createApi({baseUrl: oracle.url, token: svc.adminKey});
  }, 90_000);
  afterAll(async () => {
    await oracle?.close();
    await svc?.close();
  });

  it('every screen sends only valid requests, and every response violation is fixed or sanctioned', async () => {
    // Set-up straight to the service, not through Prism: a sync to cancel on the run screen.
    const {syncJobId} = await startDbtSync(createApi({baseUrl: svc.url, token: svc.adminKey}), '1', {ref: 'main'});
    const stuck: string[] = [];
    for (const visit of VISITS) {
      const params = visit.target.params?.syncJobId === RUNNING_SYNC ? {...visit.target.params, syncJobId} : visit.target.params;
      const from = oracle.exchanges.length;
      // The console's clock stands still (nobody steps it: no ticker or spinner repaints) and its polls are moved out
      // of the visit (liveScale 1000: a list refreshes every 10,000 s): a visit sends what its screen and actions
      // send, not refreshes as many as Prism's pace allows (at load 19, the deployments list's 10 s refresh sent
      // its 45-row fan-out again and again: 177 requests instead of 104).
      const rendered = renderTui(null, {api, screens: SCREENS, initial: {...visit.target, params}, columns: 160, rows: 40, clock: new SteppedClock(), liveScale: 1000});
      // Every answer comes through Prism, which validates it first: frames wait longer than in the screen tests.
      const tui: Tui = {...rendered, waitForFrame: (match, timeoutMs = FRAME_TIMEOUT_MS) => rendered.waitForFrame(match, timeoutMs)};
      try {
        await tui.waitForFrame(visit.ready);
        await settle();
        await visit.act?.(tui);
      } catch (e) {
        // What the screen was answered, for the reader of a failure.
        const answered = oracle.exchanges.slice(from).map((x) => `${x.method} ${x.path} ${x.status}`);
        stuck.push(`${visit.target.screen}: ${(e as Error).message.slice(0, 3000)}\nrequests: ${answered.slice(-8).join(', ')}`);
      } finally {
        tui.unmount();
      }
    }
    expect(stuck).toEqual([]);
    const {requests, responses} = judge(oracle.exchanges);
    expect({requests, responses}).toEqual({requests: [], responses: []});
  }, 400_000);
});
