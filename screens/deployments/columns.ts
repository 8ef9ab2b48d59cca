// The deployments list's columns, as plain data (no React): the screen and the first frame `svc ui` paints
// before Ink has loaded (firstFrame.ts) lay out the same columns.
import type {DeploymentItem, DeploymentSettingsView} from '../../src/api/deployments.js';
import {age} from '../../src/lib/time.js';
import type {Column} from '../../src/ui/components/tableLayout.js';
import {statusStyle} from '../../src/ui/theme.js';
import type {RowState} from './liveState.js';

/** ID, NAME (`* ` before a pinned deployment's name) and URL. */
const columns = (pins: ReadonlySet<string>): Column<DeploymentItem>[] => [
  {id: 'id', header: 'ID', width: 8, render: (d) => d.id},
  {id: 'name', header: 'NAME', flex: 2, render: (d) => (pins.has(d.id) ? `* ${d.name}` : d.name)},
  {id: 'url', header: 'URL', flex: 3, render: (d) => d.deploymentUrl ?? ''},
];
const created: Column<DeploymentItem> = {id: 'created', header: 'CREATED', width: 16, render: (d) => (d.created_at ?? '').replace('T', ' ').slice(0, 16)};

/** Body width from which the list shows build, version, last sync, age and git. */
export const STATE_MIN_WIDTH = 110;

/** The version in effect, else the channel it follows. */
const version = (s: DeploymentSettingsView | undefined) => s?.releaseChannelVersion?.replace(/^.*:v?/, '') ?? s?.cubeImageVersion ?? s?.releaseChannel ?? '';

const withGlyph = (status: string | undefined) => (status ? `${statusStyle(status).glyph} ${status.toLowerCase()}` : '');

/** BUILD, VERSION, SYNC, AGE and GIT columns reading `states` (blank until a row's state arrives). */
export function stateColumns(states: ReadonlyMap<string, RowState>, now: number): Column<DeploymentItem>[] {
  const of = (d: DeploymentItem) => states.get(d.id);
  return [
    {id: 'build', header: 'BUILD', width: 11, render: (d) => withGlyph(of(d)?.build?.status), color: (d) => statusStyle(of(d)?.build?.status).color},
    {id: 'version', header: 'VERSION', width: 9, render: (d) => version(of(d)?.settings)},
    {id: 'sync', header: 'LAST SYNC', width: 12, render: (d) => (of(d)?.sync === null ? '—' : withGlyph(of(d)?.sync?.status)), color: (d) => statusStyle(of(d)?.sync?.status).color},
    {id: 'age', header: 'AGE', width: 4, render: (d) => age(of(d)?.sync?.startedAt, now)},
    {id: 'git', header: 'GIT', width: 5, render: (d) => (of(d)?.settings ? (of(d)?.settings?.repoType === 'git' ? '⎇ git' : '—') : '')},
  ];
}

const NO_PINS: ReadonlySet<string> = new Set();

/**
 * Every column of the list: with `states` (a body at least STATE_MIN_WIDTH wide) the live state columns too; `pins`
 * are the pinned deployments' ids.
 */
export function deploymentColumns(states: ReadonlyMap<string, RowState> | undefined, now: number, pins = NO_PINS): Column<DeploymentItem>[] {
  return states ? [...columns(pins), ...stateColumns(states, now), created] : [...columns(pins), created];
}
