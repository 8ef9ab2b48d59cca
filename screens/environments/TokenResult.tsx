// The issued token: shown here and nowhere else (closing the view forgets it). y copies it through the
// terminal (OSC 52); w writes it to a file readable only by its owner.
import React, {useRef, useState} from 'react';
import {Box, Text, useStdout} from 'ink';
import type {MetaSyncToken} from '../../src/api/environments.js';
import {cellWidth} from '../../src/lib/cells.js';
import {errorMessage} from '../../src/ui/components/StateView.js';
import {TextField} from '../../src/ui/components/TextField.js';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import {useBodySize} from '../../src/ui/hooks/useBodySize.js';
import {useFlash} from '../../src/ui/hooks/useFlash.js';
import {color, glyph} from '../../src/ui/theme.js';
import {hints, keysFor} from '../hints.js';
import {osc52, writeTokenFile} from '../common/secretOut.js';

/** Where `w` writes the token unless the user edits the pre-filled path. */
export const DEFAULT_TOKEN_FILE = './metadata-token.jwt';

export interface TokenResultProps {
  readonly environment: string;
  readonly token: MetaSyncToken;
  /** What was issued, for the title ("Metadata token" by default). */
  readonly what?: string;
  readonly onClose: () => void;
}

export function TokenResult({environment, token, what = 'Metadata token', onClose}: TokenResultProps) {
  const {stdout} = useStdout();
  const flash = useFlash();
  const [path, setPath] = useState<string | undefined>();
  const latestPath = useRef('');
  const writing = path !== undefined;
  const body = useBodySize();
  const info = `issued ${token.created_at ?? '?'} · expires ${token.expires_at ?? '?'}${token.scopes ? ` · scopes ${token.scopes.join(', ')}` : ''} · shown only now`;
  // Border and padding take 4 columns. When the whole token and its details do not fit the body, the token is cut
  // in the middle on one line (y and w still take it whole) so the keys that act on it stay on screen.
  const inner = Math.max(1, body.width - 4);
  const rowsOf = (text: string) => Math.max(1, Math.ceil(cellWidth(text) / inner));
  const compact = 2 + 1 + rowsOf(token.token) + rowsOf(info) + (writing ? 1 : 0) + 1 > body.height;

  const write = (target: string) =>
    writeTokenFile(target, token.token).then(
      (written) => (flash.success(`Wrote token to ${written} (mode 0600)`), setPath(undefined)),
      (err: unknown) => flash.error(`could not write the token: ${errorMessage(err)}`),
    );
  useKeys('dialog', {
    'token.copy': () => {
      if (writing) return false;
      stdout.write(osc52(token.token));
      flash.success('Copied the token to the clipboard (OSC 52)');
    },
    'token.write': () => (writing ? false : ((latestPath.current = DEFAULT_TOKEN_FILE), setPath(DEFAULT_TOKEN_FILE))),
    'form.submit': () => (writing ? void write(latestPath.current) : false),
    'form.cancel': () => (writing ? setPath(undefined) : onClose()),
    // While the path field is open, text goes to it (the layer below); otherwise the view is modal.
    '*': () => !writing,
  });

  return (
    <Box flexDirection="column" borderStyle="round" borderColor={color.success} paddingX={1}>
      <Text bold color={color.success}>
        {glyph.ok} {what} for {environment}
      </Text>
      <Text wrap={compact ? 'truncate-middle' : 'wrap'}>{token.token}</Text>
      <Text color={color.muted} wrap={compact ? 'truncate-end' : 'wrap'}>
        {compact ? `cut to fit: ${keysFor('token.copy')} copies it whole · ${info}` : info}
      </Text>
      {writing ? (
        <Box>
          <Text color={color.accent}>File: </Text>
          <TextField
            value={path}
            onChange={(v) => {
              latestPath.current = v;
              setPath(v);
            }}
            modal
          />
        </Box>
      ) : null}
      <Text color={color.muted} wrap="truncate-end">
        {writing
          ? hints([['form.submit', 'write'], ['form.cancel', 'cancel']])
          : hints([['token.copy', 'copy'], ['token.write', 'write to file'], ['form.cancel', 'close (forgets the token)']])}
      </Text>
    </Box>
  );
}
