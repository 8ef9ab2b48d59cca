// The generic resource view: one screen kind for every object type of RESOURCE_TYPES. List with the `/` filter,
// d/Enter describe (YAML/JSON), c create from the type's template and e edit in $EDITOR (checked against the
// contract before sending; refused edits come back beside their errors), D delete (asks). c/e/D are dangerous
// keys, so --readonly hides them.
import React, {useMemo, useRef, useState, type ComponentType} from 'react';
import {Box, Text} from 'ink';
import {useQuery, useQueryClient} from '@tanstack/react-query';
import {ApiError, MalformedCredentialError} from '../../src/api/errors.js';
import type {Json} from '../../src/api/read.js';
import {SCIM_CREDENTIAL} from '../../src/api/scim.js';
import {accountQueries} from '../../src/queries/account.js';
import {LIST_REFRESH_MS} from '../../src/queries/poll.js';
import {resourceKeys, resourceQueries} from '../../src/queries/resources.js';
import {ConfirmDialog} from '../../src/ui/components/ConfirmDialog.js';
import {DataTable, type Column} from '../../src/ui/components/DataTable.js';
import {StateView, errorMessage} from '../../src/ui/components/StateView.js';
import {TextField} from '../../src/ui/components/TextField.js';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {useApi} from '../../src/ui/hooks/useApi.js';
import {useBodySize} from '../../src/ui/hooks/useBodySize.js';
import {useEditor} from '../../src/ui/hooks/useExternal.js';
import {useFlash} from '../../src/ui/hooks/useFlash.js';
import {useUnavailableActions} from '../../src/ui/hooks/useKeyScope.js';
import {useTitle} from '../../src/ui/hooks/useTitle.js';
import type {ScreenProps} from '../../src/ui/screen.js';
import {color, glyph} from '../../src/ui/theme.js';
import {useLivePolicy} from '../useLivePolicy.js';
import {Describe} from './Describe.js';
import {check, editableFields, editorText, redact} from './document.js';
import {Problems} from './Problems.js';
import {SecretOnce} from './SecretOnce.js';
import {cellText, resourceType, rowIdOf, rowLabel, type ResourceType} from './types.js';
import {useDialogSlot} from '../common/useDialogSlot.js';

type Target = {kind: 'create'} | {kind: 'update'; id: string};
type Mode =
  | {kind: 'list'}
  | {kind: 'describe'; id: string; object: Json}
  | {kind: 'problems'; target: Target; text: string; errors: string[]}
  | {kind: 'delete'; id: string; label: string; warning?: string}
  | {kind: 'secret'; heading: string; value: string};

const NO_ROWS: Json[] = [];

/** SCIM tokens typed this session, by service URL: memory only, never written anywhere. */
const scimTokens = new Map<string, string>();

function ResourceView({type, params}: {type: ResourceType} & ScreenProps) {
  const consoleApi = useApi();
  const [scimToken, setScimToken] = useState(scimTokens.get(consoleApi.baseUrl));
  const [tokenText, setTokenText] = useState('');
  const api = useMemo(
    // Derived from the console's client, so SCIM answers are as inert (and as bounded) as every other answer.
    () => (type.credential === 'scim' && scimToken ? consoleApi.derive({token: scimToken, credential: SCIM_CREDENTIAL}) : consoleApi),
    [consoleApi, scimToken, type.credential],
  );
  const needsToken = type.credential === 'scim' && !scimToken;
  /** Why the last SCIM token was dropped (the service refused it): shown above the prompt for another one. */
  const [refused, setRefused] = useState<string | undefined>();
  const body = useBodySize();
  const flash = useFlash();
  const editor = useEditor();
  const queryClient = useQueryClient();
  // Who the console is signed in as (the header asks too): a delete of its own key says so first.
  const me = useQuery({...accountQueries.me(consoleApi), enabled: type.deleteWarning !== undefined});
  const [tenant, setTenant] = useState(params.embedTenant);
  const [tenantText, setTenantText] = useState('');
  const scope = type.scope === 'deployment' ? params.deploymentId : type.scope === 'embed tenant' ? tenant : undefined;
  const live = useLivePolicy(LIST_REFRESH_MS);
  useTitle(type.title, type.scope === 'deployment' ? (params.deploymentName ?? scope) : tenant && `tenant ${tenant}`);
  // A refused SCIM token (401), or one that cannot be sent (a space, a control character), is forgotten at once (the
  // one refused, not one typed since): the prompt comes back, saying so, for another one.
  const list = async (signal: AbortSignal) => {
    try {
      return await type.list!(api, scope, signal);
    } catch (err) {
      const refusedToken = (err instanceof ApiError && err.status === 401) || err instanceof MalformedCredentialError;
      if (type.credential === 'scim' && refusedToken && scimToken !== undefined) forget(scimToken, err.message);
      throw err;
    }
  };
  const tokenNow = useRef(scimToken);
  tokenNow.current = scimToken;
  const forget = (token: string, why: string) => {
    if (scimTokens.get(consoleApi.baseUrl) === token) scimTokens.delete(consoleApi.baseUrl);
    if (tokenNow.current !== token) return;
    setScimToken(undefined);
    setTokenText('');
    setRefused(why);
  };
  const query = useQuery({
    ...resourceQueries.list(type.id, scope, list, live),
    enabled: type.list !== undefined && (type.scope === undefined || scope !== undefined) && !needsToken,
  });
  const rows = query.data ?? NO_ROWS;
  const [mode, setMode] = useState<Mode>({kind: 'list'});
  const [busy, setBusy] = useState<string | undefined>();
  const selected = useRef<Json | undefined>(undefined);

  const columns = useMemo<Column<Json>[]>(
    () => type.columns.map(([header, cell], i) => ({id: String(i), header, flex: 1, render: (r: Json) => cellText(r, cell)})),
    [type],
  );
  const getRowId = useMemo(() => (r: Json) => rowIdOf(type, r), [type]);
  const label = (row: Json) => [type.noun, rowIdOf(type, row), typeof row.name === 'string' ? `"${row.name}"` : ''].filter(Boolean).join(' ');

  const full = async (row: Json): Promise<Json> => {
    const id = rowIdOf(type, row);
    if (!type.get) return row;
    return queryClient.fetchQuery({...resourceQueries.detail(type.id, scope, id, (signal) => type.get!(api, scope, id, signal)), staleTime: 0});
  };
  const refresh = () => queryClient.invalidateQueries({queryKey: resourceKeys.ofType(type.id)});

  const send = async (target: Target, text: string) => {
    const schema = target.kind === 'create' ? type.create?.schema : type.update?.schema;
    if (!schema) return;
    const checked = check(text, await schema());
    if (checked.ok === 'empty') return void (setMode({kind: 'list'}), flash.info('Empty file: nothing sent'));
    if (checked.ok === false) return setMode({kind: 'problems', target, text, errors: checked.errors});
    setBusy(target.kind === 'create' ? `Creating ${type.noun}…` : `Saving ${type.noun} ${target.id}…`);
    try {
      const answer = target.kind === 'create' ? await type.create!.send(api, scope, checked.body) : await type.update!.send(api, scope, target.id, checked.body);
      await refresh();
      const secretField = type.create?.secretField;
      const secret = target.kind === 'create' && secretField ? answer[secretField] : undefined;
      const id = rowIdOf(type, answer);
      if (typeof secret === 'string') setMode({kind: 'secret', heading: `New ${type.noun}${id ? ` ${id}` : ''}`, value: secret});
      else setMode({kind: 'list'});
      flash.success(target.kind === 'create' ? `Created ${type.noun}${id ? ` ${id}` : ''}` : `Saved ${type.noun} ${target.id}`);
    } catch (err) {
      // The service refused it: back beside the text, like a contract error.
      setMode({kind: 'problems', target, text, errors: [`the service refused it: ${errorMessage(err)}`]});
    } finally {
      setBusy(undefined);
    }
  };

  const edit = async (target: Target, text: string) => {
    let session;
    try {
      session = await editor(text, `${type.id}.yaml`);
    } catch (err) {
      return void flash.error(`editor: ${errorMessage(err)}`);
    }
    // The text lives on in this screen (and comes back on a refused edit), so the temp file can go now.
    session.done();
    if (!session.changed) return void (setMode({kind: 'list'}), flash.info('No changes: nothing sent'));
    if (session.exit) flash.warn(`the editor ${session.exit}; checking what it saved`);
    await send(target, session.content);
  };

  const startEdit = async (row: Json) => {
    if (!type.update) return void flash.warn(`the API cannot change ${type.title.toLowerCase()}`);
    try {
      const obj = redact(await full(row), type.hidden);
      await edit({kind: 'update', id: rowIdOf(type, row)}, editorText(rowLabel(type, row), editableFields(obj, await type.update.schema())));
    } catch (err) {
      flash.error(`could not read ${label(row)}: ${errorMessage(err)}`);
    }
  };

  useKeys(
    'screen',
    {
      'resource.describe': () => (selected.current ? void describe(selected.current) : false),
      'resource.create': () => (type.create ? void edit({kind: 'create'}, editorText(`new ${type.noun}`, type.create.template)) : void flash.warn(`the API cannot create ${type.title.toLowerCase()}`)),
      'resource.edit': () => (selected.current ? void startEdit(selected.current) : false),
      'resource.delete': () => {
        const row = selected.current;
        if (!row) return false;
        if (!type.delete) return void flash.warn(`the API cannot delete ${type.title.toLowerCase()}`);
        const id = rowIdOf(type, row);
        const warning = type.deleteWarning?.(id, me.data);
        setMode({kind: 'delete', id, label: label(row), ...(warning !== undefined && {warning})});
      },
    },
    {active: mode.kind === 'list' && !busy && (type.scope === undefined || scope !== undefined) && !needsToken},
  );
  // What this type's API cannot do is not offered in the footer and help (pressed anyway, the key says why).
  useUnavailableActions([...(type.create ? [] : ['resource.create']), ...(type.update ? [] : ['resource.edit']), ...(type.delete ? [] : ['resource.delete'])]);

  async function describe(row: Json) {
    try {
      setMode({kind: 'describe', id: rowIdOf(type, row), object: redact(await full(row), type.hidden)});
    } catch (err) {
      flash.error(`could not read ${label(row)}: ${errorMessage(err)}`);
    }
  }

  const remove = async (id: string, what: string) => {
    setBusy(`Deleting ${what}…`);
    try {
      await type.delete!(api, scope, id);
      await refresh();
      flash.success(`Deleted ${what}`);
    } catch (err) {
      flash.error(`could not delete ${what}: ${errorMessage(err)}`);
    } finally {
      setBusy(undefined);
      setMode({kind: 'list'});
    }
  };

  const back = () => setMode({kind: 'list'});
  // Over the list: the delete question, or what runs.
  const over = useDialogSlot(
    mode.kind === 'delete' ? (
      <ConfirmDialog title={`Delete ${mode.label}?`} message={`${mode.warning ? `${mode.warning} ` : ''}This cannot be undone.`} onConfirm={() => void remove(mode.id, mode.label)} onCancel={back} busy={busy} />
    ) : busy ? (
      <Text color={color.muted}>{busy}</Text>
    ) : null,
    mode.kind === 'delete' ? 'delete' : 'busy',
  );
  if (mode.kind === 'describe') return <Describe heading={type.rowId ? type.title : `${type.noun} ${mode.id}`} object={mode.object} height={body.height} onClose={back} />;
  if (mode.kind === 'secret') return <SecretOnce heading={mode.heading} value={mode.value} onClose={back} />;
  if (mode.kind === 'problems') {
    const target = mode.target;
    const heading = target.kind === 'create' ? `New ${type.noun}` : `${type.noun} ${target.id}`;
    return busy ? (
      <Text color={color.muted}>{busy}</Text>
    ) : (
      <Problems heading={heading} text={mode.text} errors={mode.errors} height={body.height} width={body.width} onReopen={() => void edit(target, editorText(heading, mode.text, mode.errors))} onDiscard={back} />
    );
  }
  // The two prompts a screen may open with. Esc is not theirs: it goes back like on any screen (TextField).
  if (needsToken) {
    const keep = (v: string) => v.trim() && (scimTokens.set(consoleApi.baseUrl, v.trim()), setRefused(undefined), setScimToken(v.trim()));
    return (
      <Box flexDirection="column">
        {refused ? <Text color={color.error} wrap="wrap">{glyph.fail} {refused}: enter another.</Text> : null}
        <Text color={color.muted} wrap="wrap">{type.title} need a SCIM token (an API key issued with scim: true, in API keys); it stays in memory for this session.</Text>
        <Box>
          <Text color={color.accent}>SCIM token: </Text>
          <TextField value={tokenText} onChange={setTokenText} onSubmit={keep} mask="•" placeholder="svc_…" modal labels={{'input.submit': 'use it', 'input.cancel': 'back'}} />
        </Box>
      </Box>
    );
  }
  if (type.scope === 'embed tenant' && !scope) {
    return (
      <Box flexDirection="column">
        <Box>
          <Text color={color.accent}>Embed tenant: </Text>
          <TextField value={tenantText} onChange={setTenantText} onSubmit={(v) => v.trim() && setTenant(v.trim())} placeholder="tenant name" modal labels={{'input.submit': 'open it', 'input.cancel': 'back'}} />
        </Box>
      </Box>
    );
  }
  if (!type.list) {
    return (
      <Box flexDirection="column">
        <Text>The API has no list of {type.title.toLowerCase()}.</Text>
        {type.create ? <Text color={color.muted}>c creates a {type.noun} from a template in $EDITOR.</Text> : null}
        {busy ? <Text color={color.muted}>{busy}</Text> : null}
      </Box>
    );
  }
  return (
    <Box flexDirection="column">
      {over.slot}
      <StateView query={query} noun={type.title.toLowerCase()} empty={rows.length === 0}>
        <DataTable
          rows={rows}
          columns={columns}
          getRowId={getRowId}
          noun={type.title.toLowerCase()}
          height={Math.max(3, body.height - over.rows)}
          active={mode.kind === 'list' && !busy}
          onSelect={(r) => (selected.current = r)}
          onActivate={(r) => void describe(r)}
        />
      </StateView>
    </Box>
  );
}

const made = new Map<string, ComponentType<ScreenProps>>();

/** The screen component of one type (the same component every time, so React keeps its state). */
export function resourceScreen(id: string): ComponentType<ScreenProps> {
  let screen = made.get(id);
  if (!screen) {
    const type = resourceType(id);
    if (!type) throw new Error(`no resource type ${id}`);
    screen = (props: ScreenProps) => <ResourceView type={type} {...props} />;
    made.set(id, screen);
  }
  return screen;
}
