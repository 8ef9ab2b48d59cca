// Audit screen against the real service: mutations through the API are the events it previews and exports.
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {updateDeployment} from '../../src/api/deployments.js';
import {setEnvVars} from '../../src/api/envVars.js';
import {parseCsv} from '../helpers/csv.js';
import {renderApp, startDemo, typeAfter} from '../helpers/screenApp.js';

const AUDIT = {screen: 'audit'};
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, {recursive: true, force: true});
});

async function demoWithEvents() {
  const demo = await startDemo();
  await updateDeployment(demo.api, '1', {releaseChannelVersion: '1.3.2'});
  await setEnvVars(demo.api, '1', [{name: 'AUDIT_PROBE', value: 'on'}]);
  await updateDeployment(demo.api, '1', {releaseChannelVersion: '1.3.5'});
  return demo;
}

describe('AuditScreen', () => {
  it('previews the newest events first, with what the range holds', async () => {
    const {api} = await demoWithEvents();
    const tui = renderApp(api, AUDIT);
    const frame = await tui.waitForFrame(/newest \d+ of \d+ events/);
    expect(frame).toContain('range all time');
    expect(frame).toContain('newest 4 of 4 events');
    const rows = frame.split('\n').filter((l) => /\d+\s+2026-06-01T09:00:00Z/.test(l));
    expect(rows.slice(0, 3).map((l) => /(\d+) 2026\S+ (\S+)\s+(\S+)/.exec(l)?.slice(1))).toEqual([
      ['4', 'deployment.update', 'admin@acme.example'],
      ['3', 'envVariables.set', 'admin@acme.example'],
      ['2', 'deployment.update', 'admin@acme.example'],
    ]);
    // The oldest: the service's own start, by nobody.
    expect(rows[3]).toMatch(/1 2026-06-01T09:00:00Z service\.start\s+—\s+\{"url":"http:\/\/127\.0\.0\.1:/);
    expect(rows).toHaveLength(4);
  });

  it('keeps only the newest rows of a long range', async () => {
    const {api} = await startDemo();
    for (let i = 0; i < 55; i++) await setEnvVars(api, '1', [{name: 'AUDIT_PROBE', value: String(i)}]);
    const tui = renderApp(api, AUDIT, {rows: 20});
    const frame = await tui.waitForFrame('newest 50 of 56 events');
    expect(frame).toMatch(/›\s+56 2026-06-01T09:00:00Z envVariables\.set/);
  });

  it('filters by event name through the form, and refuses a date that is not ISO', async () => {
    const {api} = await demoWithEvents();
    const tui = renderApp(api, AUDIT);
    await tui.waitForFrame(/newest \d+ of \d+ events/);
    await tui.press('f');
    await typeAfter(tui, 'Audit log range and filters', 'yesterday', 'enter');
    let frame = await tui.waitForFrame('Start must be an ISO date (2026-06-01)');
    await tui.press('ctrl+u');
    await tui.waitForFrame((f) => !f.includes('yesterday'));
    await tui.press('tab');
    await tui.waitForFrame(/› End/);
    await tui.press('tab');
    await tui.waitForFrame(/› Event name/);
    await tui.press(...'envVariables.set'.split(''));
    await tui.waitForFrame('envVariables.set');
    await tui.press('enter');
    frame = await tui.waitForFrame(/range all time · event envVariables\.set\n/);
    frame = await tui.waitForFrame('newest 1 of 1 events');
    expect(frame).not.toContain('deployment.update');
  });

  it('a preset range with no events shows the empty state', async () => {
    const {api} = await demoWithEvents();
    const tui = renderApp(api, AUDIT);
    await tui.waitForFrame(/newest \d+ of \d+ events/);
    // The service's clock is June 2026; the preset counts back from this machine's clock.
    await tui.press('t');
    const frame = await tui.waitForFrame('No audit events in this range and filters');
    expect(frame).toMatch(/range last 24h \(from \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z\)/);
    await tui.press('t');
    await tui.waitForFrame('range last 7d');
  });

  it('exports every selected event to a well-formed CSV file with a progress line', async () => {
    const {api} = await demoWithEvents();
    const dir = mkdtempSync(join(tmpdir(), 'svc-audit-'));
    dirs.push(dir);
    const file = join(dir, 'events.csv');
    const tui = renderApp(api, AUDIT);
    const preview = await tui.waitForFrame(/newest \d+ of \d+ events/);
    const total = Number(/of (\d+) events/.exec(preview)?.[1]);
    await tui.press('x');
    await typeAfter(tui, /File: audit-log-\d{4}-\d{2}-\d{2}\.csv/, 'ctrl+u');
    await tui.waitForFrame((f) => !/File: audit-log/.test(f));
    await tui.press(file, 'enter');
    const done = await tui.waitForFrame(/✓ Exported \d+ of \d+ events \(\d+ B\) to/);
    expect(done).toContain(`✓ Exported ${total} of ${total} events`);
    expect(tui.frames.some((f) => /● Exporting… \d+ (of \d+ )?events \(\d+ B\)/.test(f))).toBe(true);
    const records = parseCsv(readFileSync(file, 'utf8'));
    expect(records[0]).toEqual(['id', 'created_at', 'event_name', 'user_email', 'data']);
    expect(records).toHaveLength(total + 1);
    expect(records.slice(1).map((r) => r[2])).toEqual(['service.start', 'deployment.update', 'envVariables.set', 'deployment.update']);
    expect(records.slice(1).filter((r) => r[2] === 'deployment.update')).toHaveLength(2);
    expect(records.slice(2).every((r) => r[3] === 'admin@acme.example')).toBe(true);
    expect(records[1]?.[3]).toBe('');
    await tui.press('enter');
    await tui.waitForFrame((f) => !f.includes('Exported'));
  });

  it('explains the 403 when the tenant has no audit log feature', async () => {
    const {api} = await startDemo('empty');
    const tui = renderApp(api, AUDIT);
    const frame = await tui.waitForFrame('The audit log is not available to this credential (403)');
    expect(frame).toContain('audit log feature is not enabled');
    expect(frame).toContain('What to do: a tenant admin must turn the audit log on');
    expect(frame).toContain('press r to try again');
  });

  it('explains the 403 for a key without AuditLogManage, in the preview and on export', async () => {
    const {svc, api} = await demoWithEvents();
    const scoped = api.derive({token: svc.scopedKey ?? ''});
    const dir = mkdtempSync(join(tmpdir(), 'svc-audit-'));
    dirs.push(dir);
    const file = join(dir, 'refused.csv');
    const tui = renderApp(scoped, AUDIT);
    let frame = await tui.waitForFrame('The audit log is not available to this credential (403)');
    expect(frame).toContain('AuditLogManage permission');
    // The credential says it lacks AuditLogManage (users/me): export is not offered, and x says why.
    expect(frame.split('\n').find((l) => l.includes('q quit'))).not.toContain('export');
    await tui.press('x');
    frame = await tui.waitForFrame('this credential lacks AuditLogManage: x export to a CSV file is not available');
    expect(frame).not.toContain('Export the audit log to a CSV file');
    expect(() => readFileSync(file)).toThrow();
  });
});
