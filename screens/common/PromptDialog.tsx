// A one-field modal prompt (new branch name, new file path, commit message): Enter submits, Esc cancels (the
// footer says so, with the prompt's verb); the service's refusal of the last attempt is shown inside and the
// prompt stays open.
import React, {useState} from 'react';
import {Box, Text} from 'ink';
import {TextField} from '../../src/ui/components/TextField.js';
import {color, glyph} from '../../src/ui/theme.js';

export interface PromptDialogProps {
  readonly title: string;
  readonly label: string;
  readonly initial?: string;
  readonly placeholder?: string;
  /** What Enter does: 'create'. */
  readonly action: string;
  readonly onSubmit: (value: string) => void;
  readonly onCancel: () => void;
  readonly busy?: string;
  readonly error?: string;
  /** The rule the service applies to the value (contract/), checked before it is sent: why not, or undefined. */
  readonly check?: (value: string) => string | undefined;
}

export function PromptDialog({title, label, initial = '', placeholder, action, onSubmit, onCancel, busy, error, check}: PromptDialogProps) {
  const [value, setValue] = useState(initial);
  const [local, setLocal] = useState<string | undefined>();
  const submit = (text: string) => {
    if (busy) return;
    if (text.trim() === '') return setLocal(`${label.toLowerCase()} is empty`);
    const problem = check?.(text.trim());
    if (problem !== undefined) return setLocal(problem);
    setLocal(undefined);
    onSubmit(text.trim());
  };
  const shown = local ?? error;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={color.accent} paddingX={1}>
      <Text bold>{title}</Text>
      <Box>
        <Text color={color.accent}>{label}: </Text>
        {/* modal: the field swallows every key it does not use, so nothing reaches the screen behind. */}
        <TextField value={value} onChange={(v) => (setValue(v), setLocal(undefined))} onSubmit={submit} onCancel={() => busy || onCancel()} focus={!busy} priority="dialog" modal placeholder={placeholder} labels={{'input.submit': action, 'input.cancel': 'cancel'}} />
      </Box>
      {shown ? <Text color={color.error} wrap="truncate-end">{glyph.fail} {shown}</Text> : null}
      {busy ? <Text color={color.muted}>{busy}…</Text> : null}
    </Box>
  );
}
