// The five states of a data view, each worded differently: loading, error (stale data kept with an error
// line), empty, filtered-empty, data.
import React from 'react';
import {Box, Text} from 'ink';
import {color, glyph} from '../theme.js';
import {BodySizeProvider, useBodySize} from '../hooks/useBodySize.js';
import {safeText} from '../../lib/safeText.js';
import {HoldKeys} from '../dispatch/Dispatcher.js';

/** The parts of a react-query result StateView reads. */
export interface QueryLike {
  readonly data?: unknown;
  readonly error: unknown;
  readonly isPending: boolean;
}

export interface StateViewProps {
  readonly query: QueryLike;
  /** Plural noun: 'deployments'. */
  readonly noun: string;
  /** The data has no rows (checked only once data is there). */
  readonly empty?: boolean;
  /** Rows exist but the filter hides all of them. */
  readonly filteredEmpty?: boolean;
  readonly filter?: string;
  /** Text for the empty state. @default `No <noun> yet` */
  readonly emptyText?: string;
  readonly children?: React.ReactNode;
}

/** An error's message for the screen; it may carry server text, so it goes through the one sanitizer. */
export function errorMessage(err: unknown): string {
  return safeText(err instanceof Error ? err.message : String(err));
}

export type ViewState = 'loading' | 'error' | 'stale-error' | 'empty' | 'filtered-empty' | 'data';

export function viewState(p: Pick<StateViewProps, 'query' | 'empty' | 'filteredEmpty'>): ViewState {
  const hasData = p.query.data !== undefined;
  if (!hasData) return p.query.error ? 'error' : 'loading';
  if (p.empty) return 'empty';
  if (p.filteredEmpty) return 'filtered-empty';
  return p.query.error ? 'stale-error' : 'data';
}

export function StateView(props: StateViewProps) {
  const {query, noun, filter, emptyText, children} = props;
  const body = useBodySize();
  const state = viewState(props);
  switch (state) {
    case 'loading':
      // The header's spinner already animates while anything loads; a second one would double the repaints.
      // Keys typed now (j, Enter, a screen's letter) are for the view that is about to appear: hold them.
      return (
        <>
          <HoldKeys />
          <Text color={color.muted}>{glyph.pending} Loading {noun}…</Text>
        </>
      );
    case 'error':
      return (
        <Box flexDirection="column">
          <Text color={color.error}>
            {glyph.fail} could not load {noun}: {errorMessage(query.error)}
          </Text>
          <Text color={color.muted}>press r to retry</Text>
        </Box>
      );
    case 'empty':
      return <Text color={color.muted}>{emptyText ?? `No ${noun} yet`}</Text>;
    case 'filtered-empty':
      return (
        <Text color={color.muted}>
          No {noun} match /{filter ?? ''} (Esc clears the filter)
        </Text>
      );
    case 'stale-error':
      return (
        <Box flexDirection="column">
          <Text color={color.error} wrap="truncate-end">
            {glyph.fail} refresh failed: {errorMessage(query.error)} (showing earlier data; r retries)
          </Text>
          {/* The error line takes one row from the body, so the table below gets one row less. */}
          <BodySizeProvider size={{width: body.width, height: Math.max(1, body.height - 1)}}>{children}</BodySizeProvider>
        </Box>
      );
    case 'data':
      return <>{children}</>;
  }
}
