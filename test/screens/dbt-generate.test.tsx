// dbt generate from the dbt run screen against the real service: m asks for a manifest and a directory, a
// confirm says what happens, the manifest sync's progress shows, the generated cube file lands on disk, and the
// sync's end is noticed like any run started from the console.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {getDbtSyncStatus, listDbtSyncs, startDbtSync} from '../../src/api/dbt.js';
import {isTerminalSyncStatus} from '../../src/workflows/dbtWait.js';
import {keysSettled, POLLING, renderApp, startDemo, typeAfter} from '../helpers/screenApp.js';

const runOf = (syncJobId: string) => ({screen: 'dbtRun', params: {deploymentId: '1', deploymentName: 'analytics-prod', syncJobId}});

/** A small dbt manifest with one model, as `dbt compile` writes target/manifest.json. */
const MANIFEST = {
  metadata: {dbt_schema_version: 'https://schemas.getdbt.com/dbt/manifest/v11.json', dbt_version: '1.7.0', generated_at: '2026-05-30T12:00:00Z'},
  nodes: {
    'model.shop.big_orders': {
      resource_type: 'model', name: 'big_orders', schema: 'main', alias: 'orders', config: {materialized: 'table'},
      compiled_code: 'select id, amount from "main"."orders" where amount > 100',
      columns: {id: {name: 'id', data_type: 'integer'}, amount: {name: 'amount', data_type: 'numeric', meta: {measures: 'sum'}}},
    },
  },
  sources: {},
  macros: {},
};

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-generate-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, {recursive: true, force: true});
});

describe('dbt generate from the run screen', () => {
  it('m → manifest and directory → confirm → progress → the cube file is written', async () => {
    const {api, clock} = await startDemo();
    const started = await startDbtSync(api, '1', {ref: 'main'});
    const dir = tempDir();
    const manifest = join(dir, 'manifest.json');
    writeFileSync(manifest, JSON.stringify(MANIFEST));
    const out = join(dir, 'repo');
    const tui = renderApp(api, runOf(started.syncJobId), {rows: 35, columns: 120, ...POLLING});
    const frame = await tui.waitForFrame(/Status: /);
    expect(frame).toMatch(/m dbt generate/);
    await tui.press('m');
    await typeAfter(tui, 'Manifest: target/manifest.json', 'ctrl+u', ...manifest.split(''), 'tab', 'ctrl+u', ...out.split(''), 'enter');
    await tui.waitForFrame(`Generate cube files from ${manifest}?`);
    await tui.press('y');
    // The start line is replaced by the wait's progress line at the next poll: a loaded machine may only see that.
    await tui.waitForFrame(/dbt sync( [^ ]+ started \(manifest → files\)|: [A-Z]+ \d+%)/);
    // The manifest sync runs on the service clock: step it until the service says the sync is over (not until a
    // frame shows it within a fixed time), then the console's next poll writes the files.
    const manifestSync = (await listDbtSyncs(api, '1', {first: 1})).runs[0]?.syncJobId ?? '';
    expect(manifestSync, 'the newest sync is the one the console started').not.toBe(started.syncJobId);
    for (let i = 0; i < 50 && !isTerminalSyncStatus((await getDbtSyncStatus(api, '1', manifestSync)).status); i++) clock.advance(10_000);
    const end = await tui.waitForFrame(/wrote 1 file\(s\) to |failed/);
    expect(end).toContain('wrote model/cubes/dbt/big_orders.yml');
    // The manifest sync is one this console started: its end is noticed (the API's sync before it is not).
    await tui.waitForFrame(/✓ sync on analytics-prod succeeded.* · Enter to open/);
    expect(readFileSync(join(out, 'model/cubes/dbt/big_orders.yml'), 'utf8')).toMatch(/name: big_orders/);
    // The sync it ran is a manifest sync with files output, in the deployment's history.
    const runs = await listDbtSyncs(api, '1');
    expect(runs.runs.length).toBeGreaterThanOrEqual(2);
    await tui.press('enter');
    await tui.waitForFrame((f) => !f.includes('dbt generate: cube files from a dbt manifest'));
  });

  it('a missing manifest is refused in the form, before anything starts; Esc closes it', async () => {
    const {api} = await startDemo();
    const started = await startDbtSync(api, '1', {ref: 'main'});
    const before = (await listDbtSyncs(api, '1')).runs.length;
    const missing = join(tempDir(), 'manifest.json');
    const tui = renderApp(api, runOf(started.syncJobId), {rows: 35, columns: 120, ...POLLING});
    await tui.waitForFrame(/Status: /);
    await tui.press('m');
    await typeAfter(tui, 'Manifest: target/manifest.json', 'ctrl+u', ...missing.split(''), 'enter');
    await tui.waitForFrame(`manifest: cannot read ${missing}: no such file`);
    await tui.press('escape');
    await tui.waitForFrame((f) => !f.includes('dbt generate: cube files from a dbt manifest'));
    expect((await listDbtSyncs(api, '1')).runs.length).toBe(before);
  });

  it('lays out at the minimum size, 60×15: title, the focused field and the keys visible', async () => {
    const {api} = await startDemo();
    const started = await startDbtSync(api, '1', {ref: 'main'});
    const tui = renderApp(api, runOf(started.syncJobId), {rows: 15, columns: 60, ...POLLING});
    await tui.waitForFrame(/Status: /);
    await tui.press('m');
    // The keys are the footer's (the box said "Tab switch field" beside a footer saying "Tab next field").
    const frame = await tui.waitForFrame((f) => f.includes('Manifest:') && f.trimEnd().endsWith('Tab next field  Enter continue  Esc cancel'));
    expect(frame).toContain('dbt generate: cube files from a dbt manifest');
    expect(frame).toMatch(/› Manifest: target\/manifest\.json/);
    expect(frame).toContain('Write to: .');
  });

  it('is not offered under --readonly', async () => {
    const {api} = await startDemo();
    const started = await startDbtSync(api, '1', {ref: 'main'});
    const tui = renderApp(api, runOf(started.syncJobId), {rows: 35, columns: 120, readonly: true, ...POLLING});
    const frame = await tui.waitForFrame(/Status: /);
    expect(frame).not.toMatch(/m dbt generate/);
    await tui.press('m');
    // Help opens after it: m opened no form (a form would take the `?`), and no sleep is needed to know.
    await keysSettled(tui);
    expect(tui.lastFrame()).not.toContain('dbt generate: cube files from a dbt manifest');
  });
});
