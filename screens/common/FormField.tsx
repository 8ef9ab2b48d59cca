// The look every form shares: a framed box with its title (FormFrame), and one row per field (FormField): the
// focus mark, the label padded to the form's label column, the text field (its placeholder is an example, shown
// as ‹…› and never sent), and the field's problem under it. Keys are named in the footer only (useForm's labels).
import React from 'react';
import {Box, Text} from 'ink';
import {TextField} from '../../src/ui/components/TextField.js';
import {color, glyph} from '../../src/ui/theme.js';
import type {FieldState} from './useForm.js';

export interface FormFieldProps {
  readonly label: string;
  /** The label column's width, the same for every field of a form. */
  readonly width: number;
  readonly state: FieldState;
  readonly placeholder?: string;
  /** Typed as this character (a secret). */
  readonly mask?: string;
}

/** The focus mark and the label: also the heading of a field that is not typed into (a list to choose from). */
export function FieldLabel({label, width, focused}: {readonly label: string; readonly width: number; readonly focused: boolean}) {
  return (
    // Never shrunk: a long example in the field wraps under itself instead of eating the label's padding.
    <Box flexShrink={0}>
      <Text color={focused ? color.accent : color.muted}>
        {focused ? glyph.selected : ' '} {label.padEnd(width)}
      </Text>
    </Box>
  );
}

/** The problem found in a field, under it. */
export function FieldError({text}: {readonly text: string | undefined}) {
  return text ? (
    <Text color={color.error} wrap="wrap">
      {'  '}
      {glyph.fail} {text}
    </Text>
  ) : null;
}

export function FormField({label, width, state, placeholder, mask}: FormFieldProps) {
  return (
    <Box flexDirection="column">
      <Box>
        <FieldLabel label={label} width={width} focused={state.focused} />
        <TextField value={state.value} onChange={state.onChange} focus={state.focused} placeholder={placeholder} mask={mask} modal />
      </Box>
      <FieldError text={state.error} />
    </Box>
  );
}

export interface FormFrameProps {
  readonly title: string;
  /** What runs while the form is busy ('Creating'), shown with an ellipsis. */
  readonly busy?: string;
  /** The service's refusal of the last attempt. */
  readonly serverError?: string;
  readonly children: React.ReactNode;
}

export function FormFrame({title, busy, serverError, children}: FormFrameProps) {
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={color.accent} paddingX={1}>
      <Text bold wrap="truncate-end">
        {title}
      </Text>
      {children}
      {busy ? <Text color={color.muted}>{busy}…</Text> : null}
      {serverError ? (
        <Text color={color.error} wrap="wrap">
          {glyph.fail} {serverError}
        </Text>
      ) : null}
    </Box>
  );
}
