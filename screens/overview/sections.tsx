// The overview's sections beyond the settings: environments with their branches, the latest dbt syncs with their
// age, and the GitHub connection of a git deployment. Each is a label column and its lines.
import React from 'react';
import {Box, Text} from 'ink';
import type {UseQueryResult} from '@tanstack/react-query';
import type {DbtRun} from '../../src/api/dbt.js';
import type {Environment} from '../../src/api/environments.js';
import {maxOf} from '../../src/lib/lists.js';
import {safeLine} from '../../src/lib/safeText.js';
import {cellWidth, padCells} from '../../src/lib/cells.js';
import {age} from '../../src/lib/time.js';
import type {GithubConnection} from '../../src/queries/overview.js';
import {useNow} from '../../src/ui/hooks/useNow.js';
import {color, glyph, statusStyle} from '../../src/ui/theme.js';

const LABEL = 16;
/** Environments listed under their count; the rest are on the environments screen (e). */
export const OVERVIEW_ENVIRONMENTS = 4;

export function Field({label, value, children}: {label: string; value?: string; children?: React.ReactNode}) {
  return (
    <Text wrap="truncate-end">
      <Text color={color.muted}>{label.padEnd(LABEL)}</Text>
      {children ?? (value === undefined || value === '' ? <Text color={color.muted}>—</Text> : safeLine(value))}
    </Text>
  );
}

const Muted = ({children}: {children: React.ReactNode}) => <Text color={color.muted}>{children}</Text>;
const pending = (q: UseQueryResult<unknown>) => (q.error ? 'unavailable' : '…');

/** A line under a field, indented to the value column. */
function Sub({children}: {children: React.ReactNode}) {
  return (
    <Text wrap="truncate-end">
      {' '.repeat(LABEL)}
      {children}
    </Text>
  );
}

/** `rows`: the lines the environments may take under their count (the "more" line included). */
export function EnvironmentLines({query, rows}: {query: UseQueryResult<{environments: Environment[]; total: number}>; rows: number}) {
  const data = query.data;
  if (!data) return <Field label="Environments" value={pending(query)} />;
  const first = data.environments.slice(0, OVERVIEW_ENVIRONMENTS);
  const all = data.total <= first.length && rows >= first.length;
  const shown = all ? first : first.slice(0, Math.max(0, rows - 1));
  const width = maxOf(shown.map((e) => cellWidth(safeLine(e.name))), 0) + 2;
  return (
    <Box flexDirection="column">
      <Field label="Environments" value={String(data.total)} />
      {shown.map((e) => (
        <Sub key={e.id}>
          {padCells(safeLine(e.name), width)}
          <Muted>{e.type.padEnd(13)}</Muted>
          {e.branch ? `branch ${safeLine(e.branch)}` : <Muted>no branch</Muted>}
        </Sub>
      ))}
      {!all && rows > 0 ? (
        <Sub>
          <Muted>… {data.total - shown.length} more (e lists them)</Muted>
        </Sub>
      ) : null}
    </Box>
  );
}

/** `rows`: how many runs fit (at least one). */
export function SyncLines({query, rows}: {query: UseQueryResult<DbtRun[]>; rows: number}) {
  const now = useNow();
  const runs = query.data?.slice(0, Math.max(1, rows));
  if (!runs) return <Field label="Latest syncs" value={pending(query)} />;
  if (runs.length === 0) return <Field label="Latest syncs" value="none yet (s starts one)" />;
  return (
    <Box flexDirection="column">
      {runs.map((r, i) => {
        const style = statusStyle(r.status);
        return (
          <Field key={r.syncJobId ?? i} label={i === 0 ? 'Latest syncs' : ''}>
            <Text color={style.color}>{`${style.glyph} ${r.status}`.padEnd(12)}</Text>
            {` ${age(r.startedAt, now).padStart(4)} ago  `}
            <Muted>{(r.trigger ?? '').padEnd(8)}</Muted>
            {/* One format for every run: the ref it synced (— when the run names none) and the branch it wrote. */}
            {` ref ${safeLine(r.gitRef ?? '—')} → ${safeLine(r.branchName ?? '—')}`}
          </Field>
        );
      })}
    </Box>
  );
}

export function GithubField({query}: {query: UseQueryResult<GithubConnection>}) {
  const g = query.data;
  if (!g) return <Field label="GitHub" value={pending(query)} />;
  return (
    <Field label="GitHub">
      {g.connected ? <Text color={color.success}>{glyph.ok} connected</Text> : <Text color={color.warn}>{glyph.warn} not connected</Text>}
      {g.url ? <Muted>{`  ${g.connected ? 'settings' : 'install'} ${safeLine(g.url)}`}</Muted> : null}
    </Field>
  );
}
