// One line of the file viewer, coloured by YAML token kind (yaml.ts; the text is the file's, made inert for the terminal).
import React, {memo} from 'react';
import {Text} from 'ink';
import {safeLine} from '../../src/lib/safeText.js';
import {color} from '../../src/ui/theme.js';
import type {Token, TokenKind} from './yaml.js';

const COLOURS: Record<TokenKind, string | undefined> = {
  key: color.accent,
  string: color.success,
  number: color.devBranch,
  literal: color.devBranch,
  comment: color.muted,
  punct: color.muted,
  plain: undefined,
};

export const YamlLine = memo(function YamlLine({tokens}: {readonly tokens: readonly Token[]}) {
  return (
    <Text>
      {tokens.map((t, i) => (
        <Text key={i} color={COLOURS[t.kind]}>
          {safeLine(t.text)}
        </Text>
      ))}
    </Text>
  );
});
