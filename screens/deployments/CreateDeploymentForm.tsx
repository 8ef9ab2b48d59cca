// "New deployment": a name and a region picked from the regions list. Validated before anything is sent;
// the service's answer (e.g. a duplicate name) is shown inline and the form stays open.
import React, {useRef, useState} from 'react';
import {Box, Text} from 'ink';
import {useQuery} from '@tanstack/react-query';
import {accountQueries} from '../../src/queries/account.js';
import {useApi} from '../../src/ui/hooks/useApi.js';
import {Spinner} from '../../src/ui/components/Spinner.js';
import {errorMessage} from '../../src/ui/components/StateView.js';
import {color, glyph} from '../../src/ui/theme.js';
import {FieldError, FieldLabel, FormField, FormFrame} from '../common/FormField.js';
import {useForm, type Form} from '../common/useForm.js';
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
const LABEL_WIDTH = 8;

export function CreateDeploymentForm({onSubmit, onCancel, busy, serverError}: CreateDeploymentFormProps) {
  const api = useApi();
  const regions = useQuery(accountQueries.regions(api));
  const list = regions.data?.regions ?? [];
  const [cursor, setCursor] = useState(0);
  const latest = useRef({cursor, list});
  latest.current = {cursor, list};
  const move = (delta: number) => setCursor((c) => Math.max(0, Math.min(latest.current.list.length - 1, c + delta)));
  const form: Form<'name' | 'region'> = useForm<'name' | 'region'>({
    initial: {name: '', region: ''},
    fields: ['name', 'region'],
    choices: ['region'],
    onSubmit: (values) => {
      const {cursor: at, list: regionList} = latest.current;
      const result = validateCreate({name: values.name, region: regionList[at]?.name});
      if (!result.ok) return {field: result.error.includes('region') ? 'region' : 'name', text: result.error};
      onSubmit(result.value);
    },
    onCancel,
    busy,
    submitLabel: 'create',
    keys: {
      'form.down': () => (form.setFocus('region'), move(1)),
      'form.up': () => (form.setFocus('region'), move(-1)),
    },
  });
  const region = form.field('region');
  const start = Math.max(0, Math.min(cursor - VISIBLE_REGIONS + 1, list.length - VISIBLE_REGIONS));
  return (
    <FormFrame title="New deployment" busy={busy ? 'Creating' : undefined} serverError={serverError}>
      <FormField label="Name:" width={LABEL_WIDTH} state={form.field('name')} placeholder="e.g. my-deployment" />
      <FieldLabel label="Region:" width={LABEL_WIDTH} focused={form.focused === 'region'} />
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
      <FieldError text={region.error} />
    </FormFrame>
  );
}
