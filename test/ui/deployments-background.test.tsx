// The deployments list asks for each visible row's build, last sync and settings in the background: a few at a
// time (api/lane.ts), so a screen the user opens is not asked for behind dozens of them, and a refresh that brings
// the same states draws nothing (no repaint, no spinner).
import {afterEach, describe, expect, it} from 'vitest';
import type {RequestOptions} from '../../src/api/client.js';
import {BACKGROUND_LIMIT} from '../../src/api/lane.js';
import {isBackgroundQuery} from '../../src/queries/background.js';
import {SCREENS} from '../../screens/index.js';
import {fakeApi, renderTui, type Tui} from '../helpers/renderTui.js';
import {SteppedClock} from '../helpers/steppedClock.js';

const DEPLOYMENTS = Array.from({length: 45}, (_, i) => ({id: i + 1, name: i === 0 ? 'analytics-prod' : `sandbox-${String(i).padStart(2, '0')}`, created_at: '2026-09-28T06:56:00Z'}));
/** A row's state: its build, its last dbt sync, its settings; the id in group 1. */
const ROW_STATE = /^\/api\/v1\/deployments\/(\d+)\/(build-status|dbt-sync|settings)$/;
const ROW_ANSWERS: Record<string, unknown> = {'build-status': {status: 'built'}, 'dbt-sync': {items: []}, settings: {releaseChannel: 'stable', repoType: 'git'}};

let tui: Tui | undefined;
afterEach(() => tui?.unmount());

/** The list on a wide terminal (the state columns show), its clock standing still (no header tick, no spinner turn). */
function renderList(answer: (path: string, options?: RequestOptions) => unknown): {tui: Tui; sent: string[]} {
  const sent: string[] = [];
  const api = fakeApi((_method, path, options) => {
    sent.push(path);
    if (path === '/api/v1/deployments') return {items: DEPLOYMENTS, pagination: {total: DEPLOYMENTS.length, offset: 0, limit: 50}};
    return answer(path, options);
  });
  tui = renderTui(null, {api, screens: SCREENS, initial: {screen: 'deployments'}, columns: 130, rows: 35, clock: new SteppedClock()});
  return {tui, sent};
}

const rowStates = (sent: string[], id?: string) => sent.filter((p) => ROW_STATE.test(p) && (id === undefined || ROW_STATE.exec(p)![1] !== id));
/** Rows the list shows on a 130x35 terminal: each asks for three states. */
const ROWS_ON_SCREEN = 28;

describe('deployments list: row states in the background', () => {
  it('asks a few rows at a time; a screen opened meanwhile is asked for at once and the rest are never sent', async () => {
    // Row states are never answered (a slow service); a request whose signal aborts fails, as the client's does.
    const aborted: string[] = [];
    const {tui, sent} = renderList((path, options) =>
      ROW_STATE.test(path)
        ? new Promise((_answer, fail) =>
            options?.signal?.addEventListener('abort', () => {
              aborted.push(path);
              fail(options.signal!.reason);
            }),
          )
        : undefined,
    );
    await tui.waitForFrame(/› 1\s+analytics-prod/);
    // Every row on screen has asked for its states (each query is fetching, most of them waiting in the lane); a
    // lane that let more go out would have sent them by now (the turns a request waits for are microtasks).
    const asking = () => tui.queryClient.isFetching({predicate: isBackgroundQuery});
    await tui.waitForFrame(() => asking() === 3 * ROWS_ON_SCREEN);
    expect(rowStates(sent)).toHaveLength(BACKGROUND_LIMIT);
    const withService = rowStates(sent);
    const othersBefore = rowStates(sent, '1').length;

    // Counted from before the key: the overview's first requests may go out while the key is being handled.
    const mark = sent.length;
    await tui.press('enter');
    await tui.waitForFrame(() => sent.slice(mark).includes('/api/v1/deployments/1/environments'));
    // The rows' requests with the service are cancelled with the list (a row's build status among them, which the
    // overview asks for again, at once); each ending lets the lane send the next in line, had it kept any, on the
    // turns (microtasks) right after it: waited for on the cancels, not a number of turns.
    await tui.waitForFrame(() => sent.slice(mark).includes('/api/v1/deployments/1/build-status') && aborted.length >= withService.length);
    expect(aborted).toEqual(withService);
    // The overview's requests went out while the rows' were still unanswered (its build status too, which a row
    // had asked for), and the rows still waiting were dropped when the list left the screen: no backlog of other
    // deployments' states is sent after it.
    expect(sent.slice(mark)).toContain('/api/v1/deployments/1/build-status');
    expect(rowStates(sent, '1')).toHaveLength(othersBefore);
  });

  it('a refresh that brings the same row states draws no frame and turns no spinner', async () => {
    const {tui, sent} = renderList((path) => {
      const what = ROW_STATE.exec(path)?.[2];
      return what === undefined ? undefined : ROW_ANSWERS[what];
    });
    await tui.waitForFrame(/› 1\s+analytics-prod\s.*✓ built/);
    const settled = await tui.settle();
    expect(settled).toMatch(/sandbox-20\s.*✓ built.*⎇ git/);
    const asked = rowStates(sent).length;
    const frames = tui.frames.length;

    const rowStateKey = (key: readonly unknown[]) => key[0] === 'builds' || key[0] === 'dbt' || key.at(-1) === 'settings';
    await tui.queryClient.refetchQueries({type: 'active', predicate: (q) => rowStateKey(q.queryKey)});
    await tui.settle();
    expect(rowStates(sent).length).toBe(2 * asked);
    expect(tui.frames.length).toBe(frames);
  });
});
