// Leaving a dbt run's screen stops its polls: the run's status and log (`dbt-sync/<id>…`) are asked only while a
// screen shows them. Proven without a sleep: after leaving, the runs list (which stays live while the run is
// RUNNING) is read several more times, each read a poll interval of its own, and the run's own polls (a shorter
// interval) would have fired many times in between.
import {expect, it} from 'vitest';
import {startDbtSync} from '../../src/api/dbt.js';
import {instrument, POLLING, renderApp, startDemo, typeAfter} from '../helpers/screenApp.js';
import {eventually} from '../helpers/eventually.js';

const RUNS = {screen: 'dbt', params: {deploymentId: '1', deploymentName: 'analytics-prod'}};
const runPolls = /GET \/api\/v1\/deployments\/1\/dbt-sync\/[^?]+/;
const listReads = /GET \/api\/v1\/deployments\/1\/dbt-sync\?first=50/;

/** Waits (at most 20 s) for `done`. */
const until = (what: string, done: () => boolean) => eventually(done, what, {withinMs: 20_000});

it('after Esc from a running sync back to the runs list, no request for that sync is sent again', async () => {
  const {api} = await startDemo();
  const started = await startDbtSync(api, '1', {ref: 'main'});
  const spy = instrument(api);
  const tui = renderApp(spy.api, RUNS, POLLING);
  await tui.waitForFrame(new RegExp(`› ${started.syncJobId.slice(0, 8)}.*RUNNING`));
  await tui.press('enter');
  await tui.waitForFrame(/Status: ● INITIALIZING/);
  const opened = spy.count(runPolls);
  await until('three more polls of the run', () => spy.count(runPolls) >= opened + 3);
  await tui.press('escape');
  await tui.waitForFrame(/dbt runs · analytics-prod/);
  await spy.landed();
  const left = spy.count(runPolls);
  const reads = spy.count(listReads);
  await until('five more reads of the live runs list', () => spy.count(listReads) >= reads + 5);
  expect(spy.calls.filter((c) => runPolls.test(c)).slice(left)).toEqual([]);
});

it('a gate run goes on when its screen is left, and ends with the console session that started it', async () => {
  const {api} = await startDemo();
  const spy = instrument(api);
  const tui = renderApp(spy.api, {screen: 'dbt', params: RUNS.params}, {columns: 160, ...POLLING});
  await tui.waitForFrame(/dbt runs · analytics-prod/);
  await tui.press(':', 'gate', 'enter');
  await tui.waitForFrame('s gates a ref');
  await tui.press('s');
  await typeAfter(tui, 'Gate a dbt ref', ...'main', 'enter');
  // The service clock stands still: the gate's sync runs until something ends the gate.
  await tui.waitForFrame(/● dbt sync\s+running\s+\S+ → dbt-sync\/main-/);
  await tui.press('escape');
  await tui.waitForFrame(/dbt runs · analytics-prod/);
  const leftScreen = spy.count(runPolls);
  await until('the gate to keep polling its sync after its screen went', () => spy.count(runPolls) >= leftScreen + 3);

  tui.unmount();
  await spy.landed();
  const ended = spy.count(runPolls);
  // A witness on its own client: the runs list, live while the gate's sync is RUNNING, read five more times.
  const witness = instrument(api);
  renderApp(witness.api, RUNS, POLLING);
  await until('five reads of the live runs list', () => witness.count(listReads) >= 5);
  expect(spy.calls.filter((c) => runPolls.test(c)).slice(ended)).toEqual([]);
});
