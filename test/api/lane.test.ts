import {describe, expect, it} from 'vitest';
import type {RequestOptions} from '../../src/api/client.js';
import {BACKGROUND_LIMIT, backgroundLane, laneOver, newTurns} from '../../src/api/lane.js';
import {fakeApi} from '../helpers/renderTui.js';

/** A fake service that answers nothing until the test says: what was sent, and a way to answer it. */
function heldService() {
  const sent: Array<{path: string; answer: (value: unknown) => void; fail: (err: Error) => void; options?: RequestOptions}> = [];
  const api = fakeApi((_method, path, options) => new Promise((answer, fail) => sent.push({path, answer, fail, options})));
  return {api, sent, paths: () => sent.map((s) => s.path)};
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await turn();
};

describe('background lane', () => {
  it('sends at most its limit at once, the rest in the order asked as answers come back', async () => {
    const service = heldService();
    const lane = laneOver(service.api, newTurns(2, 0));
    const answers = Promise.allSettled(['/a', '/b', '/c', '/d'].map((p) => lane.get(p)));
    await turn();
    expect(service.paths()).toEqual(['/a', '/b']);
    service.sent[1]!.answer('B');
    await turn();
    expect(service.paths()).toEqual(['/a', '/b', '/c']);
    // A failure gives its turn back too.
    service.sent[0]!.fail(new Error('refused'));
    await turn();
    expect(service.paths()).toEqual(['/a', '/b', '/c', '/d']);
    service.sent[2]!.answer('C');
    service.sent[3]!.answer('D');
    expect(await answers).toEqual([
      {status: 'rejected', reason: new Error('refused')},
      {status: 'fulfilled', value: 'B'},
      {status: 'fulfilled', value: 'C'},
      {status: 'fulfilled', value: 'D'},
    ]);
  });

  it('a request whose signal aborts while it waits is never sent and takes no turn', async () => {
    const service = heldService();
    const lane = laneOver(service.api, newTurns(1, 0));
    void lane.get('/first');
    const leaving = new AbortController();
    const left = lane.get('/left', {signal: leaving.signal});
    const next = lane.get('/next');
    leaving.abort(new Error('scrolled away'));
    await expect(left).rejects.toThrow('scrolled away');
    const gone = new AbortController();
    gone.abort(new Error('already gone'));
    await expect(lane.get('/never', {signal: gone.signal})).rejects.toThrow('already gone');
    service.sent[0]!.answer(1);
    await turn();
    expect(service.paths()).toEqual(['/first', '/next']);
    service.sent[1]!.answer(2);
    expect(await next).toBe(2);
  });

  it('hands answers over together: once nothing more is to be sent, or batchMs after the first', async () => {
    const service = heldService();
    const together = laneOver(service.api, newTurns(1, 60_000));
    const got: string[] = [];
    const a = together.get('/a').then((v) => got.push(String(v)));
    const b = together.get('/b').then((v) => got.push(String(v)));
    await turn();
    service.sent[0]!.answer('A');
    await turns(5);
    // /a came back and /b went out in its turn; /a waits for /b.
    expect(service.paths()).toEqual(['/a', '/b']);
    expect(got).toEqual([]);
    service.sent[1]!.answer('B');
    await Promise.all([a, b]);
    expect(got).toEqual(['A', 'B']);

    const timed = heldService();
    const soon = laneOver(timed.api, newTurns(1, 20));
    const first = soon.get('/first');
    void soon.get('/held');
    await turn();
    timed.sent[0]!.answer('first');
    // Handed over after batchMs although /held never answers.
    expect(await first).toBe('first');
  });

  it('is one lane per client, shared by the clients derived from it; the client itself never waits', async () => {
    const service = heldService();
    const lane = backgroundLane(service.api);
    expect(backgroundLane(service.api)).toBe(lane);
    const derived = lane.derive({token: 'other'});
    for (let i = 0; i < BACKGROUND_LIMIT; i++) void lane.get(`/row/${i}`);
    void derived.get('/derived');
    void service.api.get('/user');
    await turn();
    expect(service.paths().sort()).toEqual([...Array.from({length: BACKGROUND_LIMIT}, (_, i) => `/row/${i}`), '/user'].sort());
    expect(service.paths()).not.toContain('/derived');
    service.sent.find((s) => s.path === '/row/0')!.answer('done');
    await turn();
    expect(service.paths().at(-1)).toBe('/derived');
  });
});
