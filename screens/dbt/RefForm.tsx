// The ref input of "start a sync" and of the gate: a branch or tag of the dbt repository, checked with the
// same rule as `svc dbt sync --ref` (never empty, never a commit SHA) before anything is sent. The gate form
// also takes the measure to query (empty: the first one of the generated model).
import React from 'react';
import {refProblem} from '../../src/contract/gitRef.js';
import {FormField, FormFrame} from '../common/FormField.js';
import {useForm} from '../common/useForm.js';

const LABEL_WIDTH = 9;

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
  const form = useForm<'ref' | 'measure'>({
    initial: {ref: '', measure: ''},
    fields: withMeasure ? ['ref', 'measure'] : ['ref'],
    onSubmit: (values) => {
      const problem = refProblem(values.ref.trim());
      if (problem !== undefined) return {field: 'ref', text: `ref: ${problem.replace(/, or omit --ref.*$/, '')}`};
      const m = values.measure.trim();
      onSubmit({ref: values.ref.trim(), ...(withMeasure && m !== '' ? {measure: m} : {})});
    },
    onCancel,
    busy,
    submitLabel,
  });
  return (
    <FormFrame title={title} busy={busy ? 'Starting' : undefined} serverError={serverError}>
      <FormField label="Ref:" width={LABEL_WIDTH} state={form.field('ref')} placeholder="main or a tag (not a commit SHA)" />
      {withMeasure ? <FormField label="Measure:" width={LABEL_WIDTH} state={form.field('measure')} placeholder="cube.measure (empty: the first one generated)" /> : null}
    </FormFrame>
  );
}
