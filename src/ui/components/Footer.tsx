// The footer line: the key hints of footerText.ts in the muted colour, cut to the width.
import React from 'react';
import {Text} from 'ink';
import {color} from '../theme.js';
import {footerText, type FooterProps} from './footerText.js';

export type {FooterProps} from './footerText.js';

export function Footer(props: FooterProps) {
  return (
    <Text color={color.muted} wrap="truncate-end">
      {footerText(props)}
    </Text>
  );
}
