// The query console (`:query`, `q` on the overview): members of the deployment's model typed with completion,
// run through the data API on production or a branch (the same engine as `svc query` and the dbt gate: a
// "Continue wait" answer is asked again, shown as a spinner with the time so far, Esc cancels), the result in a
// table, exported to a new private CSV or JSON file, and the session's last queries recalled with ↑/↓.
import React, {useEffect, useMemo, useRef, useState} from 'react';
import {Box, Text} from 'ink';
import {useQuery} from '@tanstack/react-query';
import {dataQueryQueries} from '../src/queries/dataQuery.js';
import {DataTable, type Column} from '../src/ui/components/DataTable.js';
import {Spinner} from '../src/ui/components/Spinner.js';
import {errorMessage} from '../src/ui/components/StateView.js';
import {TextField} from '../src/ui/components/TextField.js';
import type {ActionId} from '../src/ui/keymap.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {useApi} from '../src/ui/hooks/useApi.js';
import {useBodySize} from '../src/ui/hooks/useBodySize.js';
import {useFlash} from '../src/ui/hooks/useFlash.js';
import {useNavActions, useRemembered} from '../src/ui/hooks/useNav.js';
import {useNow} from '../src/ui/hooks/useNow.js';
import {useClock} from '../src/ui/hooks/useClock.js';
import {waitClockOn} from '../src/ui/clock.js';
import {useKeyScope} from '../src/ui/hooks/useKeyScope.js';
import {useTitle} from '../src/ui/hooks/useTitle.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {color} from '../src/ui/theme.js';
import {columnsOf, queryBranchBlock, runQuery, writeResult, type QueryRows} from '../src/workflows/query.js';
import type {BuildBlock} from '../src/api/builds.js';
import {hints, keysFor} from './hints.js';
import {buildQuery, completions, exportFormat, lastWord, tabComplete} from './query/queryInput.js';
import {recall, remember} from './query/history.js';
import {useDeploymentName} from './useDeploymentName.js';

const RUN_TIMEOUT_MS = 5 * 60_000;
const RUN_INTERVAL_MS = 2000;
const NO_MEMBERS = {measures: [], dimensions: []};
/** The keys the query line lets through to this screen while it has the keys (its footer names them). */
const QUERY_LINE_KEYS = ['queryInput.complete', 'queryInput.older', 'queryInput.newer', 'queryInput.branch'] as const satisfies readonly ActionId[];

type Run =
  | {kind: 'idle'}
  | {kind: 'running'; startedAt: number; label: string; abort: AbortController}
  | {kind: 'done'; columns: string[]; rows: QueryRows; ms: number}
  | {kind: 'failed'; message: string};

type Mode = 'edit' | 'result' | 'branch' | 'export';

const cell = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

export function QueryScreen({params}: ScreenProps) {
  const api = useApi();
  const clock = useClock();
  const body = useBodySize();
  const flash = useFlash();
  const nav = useNavActions();
  const id = params.deploymentId ?? '';
  const {name} = useDeploymentName(params);
  const [text, setText] = useRemembered<string>('text', '');
  const [branch, setBranch] = useRemembered<string>('branch', '');
  const [mode, setMode] = useState<Mode>('edit');
  const [run, setRun] = useState<Run>({kind: 'idle'});
  const [fieldKey, setFieldKey] = useState(0);
  const [exportName, setExportName] = useState('');
  // The branch being typed: the model is read for the branch once it is chosen, not for every prefix typed.
  const [branchDraft, setBranchDraft] = useState('');
  const historyAt = useRef(-1);
  useTitle('Query', name);
  // While the query line (or a prompt) has the keys, the footer and help do not offer the result's keys.
  useKeyScope(mode === 'result' ? 'query' : 'queryInput');
  const target = useQuery(dataQueryQueries.target(api, id));
  const members = useQuery(dataQueryQueries.members(target.data, id, branch));
  const model = members.data ?? NO_MEMBERS;
  const offered = useMemo(() => completions(text, model), [text, model]);
  const running = run.kind === 'running';

  // Leaving the screen cancels a query still waiting.
  const current = useRef(run);
  current.current = run;
  useEffect(() => () => (current.current.kind === 'running' ? current.current.abort.abort() : undefined), []);

  /** Replaces the field's text (completion, history): a new field starts with its cursor at the end. */
  const replaceText = (next: string) => {
    setText(next);
    setFieldKey((k) => k + 1);
  };

  const start = (value: string) => {
    const built = buildQuery(value, members.data);
    if ('error' in built) return setRun({kind: 'failed', message: built.error});
    const data = target.data;
    if (!data) return setRun({kind: 'failed', message: target.error ? errorMessage(target.error) : 'still connecting to the data API'});
    const abort = new AbortController();
    const startedAt = clock.now();
    remember(id, value.trim());
    historyAt.current = -1;
    setRun({kind: 'running', startedAt, label: branch ? `is ${branch} built?` : '', abort});
    // A branch nothing builds would answer "Continue wait" for ever: say so instead of waiting.
    queryBranchBlock(api, id, branch, abort.signal)
      .then((blocked) => {
        if (blocked) throw new Error(blockedText(branch, blocked.block));
        return runQuery(data, built.query, {
          branch,
          timeoutMs: RUN_TIMEOUT_MS,
          intervalMs: RUN_INTERVAL_MS,
          ...waitClockOn(clock),
          signal: abort.signal,
          onProgress: (line) => setRun((r) => (r.kind === 'running' && r.abort === abort ? {...r, label: line.replace(/^[^:]*: /, '')} : r)),
        });
      })
      .then(
      (res) => {
        setRun({kind: 'done', columns: columnsOf(built.query, res.rows), rows: res.rows, ms: clock.now() - startedAt});
        setMode('result');
      },
      (err: unknown) => setRun(abort.signal.aborted ? {kind: 'failed', message: 'cancelled'} : {kind: 'failed', message: errorMessage(err)}),
      );
  };

  /** A new branch: the result of the old one is not shown under it, and the line is ready for the next query. */
  const chooseBranch = (value: string) => {
    const next = value.trim();
    if (next !== branch) {
      setBranch(next);
      setRun({kind: 'idle'});
      return setMode('edit');
    }
    setMode(run.kind === 'done' ? 'result' : 'edit');
  };
  const askBranch = () => (setBranchDraft(branch), setMode('branch'));

  // While a query waits, Esc cancels it (not the screen).
  useKeys('dialog', {'dialog.cancel': () => (current.current.kind === 'running' ? current.current.abort.abort() : false)}, {active: running});
  useKeys(
    'screen',
    {
      'queryInput.complete': () => {
        const next = tabComplete(text, model);
        if (next !== undefined) return replaceText(next);
        // Several fit and agree no further: they are listed under the line; Tab picks none of them.
        if (offered.length > 1) flash.info(`${offered.length > 5 ? 'several' : offered.length} members fit "${lastWord(text)}": type more`);
        else return false;
      },
      // ctrl+b: the branch can be changed while typing too (b is a letter there).
      'queryInput.branch': askBranch,
      'queryInput.older': () => {
        const back = recall(id, historyAt.current + 1);
        if (back === undefined) return false;
        historyAt.current += 1;
        replaceText(back);
      },
      'queryInput.newer': () => {
        if (historyAt.current <= 0) return (historyAt.current = -1), replaceText('');
        historyAt.current -= 1;
        replaceText(recall(id, historyAt.current) ?? '');
      },
    },
    {active: mode === 'edit' && !running},
  );
  useKeys(
    'screen',
    {
      'query.edit': () => setMode('edit'),
      'query.branch': askBranch,
      'query.export': () => {
        if (run.kind !== 'done') return false;
        setExportName(`query-${new Date().toISOString().slice(0, 10)}.csv`);
        setMode('export');
      },
    },
    {active: mode === 'result' && !running},
  );

  const exportTo = (path: string) => {
    if (run.kind !== 'done' || path.trim() === '') return setMode('result');
    try {
      const bytes = writeResult(path.trim(), exportFormat(path), run.columns, run.rows);
      flash.success(`Exported ${run.rows.length} rows (${bytes} B) to ${path.trim()}`);
      setMode('result');
    } catch (err) {
      flash.error(errorMessage(err));
    }
  };

  const columns = useMemo<Column<QueryRows[number]>[]>(
    () => (run.kind === 'done' ? run.columns.map((c) => ({id: c, header: c.toUpperCase(), flex: 1, render: (r) => cell(r[c])})) : []),
    [run],
  );
  const rowIds = useMemo(() => new Map(run.kind === 'done' ? run.rows.map((r, i) => [r, String(i)]) : []), [run]);

  const where = branch === '' ? 'production' : `branch ${branch}`;
  // What Tab would add, shown after the cursor: only what every fitting member agrees on.
  const tabbed = tabComplete(text, model);
  const ghost = tabbed?.startsWith(text) ? tabbed.slice(text.length).trimEnd() : undefined;
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text color={color.muted}>on </Text>
        {where}
        <Text color={color.muted}>{members.isError ? ` · model: ${errorMessage(members.error)}` : members.isPending ? ' · reading the model…' : ` · ${model.measures.length} measures, ${model.dimensions.length} dimensions`}</Text>
      </Text>
      {mode === 'branch' ? (
        <Box>
          <Text>Branch (empty: production) › </Text>
          <TextField value={branchDraft} onChange={setBranchDraft} onSubmit={chooseBranch} onCancel={() => setMode(run.kind === 'done' ? 'result' : 'edit')} placeholder="dev-…" />
        </Box>
      ) : (
        <Box>
          <Text color={color.accent}>{mode === 'edit' ? '› ' : '  '}</Text>
          <TextField
            key={fieldKey}
            value={text}
            focus={mode === 'edit' && !running}
            onChange={(v) => ((historyAt.current = -1), setText(v))}
            onSubmit={start}
            onCancel={() => (run.kind === 'done' ? setMode('result') : nav.pop())}
            placeholder="orders.count orders.status"
            ghost={ghost}
            // The footer names the query line's keys: Enter runs, Tab/↑/↓/ctrl+b go to this screen's layer.
            submitAs="queryInput.run"
            cancelAs="queryInput.back"
            through={QUERY_LINE_KEYS}
          />
        </Box>
      )}
      <Text color={color.muted} wrap="truncate-end">
        {mode === 'edit' && offered.length > 0 ? `Tab: ${offered.join('  ')}` : ' '}
      </Text>
      <Status run={run} />
      {mode === 'export' ? (
        <Box flexDirection="column">
          <Text wrap="truncate-end">Export to a new file (.json for JSON, else CSV; never replaces one):</Text>
          <Box>
            <Text color={color.accent}>› </Text>
            <TextField value={exportName} onChange={setExportName} onSubmit={exportTo} onCancel={() => setMode('result')} />
          </Box>
        </Box>
      ) : null}
      {run.kind === 'done' && run.rows.length > 0 ? (
        <DataTable rows={run.rows} columns={columns} getRowId={(r) => rowIds.get(r) ?? ''} noun="result rows" height={Math.max(3, body.height - 6 - (mode === 'export' ? 2 : 0))} active={mode === 'result'} publishCount={mode === 'result'} />
      ) : null}
      <Text color={color.muted} wrap="truncate-end">
        {running ? hints([['dialog.cancel', 'cancel']]) : ''}
      </Text>
    </Box>
  );
}

function Status({run}: {readonly run: Run}) {
  switch (run.kind) {
    case 'idle':
      return <Text> </Text>;
    case 'running':
      return <Running startedAt={run.startedAt} label={run.label} />;
    case 'done':
      return <Text color={color.success}>✓ {run.rows.length} row{run.rows.length === 1 ? '' : 's'} in {run.ms} ms</Text>;
    case 'failed':
      return (
        <Text color={color.error} wrap="wrap">
          ✗ {run.message}
        </Text>
      );
  }
}

function Running({startedAt, label}: {readonly startedAt: number; readonly label: string}) {
  const now = useNow(250);
  return (
    <Text>
      <Spinner /> running {((now - startedAt) / 1000).toFixed(1)} s{label ? ` · ${label}` : ''}
    </Text>
  );
}

/** Why a query cannot start on the branch, and how to make it queryable or pick another. */
function blockedText(branch: string, block: BuildBlock): string {
  const other = `${keysFor('query.branch')} (${keysFor('queryInput.branch')} while typing) picks another branch; empty is production`;
  if (block === 'bad-branch') return `there is no branch ${branch} to query (:branches lists them). ${other}.`;
  return `branch ${branch} is not built, so it cannot answer: nobody has it open in dev mode and it has no staging environment. To build it, enter dev mode on it (:files, b ${branch}, t) or make it a staging branch (:branches, s). ${other}.`;
}
