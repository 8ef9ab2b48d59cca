// A secret the service shows once (a new API key's value): here and nowhere else; y copies it (OSC 52), w writes
// it to a 0600 file, Esc forgets it.
import React, {useRef, useState} from 'react';
import {Box, Text, useStdout} from 'ink';
import {errorMessage} from '../../src/ui/components/StateView.js';
import {TextField} from '../../src/ui/components/TextField.js';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {useFlash} from '../../src/ui/hooks/useFlash.js';
import {color, glyph} from '../../src/ui/theme.js';
import {osc52, writeTokenFile} from '../common/secretOut.js';
import {hints} from '../hints.js';

export interface SecretOnceProps {
  readonly heading: string;
  readonly value: string;
  readonly onClose: () => void;
}

export function SecretOnce({heading, value, onClose}: SecretOnceProps) {
  const {stdout} = useStdout();
  const flash = useFlash();
  const [path, setPath] = useState<string | undefined>();
  const latest = useRef('');
  const writing = path !== undefined;
  const write = (target: string) =>
    writeTokenFile(target, value).then(
      (written) => (flash.success(`Wrote the key to ${written} (mode 0600)`), setPath(undefined)),
      (err: unknown) => flash.error(`could not write the key: ${errorMessage(err)}`),
    );
  useKeys('dialog', {
    'token.copy': () => (writing ? false : (stdout.write(osc52(value)), flash.success('Copied the key to the clipboard (OSC 52)'))),
    'token.write': () => (writing ? false : ((latest.current = ''), setPath(''))),
    'form.submit': () => (writing ? void write(latest.current) : false),
    'form.cancel': () => (writing ? setPath(undefined) : onClose()),
    '*': () => !writing,
  });
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={color.success} paddingX={1}>
      <Text bold color={color.success}>
        {glyph.ok} {heading}
      </Text>
      <Text wrap="wrap">{value}</Text>
      <Text color={color.warn}>Shown this once: copy or save it now.</Text>
      {writing ? (
        <Box>
          <Text color={color.accent}>File: </Text>
          <TextField value={path} onChange={(v) => ((latest.current = v), setPath(v))} placeholder="./api-key.txt" modal />
        </Box>
      ) : null}
      <Text color={color.muted}>
        {writing
          ? hints([['form.submit', 'write'], ['form.cancel', 'cancel']])
          : hints([['token.copy', 'copy'], ['token.write', 'write to file'], ['form.cancel', 'close (forgets the key)']])}
      </Text>
    </Box>
  );
}
