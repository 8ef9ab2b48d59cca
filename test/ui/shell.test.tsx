import React, {useState} from 'react';
import {Text} from 'ink';
import {afterEach, describe, expect, it} from 'vitest';
import {DataTable, type Column} from '../../src/ui/components/DataTable.js';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {useFlash} from '../../src/ui/hooks/useFlash.js';
import {useNav} from '../../src/ui/hooks/useNav.js';
import {useTitle} from '../../src/ui/hooks/useTitle.js';
import type {ScreenDef} from '../../src/ui/screen.js';
import {fakeApi, renderTui, type Tui} from '../helpers/renderTui.js';

type Row = {id: string; name: string};
const columns: Column<Row>[] = [{id: 'name', header: 'NAME', render: (r) => r.name}];
const names = ['analytics-prod', 'analytics-staging', 'marketing', 'quarterly-reports'];

function Deployments() {
  const nav = useNav();
  useTitle('Deployments');
  return (
    <DataTable
      rows={names.map((n) => ({id: n, name: n}))}
      columns={columns}
      getRowId={(r) => r.id}
      noun="deployments"
      onActivate={(r) => nav.push({screen: 'versions', params: {deploymentId: r.id}, label: r.name})}
    />
  );
}

function Versions({params}: {params: Record<string, string>}) {
  useTitle('Versions', params.deploymentId);
  return <Text>versions of {params.deploymentId}</Text>;
}

const screens: ScreenDef[] = [
  {id: 'deployments', title: 'Deployments', name: 'deployments', aliases: ['dp'], component: Deployments},
  {id: 'versions', title: 'Versions', name: 'versions', aliases: ['ver'], needs: ['deploymentId'], component: Versions},
  {id: 'dbt', title: 'dbt runs', name: 'dbt', aliases: ['syncs'], needs: ['deploymentId'], component: () => <Text>dbt</Text>},
];

const me = fakeApi((method, path) => (path.endsWith('/me') ? {data: {id: 1, email: 'ada@example.com'}} : undefined));

let tui: Tui | undefined;
afterEach(() => tui?.unmount());

const app = (opts: Parameters<typeof renderTui>[1] = {}) => renderTui(null, {screens, api: me, ...opts});

describe('shell layout', () => {
  it('shows context, host, user, title with count, crumbs and generated footer hints', async () => {
    tui = app();
    const frame = await tui.waitForFrame('ada@example.com');
    const lines = frame.split('\n');
    expect(lines[0]).toContain('test');
    expect(lines[0]).toContain('tenant.example');
    expect(frame).toContain('Deployments [4]');
    expect(frame).toContain('<Deployments>');
    expect(frame).toMatch(/\? help/);
    expect(frame).toMatch(/q quit/);
    // One row short of the terminal, so Ink never clears the whole screen to redraw.
    expect(lines.length).toBe(29);
  });

  it('filters with /, keeps the filter on Enter, and Esc clears it before popping', async () => {
    tui = app();
    await tui.waitForFrame('analytics-prod');
    await tui.press('/', 'stag');
    let frame = await tui.waitForFrame('Deployments [1] /stag');
    expect(frame).not.toContain('marketing');
    await tui.press('enter');
    // Enter kept the filter and closed the field: the placeholder line is gone, the title keeps /stag.
    await tui.waitForFrame((f) => !f.includes('type to filter') && f.includes('Deployments [1] /stag') && !/^\/stag/m.test(f));
    await tui.press('enter');
    frame = await tui.waitForFrame('versions of analytics-staging');
    // Crumbs name the screen, and the entry that brings the deployment in says which.
    expect(frame).toContain('<Deployments> › <analytics-staging · Versions>');
    await tui.press('escape');
    frame = await tui.waitForFrame('Deployments [1] /stag');
    await tui.press('escape');
    frame = await tui.waitForFrame('Deployments [4]');
    expect(frame).toContain('marketing');
    // At the root Esc does nothing (it never quits).
    await tui.press('escape');
    expect(tui.quits()).toBe(0);
  });

  it('keys that arrive in one read act one by one (key repeat, typing faster than a frame)', async () => {
    tui = app();
    await tui.waitForFrame('› analytics-prod');
    await tui.press('jj');
    await tui.waitForFrame('› marketing');
    await tui.press('Gk');
    await tui.waitForFrame('› marketing');
    // `/` opens the filter field; the letters after it in the same read land in that field, Enter keeps it.
    await tui.press('/stag\r');
    const frame = await tui.waitForFrame((f) => !f.includes('type to filter') && f.includes('Deployments [1] /stag'));
    expect(frame).not.toContain('marketing');
    await tui.press('\r');
    await tui.waitForFrame('versions of analytics-staging');
    expect(tui.quits()).toBe(0);
  });

  it('keys of separate reads that arrive before a render each see the state the key before left', async () => {
    // A form that reads its state at render (no refs): the pattern that used to submit a stale value.
    function NaiveForm() {
      const [value, setValue] = useState('');
      const [submitted, setSubmitted] = useState('-');
      useKeys('screen', {
        'list.open': () => setSubmitted(value),
        '*': (ev) => (ev.input.length === 1 && ev.name === ev.input ? setValue(value + ev.input) : false),
      });
      return <Text>value={value} submitted={submitted}</Text>;
    }
    tui = renderTui(<NaiveForm />, {api: me});
    await tui.waitForFrame('submitted=-');
    tui.burst('m', 'a', 'i', 'n', '\r');
    await tui.waitForFrame('value=main submitted=main');
  });

  it('text pasted into a field arrives whole; ctrl+c in the same read still quits', async () => {
    tui = app();
    await tui.waitForFrame('› analytics-prod');
    await tui.press('/');
    await tui.waitForFrame('type to filter');
    await tui.press('qj reports');
    await tui.waitForFrame('Deployments [0] /qj reports');
    expect(tui.quits()).toBe(0);
    await tui.press('\u007f\u007f\u007f\u007f\u007f\u007f\u007f\u007f\u007f\u007f');
    await tui.waitForFrame('Deployments [4]');
    await tui.press('jjjj\u0003');
    expect(tui.quits()).toBe(1);
  });

  it('q typed into the filter is text, not quit; q outside quits; ctrl+c always quits', async () => {
    tui = app();
    await tui.waitForFrame('analytics-prod');
    await tui.press('/', 'q');
    await tui.waitForFrame('Deployments [1] /q');
    expect(tui.quits()).toBe(0);
    await tui.press('ctrl+c');
    expect(tui.quits()).toBe(1);
    await tui.press('escape');
    await tui.waitForFrame('Deployments [4]');
    await tui.press('q');
    expect(tui.quits()).toBe(2);
  });

  it('palette: typing narrows, Tab completes, ↑/↓ choose, Enter jumps', async () => {
    tui = app();
    await tui.waitForFrame('analytics-prod');
    await tui.press(':', 'ver');
    let frame = await tui.waitForFrame('› versions');
    expect(frame).not.toContain('› deployments');
    // The completion continues the typed text (its first letter under the cursor), with no gap.
    expect(frame).toContain(':versions');
    await tui.press('escape');
    await tui.waitForFrame((f) => !f.includes('› versions'));
    await tui.press(':', 'd', 'tab');
    frame = await tui.waitForFrame(/:deployments/);
    await tui.press('enter');
    await tui.waitForFrame('Deployments [4]');
    // A screen that needs a deployment refuses the jump until one is chosen.
    await tui.press(':', 'syncs', 'enter');
    await tui.waitForFrame('dbt runs needs a deployment: pick one first');
    await tui.press('enter');
    await tui.waitForFrame('versions of analytics-prod');
    await tui.press(':', 'dbt');
    frame = await tui.waitForFrame('› dbt');
    await tui.press('down');
    await tui.waitForFrame(/› (?!dbt)/);
    await tui.press('up', 'enter');
    frame = await tui.waitForFrame('<dbt runs>');
    expect(frame).toContain('<Deployments> › <analytics-prod · Versions> › <dbt runs>');
  });

  it('help lists the current screen keys first, generated from the keymap', async () => {
    // Tall enough for every section on one page (a shorter terminal scrolls help with j/k).
    tui = app({rows: 60});
    await tui.waitForFrame('analytics-prod');
    await tui.press('?');
    const frame = await tui.waitForFrame('close help');
    const lines = frame.split('\n');
    const at = (t: string) => lines.findIndex((l) => l.trim() === t);
    expect(at('Deployments')).toBeGreaterThan(0);
    expect(at('Deployments')).toBeLessThan(at('Lists'));
    expect(at('Lists')).toBeLessThan(at('General'));
    expect(frame).toMatch(/delete deployment/);
    // The list behind help does not take keys.
    await tui.press('q');
    await tui.waitForFrame('analytics-prod');
    expect(tui.quits()).toBe(0);
  });

  it('help scrolls with j/k and PgDn when it is taller than the terminal', async () => {
    tui = app({rows: 16});
    await tui.waitForFrame('analytics-prod');
    await tui.press('?');
    // Where the view is, in the heading; how to scroll, in the footer.
    let frame = await tui.waitForFrame(/^Keys · lines 1–\d+ of \d+$/m);
    expect(frame.trimEnd().split('\n').at(-1)).toBe('j/↓/k/↑ scroll  Esc/q/?/Enter close help');
    expect(frame).not.toContain('quit (always)');
    // To the end (the last page stays put): the General keys are near it.
    await tui.press('pagedown', 'pagedown', 'pagedown', 'pagedown', 'pagedown');
    frame = await tui.waitForFrame('quit (always)');
    await tui.press('escape');
    await tui.waitForFrame('analytics-prod');
  });

  it('--readonly hides dangerous actions from footer and help and blocks their keys', async () => {
    let deleted = 0;
    function Screen() {
      useKeys('screen', {'deployments.delete': () => void deleted++});
      return <Text>list</Text>;
    }
    const normal = renderTui(<Screen />, {screenId: 'deployments'});
    await normal.waitForFrame('delete deployment');
    await normal.press('D');
    await normal.waitForFrame(() => deleted === 1);
    normal.unmount();
    tui = renderTui(<Screen />, {screenId: 'deployments', readonly: true});
    let frame = await tui.waitForFrame('list');
    expect(frame).not.toContain('delete deployment');
    await tui.press('D');
    await tui.waitForFrame('read-only session: D delete deployment is not available');
    await tui.press('?');
    frame = await tui.waitForFrame('close help');
    expect(frame.slice(0, frame.indexOf('read-only session:'))).not.toContain('delete deployment');
    expect(frame).toContain('versions');
    expect(deleted).toBe(1);
  });

  it('shows a too-small notice below 60×15 and re-lays out on resize', async () => {
    tui = app({columns: 50, rows: 12});
    await tui.waitForFrame('terminal too small (need 60×15, have 50×12)');
    tui.resize(80, 20);
    const frame = await tui.waitForFrame('analytics-prod');
    expect(frame.split('\n').length).toBe(19);
    tui.resize(80, 14);
    await tui.waitForFrame('have 80×14');
  });

  it('flash messages clear themselves', async () => {
    function Screen() {
      const flash = useFlash();
      const [n, setN] = useState(0);
      useKeys('screen', {'list.open': () => (flash.success(`saved ${n + 1}`), setN(n + 1))});
      return <Text>screen</Text>;
    }
    tui = renderTui(<Screen />, {flashMs: 150});
    await tui.waitForFrame('screen');
    await tui.press('enter');
    await tui.waitForFrame('✓ saved 1');
    await tui.waitForFrame((f) => !f.includes('saved 1'), 1000);
  });

  it('p pauses live updates and says so in the header', async () => {
    tui = app();
    await tui.waitForFrame('analytics-prod');
    await tui.press('p');
    await tui.waitForFrame('paused');
    await tui.press('p');
    await tui.waitForFrame((f) => !f.split('\n')[0]!.includes('paused'));
  });

  it('keeps meaning in glyphs without colour (NO_COLOR)', async () => {
    tui = app();
    const frame = await tui.waitForFrame('analytics-prod');
    // Colour is off in tests (FORCE_COLOR=0 / no TTY): no escape codes, yet the selected row is marked.
    expect(frame).not.toMatch(/\u001B\[/);
    expect(frame).toMatch(/› analytics-prod/);
  });
});
