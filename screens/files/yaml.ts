// A small YAML highlighter for the file viewer: keys, strings, numbers, booleans/null and comments each get a
// kind the viewer colours (NO_COLOR strips the colours; the text stays as it is). Line by line, with one piece of
// state across lines: the body of a block scalar (`sql: |`) is a string, never keys.

export type TokenKind = 'key' | 'string' | 'number' | 'literal' | 'comment' | 'punct' | 'plain';
export interface Token {
  readonly text: string;
  readonly kind: TokenKind;
}

const NUMBER = /^[-+]?(\d[\d_]*(\.\d*)?([eE][-+]?\d+)?|\.\d+|0x[0-9a-fA-F]+|\.inf|\.nan)$/;
const LITERAL = /^(true|false|yes|no|on|off|null|~)$/i;
/** `key:` at the start of a line (after the indent and any `- `), the key plain or quoted. */
const KEY = /^(\s*(?:-\s+)*)("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{[\]},&*!|>%@`][^#]*?)(\s*:)(?=\s|$)/;
/** A value that opens a block scalar: `|`, `>`, with chomping/indent indicators. */
const BLOCK = /^[|>][-+0-9]*\s*(#.*)?$/;

/** Where a comment starts (a `#` at the start or after a space, outside quotes), or -1. */
function commentAt(text: string): number {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") {
      if (i === 0 || /[\s:,[{-]/.test(text[i - 1]!)) quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) return i;
  }
  return -1;
}

function valueTokens(value: string): Token[] {
  const lead = /^\s*/.exec(value)![0];
  const body = value.slice(lead.length);
  const trail = /\s*$/.exec(body)![0];
  const core = body.slice(0, body.length - trail.length);
  if (core === '') return value ? [{text: value, kind: 'plain'}] : [];
  const kind: TokenKind = /^["']/.test(core) ? 'string' : NUMBER.test(core) ? 'number' : LITERAL.test(core) ? 'literal' : BLOCK.test(core) || /^[-[\]{},]+$/.test(core) ? 'punct' : 'string';
  return [...(lead ? [{text: lead, kind: 'plain' as const}] : []), {text: core, kind}, ...(trail ? [{text: trail, kind: 'plain' as const}] : [])];
}

/** Tokens of one line outside a block scalar. */
export function lineTokens(line: string): Token[] {
  const hash = commentAt(line);
  const code = hash < 0 ? line : line.slice(0, hash);
  const comment: Token[] = hash < 0 ? [] : [{text: line.slice(hash), kind: 'comment'}];
  if (/^\s*(---|\.\.\.)\s*$/.test(code)) return [{text: code, kind: 'punct'}, ...comment];
  const key = KEY.exec(code);
  if (key) {
    const [, indent, name, colon] = key;
    const dash = /-/.test(indent!);
    return [
      ...(indent ? [{text: indent, kind: dash ? 'punct' : 'plain'} as Token] : []),
      {text: name!, kind: 'key'},
      {text: colon!, kind: 'punct'},
      ...valueTokens(code.slice(key[0].length)),
      ...comment,
    ];
  }
  const item = /^(\s*-\s+|\s*-$)/.exec(code);
  if (item) return [{text: item[0], kind: 'punct'}, ...valueTokens(code.slice(item[0].length)), ...comment];
  return [...valueTokens(code), ...comment];
}

const indentOf = (line: string) => /^ */.exec(line)![0].length;

/**
 * For each line, whether it is the body of a block scalar (a string as a whole). The body is every following
 * line indented deeper than the line that opened it, blank lines included.
 */
export function blockBodies(lines: readonly string[]): boolean[] {
  const out: boolean[] = [];
  let opener: number | undefined;
  for (const line of lines) {
    if (opener !== undefined && (line.trim() === '' || indentOf(line) > opener)) {
      out.push(true);
      continue;
    }
    opener = undefined;
    out.push(false);
    const hash = commentAt(line);
    const code = (hash < 0 ? line : line.slice(0, hash)).trimEnd();
    if (/(^|[:\s-])[|>][-+0-9]*$/.test(code)) opener = indentOf(line);
  }
  return out;
}
