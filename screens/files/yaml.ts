// The YAML highlighter of the file viewer: the `yaml` package's lexer splits the file into its source tokens
// (lossless: every character of the file is in exactly one token, and broken YAML still lexes), and each gets a
// kind the viewer colours (NO_COLOR strips the colours; the text stays as it is): keys, strings, numbers,
// booleans/null, comments, punctuation. A block scalar's body (`sql: |`) is one string token over many lines, so
// `SELECT id: 1` inside it is never a key.
import {CST, Lexer} from 'yaml';

export type TokenKind = 'key' | 'string' | 'number' | 'literal' | 'comment' | 'punct' | 'plain';
export interface Token {
  readonly text: string;
  readonly kind: TokenKind;
}

const NUMBER = /^[-+]?(\d[\d_]*(\.\d*)?([eE][-+]?\d+)?|\.\d+|0x[0-9a-fA-F]+|\.inf|\.nan)$/;
/** YAML 1.1's words too (`yes`, `off`): a reader of an older file sees them as what its tools took them for. */
const LITERAL = /^(true|false|yes|no|on|off|null|~)$/i;
const PUNCT = new Set<string>(['doc-start', 'doc-end', 'seq-item-ind', 'explicit-key-ind', 'map-value-ind', 'flow-map-start', 'flow-map-end', 'flow-seq-start', 'flow-seq-end', 'comma', 'block-scalar-header', 'anchor', 'tag', 'alias', 'directive-line']);
/** Markers the lexer puts before a token (a document, a plain scalar, a flow collection's end): no text. */
const MARKERS = new Set<string>([CST.DOCUMENT, CST.SCALAR, CST.FLOW_END, CST.BOM]);

function scalarKind(text: string, quoted: boolean, isKey: boolean, afterBlockHeader: boolean): TokenKind {
  // YAML allows no implicit key over several lines, so a multi-line scalar before `:` is broken YAML: a string.
  if (isKey && !text.includes('\n')) return 'key';
  if (quoted || afterBlockHeader) return 'string';
  return NUMBER.test(text) ? 'number' : LITERAL.test(text) ? 'literal' : 'string';
}

/** The file's lines, each as its tokens: as many lines as `text.split('\n')`, each token within one line. */
export function yamlLines(text: string): Token[][] {
  const source = [...new Lexer().lex(text)];
  const tokens: Token[] = [];
  let scalarNext = false;
  let afterBlockHeader = false;
  for (let i = 0; i < source.length; i++) {
    const t = source[i]!;
    if (t === CST.SCALAR) scalarNext = true;
    if (MARKERS.has(t)) continue;
    const type = scalarNext ? 'scalar' : CST.tokenType(t);
    const quoted = type === 'single-quoted-scalar' || type === 'double-quoted-scalar';
    let kind: TokenKind;
    if (type === 'scalar' || quoted) {
      let next = i + 1;
      while (next < source.length && CST.tokenType(source[next]!) === 'space') next++;
      kind = scalarKind(t, quoted, source[next] === ':' && CST.tokenType(source[next]!) === 'map-value-ind', afterBlockHeader);
    } else kind = type === 'comment' ? 'comment' : type !== null && PUNCT.has(type) ? 'punct' : 'plain';
    scalarNext = false;
    if (type === 'block-scalar-header') afterBlockHeader = true;
    else if (type !== 'newline' && type !== 'space' && type !== 'comment') afterBlockHeader = false;
    tokens.push({text: t, kind});
  }
  const lines: Token[][] = [[]];
  for (const token of tokens) {
    token.text.split('\n').forEach((part, k) => {
      if (k > 0) lines.push([]);
      if (part !== '') lines.at(-1)!.push({text: part, kind: token.kind});
    });
  }
  return lines;
}
