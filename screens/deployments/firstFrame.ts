// The console's first frame, the Deployments screen, painted from the data `svc ui` fetched while Ink and React
// load (src/ui/startup/index.ts): the same columns, widths, cells and chrome DeploymentsScreen and the Shell draw
// once Ink is up, so Ink's first frame lands on the same picture. No Ink or React here.
import chalk from 'chalk';
import type {DeploymentItem} from '../../src/api/deployments.js';
import type {FirstFrameData} from '../../src/ui/startup/index.js';
import {cellText, columnWidths, GAP, MARKER_WIDTH, type Column} from '../../src/ui/components/tableLayout.js';
import {headerText, positionText} from '../../src/ui/components/tableSort.js';
import {inkStyle, paintShell} from '../../src/ui/startup/prepaint.js';
import {bodyHeight} from '../../src/ui/shellLayout.js';
import {color, glyph} from '../../src/ui/theme.js';
import {deploymentColumns, STATE_MIN_WIDTH} from './columns.js';

export interface FirstFrameTarget {
  readonly contextName?: string;
  readonly host: string;
}

export interface FirstFrameOptions {
  readonly columns: number;
  readonly rows: number;
  readonly readonly: boolean;
  /** For the AGE column. @default Date.now() */
  readonly now?: number;
  /** The pinned deployments' ids, marked as the screen marks them. */
  readonly pins?: ReadonlySet<string>;
}

/** One table row as DataTable's Row draws it: the marker, then each cell in its colour (inverse when selected). */
function rowLine(row: DeploymentItem, columns: readonly Column<DeploymentItem>[], widths: readonly number[], selected: boolean): string {
  const cells = columns.map((c, i) => {
    const text = `${i > 0 ? ' '.repeat(GAP) : ''}${cellText(row, c, widths[i] ?? 0)}`;
    const style = selected ? undefined : inkStyle(c.color?.(row));
    return style ? style(text) : text;
  });
  const line = `${selected ? `${glyph.selected} ` : ' '.repeat(MARKER_WIDTH)}${cells.join('')}`;
  return selected ? chalk.inverse(line) : line;
}

/**
 * The frame from the first frame's answers (src/ui/startup/firstData.ts), or undefined when there is nothing to paint ahead
 * of Ink: no rows (the screen's empty and error states are Ink's), or a terminal below the minimum size.
 */
export function deploymentsFirstFrame(data: FirstFrameData, target: FirstFrameTarget, opts: FirstFrameOptions): string | undefined {
  const rows = data.list?.deployments ?? [];
  if (rows.length === 0) return undefined;
  const height = Math.max(3, bodyHeight(opts.rows));
  const columns = deploymentColumns(opts.columns >= STATE_MIN_WIDTH ? new Map() : undefined, opts.now ?? Date.now(), opts.pins);
  const widths = columnWidths(columns, opts.columns);
  const body = [
    inkStyle(color.muted, true)!(`${' '.repeat(MARKER_WIDTH)}${headerText(columns, widths, undefined)}`),
    ...rows.slice(0, height - 1).map((row, i) => rowLine(row, columns, widths, i === 0)),
  ];
  return paintShell(
    {
      columns: opts.columns,
      rows: opts.rows,
      screen: 'deployments',
      readonly: opts.readonly,
      contextName: target.contextName,
      host: target.host,
      user: data.me?.email,
      title: 'Deployments',
      count: rows.length,
      position: positionText({at: 1, shown: rows.length, total: data.list?.total, filtered: false, partialSort: false, wrap: false}),
      open: 'open',
      crumb: 'Deployments',
    },
    body,
  );
}
