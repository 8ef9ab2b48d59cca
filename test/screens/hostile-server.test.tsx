// Every screen of the registry against a hostile server (issue 23 class 6): the console's client (CONSOLE_CLIENT,
// as `svc ui` builds it) talks to a loopback server that puts terminal control sequences in every string of every
// answer, in every error body, and C1 controls in the status line and the headers clients show. Whatever each
// screen draws — lists, details, error lines, panels — no ESC sequence (other than the colours Ink writes), no C1
// control, no BEL and no bidi control from the server may reach any frame. A screen added to the registry is in
// this test without an edit; a component that prints server text its own way cannot bypass the client boundary.
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {CONSOLE_CLIENT, createApi, type Api} from '../../src/api/client.js';
import type {RunningService} from '../../src/server/index.js';
import {SCREENS} from '../../screens/index.js';
import {POISON_SHOWN, startHostileServer, type HostileMode, type HostileServer} from '../helpers/hostileServer.js';
import {renderApp} from '../helpers/screenApp.js';
import {startTestService} from '../helpers/startService.js';

vi.setConfig({testTimeout: 60_000});

/** What may not reach a terminal from a server: C0 but LF, DEL, C1, and the Unicode controls that reorder text. */
const ACTIVE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;
/** Ink's own colour sequences (SGR), the one kind of ESC the console writes itself. */
const SGR = /\u001b\[[0-9;]*m/g;

let svc: RunningService;
let hostile: HostileServer;
let api: Api;
let params: Record<string, string>;

beforeAll(async () => {
  svc = await startTestService({seed: 'demo'});
  hostile = await startHostileServer(svc.url);
  api = createApi({baseUrl: hostile.url, token: svc.adminKey, ...CONSOLE_CLIENT});
  // Ids and paths the detail screens need, read from the real service (the hostile one would poison them).
  const get = async (path: string) => (await (await fetch(`${svc.url}${path}`, {headers: {authorization: `Bearer ${svc.adminKey}`}})).json()) as Record<string, unknown>;
  const runs = (await get('/api/v1/deployments/1/dbt-sync')).items as Array<{syncJobId: string}>;
  const tree = (await get('/build/api/v1/deployments/1/data-model/files?branchName=main')).items as Array<{path: string; type: string; children: unknown[]}>;
  const firstFile = (nodes: typeof tree): string | undefined => nodes.map((n) => (n.type === 'file' ? n.path : firstFile(n.children as typeof tree))).find(Boolean);
  params = {deploymentId: '1', deploymentName: 'analytics-prod', syncJobId: runs[0]!.syncJobId, fileBranch: 'main', filePath: firstFile(tree)!.replace(/^\//, '')};
}, 60_000);
afterAll(async () => {
  await hostile?.close();
  await svc?.close();
});

function inert(frames: readonly string[]): string | undefined {
  for (const frame of frames) {
    const bare = frame.replace(SGR, '');
    const at = bare.search(ACTIVE);
    if (at >= 0) return `U+${bare.codePointAt(at)!.toString(16).padStart(4, '0')} in …${JSON.stringify(bare.slice(Math.max(0, at - 60), at + 20))}`;
  }
  return undefined;
}

/**
 * Screens that show no server text when every request is refused: a form waiting for input (gate, query), a
 * prompt for a credential or a tenant (SCIM, embed groups), local contexts, users (the API has no list), dev mode
 * still looking for its session. Each is checked once its title is drawn; every other screen must show the server's
 * text, escaped, before its frames are checked.
 */
const QUIET_ON_ERRORS = new Set(['gate', 'dev', 'query', 'ctx', 'res:users', 'res:scim-users', 'res:scim-groups', 'res:groups']);

const cases = (['strings', 'errors'] as HostileMode[]).flatMap((mode) => SCREENS.map((s) => [mode, s.id, s] as const));

describe('every screen against a hostile server', () => {
  it.each(cases)('%s: %s draws server text inert', async (mode, _id, def) => {
    hostile.mode = mode;
    const tui = renderApp(api, {screen: def.id, params}, {columns: 160, rows: 40});
    if (mode === 'errors' && QUIET_ON_ERRORS.has(def.id)) await tui.waitForFrame((f) => f.includes(def.title));
    else await tui.waitForFrame((f) => POISON_SHOWN.test(f), 15_000);
    const raw = inert(tui.frames);
    expect(raw, `${def.id} (${mode}) drew a raw control character: ${raw}`).toBeUndefined();
  });
});
