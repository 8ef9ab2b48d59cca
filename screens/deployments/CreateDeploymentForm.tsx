// "New deployment": a name and a region picked from the regions list. Validated before anything is sent;
// the service's answer (e.g. a duplicate name) is shown inline and the form stays open.
import React, {useRef, useState} from 'react';
import {Box, Text} from 'ink';
import {useQuery} from '@tanstack/react-query';
import {accountQueries} from '../../src/queries/account.js';
import {useApi} from '../../src/ui/hooks/useApi.js';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {TextField} from '../../src/ui/components/TextField.js';
import {Spinner} from '../../src/ui/components/Spinner.js';
import {errorMessage} from '../../src/ui/components/StateView.js';
import {color, glyph} from '../../src/ui/theme.js';
import {hints} from '../hints.js';
import {validateCreate} from './createInput.js';

export interface CreateDeploymentFormProps {
  readonly onSubmit: (input: {name: string; region: string}) => void;
  readonly onCancel: () => void;
  /** Shown while the create request runs; keys are ignored meanwhile. */
  readonly busy?: boolean;
  /** The service's answer to the last attempt. */
  readonly serverError?: string;
}

const VISIBLE_REGIONS = 5;

export function CreateDeploymentForm({onSubmit, onCancel, busy, serverError}: CreateDeploymentFormProps) {
  const api = useApi();
  const regions = useQuery(accountQueries.regions(api));
  const list = regions.data?.regions ?? [];
  const [name, setName] = useState('');
  const [field, setField] = useState<'name' | 'region'>('name');
  const [cursor, setCursor] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const latest = useRef({name, cursor, list});
  latest.current = {name, cursor, list};

  const move = (delta: number) => setCursor((c) => Math.max(0, Math.min(latest.current.list.length - 1, c + delta)));
  const submit = () => {
    const {name: typed, cursor: at, list: regionList} = latest.current;
    const result = validateCreate({name: typed, region: regionList[at]?.name});
    if (!result.ok) {
      setError(result.error);
      setField(result.error.includes('region') ? 'region' : 'name');
      return;
    }
    setError(undefined);
    onSubmit(result.value);
  };
  useKeys('dialog', {
    'form.next': () => setField((f) => (f === 'name' ? 'region' : 'name')),
    'form.prev': () => setField((f) => (f === 'name' ? 'region' : 'name')),
    'form.down': () => (setField('region'), move(1)),
    'form.up': () => (setField('region'), move(-1)),
    'form.submit': () => void (busy || submit()),
    'form.cancel': () => void (busy || onCancel()),
    // Modal: letters go to the name field (the layer below) while it has focus; nothing reaches the screen.
    '*': () => !(field === 'name' && !busy),
  });

  const start = Math.max(0, Math.min(cursor - VISIBLE_REGIONS + 1, list.length - VISIBLE_REGIONS));
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={color.accent} paddingX={1}>
      <Text bold>New deployment</Text>
      <Box>
        <Text color={field === 'name' ? color.accent : color.muted}>{field === 'name' ? glyph.selected : ' '} Name:   </Text>
        <TextField value={name} onChange={(v) => ((latest.current = {...latest.current, name: v}), setName(v), setError(undefined))} focus={field === 'name' && !busy} modal placeholder="e.g. my-deployment" />
      </Box>
      <Text color={field === 'region' ? color.accent : color.muted}>{field === 'region' ? glyph.selected : ' '} Region: </Text>
      {regions.isPending ? (
        <Box>
          <Spinner />
          <Text> Loading regions…</Text>
        </Box>
      ) : regions.error ? (
        <Text color={color.error}>
          {glyph.fail} could not load regions: {errorMessage(regions.error)}
        </Text>
      ) : (
        list.slice(Math.max(0, start), Math.max(0, start) + VISIBLE_REGIONS).map((r, i) => {
          const selected = Math.max(0, start) + i === cursor;
          return (
            <Text key={r.id} color={selected ? color.accent : undefined}>
              {'    '}
              {selected ? '◉' : '○'} {r.name}
              {r.title ? <Text color={color.muted}> {r.title}</Text> : null}
            </Text>
          );
        })
      )}
      {busy ? <Text color={color.muted}>Creating…</Text> : null}
      {error ?? serverError ? <Text color={color.error}>{glyph.fail} {error ?? serverError}</Text> : null}
      <Text color={color.muted}>{hints([['form.next', 'switch field'], ['form.submit', 'create'], ['form.cancel', 'cancel']])}</Text>
    </Box>
  );
}
