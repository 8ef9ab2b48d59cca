// A hostile server names a deployment with terminal control sequences (retitle with OSC 0, clear with CSI 2J,
// a C1 CSI, a bidi override). The console must draw the name as inert, visible text: no raw ESC, C1 or bidi
// character from the server may reach the terminal, in lists, detail views, crumbs or error lines.
import {describe, expect, it} from 'vitest';
import {ApiError, type Api, type RequestOptions} from '../../src/api/client.js';
import {renderApp, startDemo} from '../helpers/screenApp.js';

const ESC = '\u001b';
const HOSTILE = `evil${ESC}]0;pwned\u0007${ESC}[2J\u009b1m\u202eorp`;
/** What the server injected, as it would act on a terminal. */
const RAW = [`${ESC}]0;`, `${ESC}[2J`, '\u009b', '\u202e', '\u0007'];

/** The demo service, with every `analytics-prod` in an answer renamed to the hostile name. */
function hostile(api: Api): Api {
  const swap = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null).replaceAll('analytics-prod', JSON.stringify(HOSTILE).slice(1, -1)));
  const wrap = (method: string) => async (path: string, options?: RequestOptions) => {
    if (path.includes('/999')) throw new ApiError(404, 'GET', path, `no deployment ${HOSTILE}`);
    return swap(await api.request(method, path, options));
  };
  return {...api, get: wrap('GET'), post: wrap('POST'), put: wrap('PUT'), patch: wrap('PATCH'), delete: wrap('DELETE'), request: (m, p, o) => wrap(m)(p, o)};
}

function expectInert(frames: string[]): void {
  const all = frames.join('');
  for (const raw of RAW) {
    const at = all.indexOf(raw);
    expect(at, `raw ${JSON.stringify(raw)} reached the terminal: ${JSON.stringify(all.slice(Math.max(0, at - 80), at + 40))}`).toBe(-1);
  }
}

describe('server text in the console', () => {
  it('draws a deployment named with escape sequences as visible text in the list and the overview', async () => {
    const {api} = await startDemo();
    const tui = renderApp(hostile(api), {screen: 'deployments', params: {}});
    await tui.waitForFrame('evil\\x1b]0;pwned');
    expectInert(tui.frames);
    await tui.press('enter');
    await tui.waitForFrame(/Deploy branch\s+main/);
    expect(tui.lastFrame()).toContain('\\x1b[2J');
    expectInert(tui.frames);
  });

  it('keeps server text in an error line inert', async () => {
    const {api} = await startDemo();
    const tui = renderApp(hostile(api), {screen: 'deployment', params: {deploymentId: '999'}});
    await tui.waitForFrame('could not load deployment');
    expect(tui.lastFrame()).toContain('evil\\x1b]0;pwned');
    expectInert(tui.frames);
  });
});
