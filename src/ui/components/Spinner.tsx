import React from 'react';
import {Text} from 'ink';
import InkSpinner from 'ink-spinner';
import {color} from '../theme.js';

/** A small dots spinner in the accent colour. */
export function Spinner() {
  return (
    <Text color={color.accent}>
      <InkSpinner type="dots" />
    </Text>
  );
}
