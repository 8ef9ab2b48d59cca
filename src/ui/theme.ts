// Semantic colour tokens and state glyphs. Colours are 16-colour safe; meaning is always carried by a glyph
// as well, because NO_COLOR (FORCE_COLOR=0) strips colour, bold and inverse alike.
export const color = {
  accent: 'cyan',
  muted: 'gray',
  info: 'blue',
  success: 'green',
  warn: 'yellow',
  error: 'red',
  running: 'yellow',
  devBranch: 'magenta',
} as const;

export const glyph = {
  selected: '›',
  ok: '✓',
  fail: '✗',
  running: '●',
  pending: '○',
  refresh: '⟳',
  star: '★',
  warn: '!',
  info: 'i',
  crumbSep: '›',
  ellipsis: '…',
} as const;

export type Level = 'info' | 'warn' | 'error' | 'success';

export const levelStyle: Record<Level, {color: string; glyph: string}> = {
  info: {color: color.info, glyph: glyph.info},
  success: {color: color.success, glyph: glyph.ok},
  warn: {color: color.warn, glyph: glyph.warn},
  error: {color: color.error, glyph: glyph.fail},
};

/** Glyph + colour for a status word, so `✓ built`, `✗ failed`, `● building` read without colour. */
export function statusStyle(status: string | undefined): {color: string; glyph: string} {
  const s = (status ?? '').trim().toLowerCase();
  if (['built', 'completed', 'success', 'succeeded', 'ok', 'active', 'live', 'enabled', 'ready'].includes(s)) {
    return {color: color.success, glyph: glyph.ok};
  }
  if (['failed', 'error', 'errored', 'cancelled', 'canceled'].includes(s)) return {color: color.error, glyph: glyph.fail};
  if (['', 'unknown', 'none', 'disabled', 'inactive'].includes(s)) return {color: color.muted, glyph: glyph.pending};
  return {color: color.running, glyph: glyph.running};
}
