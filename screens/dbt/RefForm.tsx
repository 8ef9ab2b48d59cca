// The ref input of "start a sync" and of the gate: a branch or tag of the dbt repository, checked with the
// same rule as `svc dbt sync --ref` (never empty, never a commit SHA) before anything is sent. The gate form
// also takes the measure to query (empty: the first one of the generated model).
import React, {useRef, useState} from 'react';
import {Box, Text} from 'ink';
import {TextField} from '../../src/ui/components/TextField.js';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {color, glyph} from '../../src/ui/theme.js';
import {refProblem} from '../../src/contract/gitRef.js';
import {hints} from '../hints.js';

export interface RefFormProps {
  readonly title: string;
  /** What Enter does: 'start'. */
  readonly submitLabel: string;
  readonly onSubmit: (input: {ref: string; measure?: string}) => void;
  readonly onCancel: () => void;
  /** Ask for a measure too. */
  readonly withMeasure?: boolean;
  readonly busy?: boolean;
  /** The service's answer to the last attempt. */
  readonly serverError?: string;
}

export function RefForm({title, submitLabel, onSubmit, onCancel, withMeasure, busy, serverError}: RefFormProps) {
  const [ref, setRef] = useState('');
  const [measure, setMeasure] = useState('');
  const [field, setField] = useState<'ref' | 'measure'>('ref');
  const [error, setError] = useState<string | undefined>();
  const latest = useRef({ref, measure});
  latest.current = {ref, measure};

  const submit = () => {
    const problem = refProblem(latest.current.ref.trim());
    if (problem !== undefined) {
      setField('ref');
      return setError(`ref: ${problem.replace(/, or omit --ref.*$/, '')}`);
    }
    setError(undefined);
    const m = latest.current.measure.trim();
    onSubmit({ref: latest.current.ref.trim(), ...(withMeasure && m !== '' ? {measure: m} : {})});
  };
  const other = () => withMeasure && setField((f) => (f === 'ref' ? 'measure' : 'ref'));
  useKeys('dialog', {
    'form.next': other,
    'form.prev': other,
    'form.submit': () => void (busy || submit()),
    'form.cancel': () => void (busy || onCancel()),
    // Modal: typed letters reach the focused field (the layer below); nothing reaches the screen.
    '*': () => Boolean(busy),
  });

  const label = (f: 'ref' | 'measure', text: string) => (
    // Never shrunk: a long example in the field wraps under itself instead of eating the label's padding.
    <Box flexShrink={0}>
      <Text color={field === f ? color.accent : color.muted}>{field === f ? glyph.selected : ' '} {text}</Text>
    </Box>
  );
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={color.accent} paddingX={1}>
      <Text bold>{title}</Text>
      <Box>
        {label('ref', 'Ref:     ')}
        <TextField value={ref} onChange={(v) => ((latest.current = {...latest.current, ref: v}), setRef(v), setError(undefined))} focus={field === 'ref' && !busy} modal placeholder="main or a tag (not a commit SHA)" />
      </Box>
      {withMeasure ? (
        <Box>
          {label('measure', 'Measure: ')}
          <TextField value={measure} onChange={(v) => ((latest.current = {...latest.current, measure: v}), setMeasure(v))} focus={field === 'measure' && !busy} modal placeholder="cube.measure (empty: the first one generated)" />
        </Box>
      ) : null}
      {busy ? <Text color={color.muted}>Starting…</Text> : null}
      {error ?? serverError ? <Text color={color.error} wrap="wrap">{glyph.fail} {error ?? serverError}</Text> : null}
      <Text color={color.muted}>
        {hints([...(withMeasure ? [['form.next', 'switch field'] as const] : []), ['form.submit', submitLabel], ['form.cancel', 'cancel']])}
      </Text>
    </Box>
  );
}
