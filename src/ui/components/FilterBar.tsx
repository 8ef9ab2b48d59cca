import React from 'react';
import {Box, Text} from 'ink';
import {color} from '../theme.js';
import {TextField} from './TextField.js';

export interface FilterBarProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Enter: keep the filter, stop typing. */
  readonly onSubmit: () => void;
  /** Esc: clear the filter, stop typing. */
  readonly onCancel: () => void;
  /** The text finds lines in a log instead of narrowing a list. */
  readonly search?: boolean;
}

/** The `/` line: typing narrows the list as you type. */
export function FilterBar({value, onChange, onSubmit, onCancel, search}: FilterBarProps) {
  return (
    <Box>
      <Text color={color.accent}>/</Text>
      <TextField value={value} onChange={onChange} onSubmit={onSubmit} onCancel={onCancel} placeholder={`type to ${search ? 'search' : 'filter'}, Enter keeps, Esc clears`} />
    </Box>
  );
}
