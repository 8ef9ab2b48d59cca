import React from 'react';
import {Text} from 'ink';
import {color, glyph} from '../theme.js';
import {safeLine} from '../../lib/safeText.js';

/** The navigation stack as `deployments › analytics-prod › versions`; the last crumb is where you are. */
export function Crumbs({items}: {readonly items: readonly string[]}) {
  return (
    <Text wrap="truncate-start">
      {items.map((c, i) => (
        <Text key={i} color={i === items.length - 1 ? color.accent : color.muted} bold={i === items.length - 1}>
          {i > 0 ? ` ${glyph.crumbSep} ` : ''}
          {`<${safeLine(c)}>`}
        </Text>
      ))}
    </Text>
  );
}
