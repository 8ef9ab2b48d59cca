// The footer line: the key hints of footerText.ts in the muted colour, cut to the width.
import React, {useMemo} from 'react';
import {Text} from 'ink';
import {color} from '../theme.js';
import {footerText, type FooterProps} from './footerText.js';

export type {FooterProps} from './footerText.js';

export function Footer(props: FooterProps) {
  const text = footerText(props);
  // The same element while the text is the same: a render that names the same keys changes nothing to draw.
  return useMemo(
    () => (
      <Text color={color.muted} wrap="truncate-end">
        {text}
      </Text>
    ),
    [text],
  );
}
