// ink-text-input inside the dispatcher: while focused, it is an 'input' layer that swallows every key (so a
// typed `q` never quits) except those its parent layer (palette) or its own onSubmit/onCancel take.
import React, {useRef} from 'react';
import TextInput from 'ink-text-input';
import {useKeys} from '../dispatch/Dispatcher.js';

export interface TextFieldProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Enter; receives the latest text even when the parent has not re-rendered yet. */
  readonly onSubmit?: (value: string) => void;
  /** Esc. */
  readonly onCancel?: () => void;
  readonly placeholder?: string;
  /** Takes keys and shows the cursor. @default true */
  readonly focus?: boolean;
  readonly mask?: string;
}

export function TextField({value, onChange, onSubmit, onCancel, placeholder, focus = true, mask}: TextFieldProps) {
  const latest = useRef(value);
  latest.current = value;
  useKeys(
    'input',
    {
      'input.submit': () => (onSubmit ? onSubmit(latest.current) : false),
      'input.cancel': () => (onCancel ? onCancel() : false),
      // Everything else is text for ink-text-input (its own useInput); nothing below may act on it.
      '*': () => true,
    },
    {active: focus},
  );
  return (
    <TextInput
      value={value}
      focus={focus}
      placeholder={placeholder}
      mask={mask}
      onChange={(v) => {
        latest.current = v;
        onChange(v);
      }}
    />
  );
}
