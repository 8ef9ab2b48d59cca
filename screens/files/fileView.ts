// What the file viewer can show of a file: text as numbered lines, or a clear reason it shows none (binary) or
// shows it plainly (too large to colour).

/** Past this size the viewer shows the text without YAML colours. */
export const HIGHLIGHT_LIMIT_CHARS = 256 * 1024;

export interface ViewLine {
  readonly seq: number;
  readonly text: string;
}

export type FileLook =
  | {readonly kind: 'binary'; readonly message: string}
  | {readonly kind: 'text'; readonly lines: ViewLine[]; readonly highlight: boolean; readonly note?: string};

const CONTROL = /[\u0000-\u0008\u000e-\u001f\ufffd]/g;

/** A NUL, or more than one character in ten a control character or U+FFFD (bytes that were not UTF-8). */
export function isBinary(content: string): boolean {
  if (content.includes('\u0000')) return true;
  const sample = content.slice(0, 8192);
  return sample.length > 0 && (sample.match(CONTROL)?.length ?? 0) * 10 > sample.length;
}

export const kb = (chars: number) => (chars < 1024 ? `${chars} B` : `${Math.round(chars / 1024)} KB`);

export function lookOf(path: string, content: string): FileLook {
  if (isBinary(content)) return {kind: 'binary', message: `${path} looks like a binary file (${kb(content.length)}): not shown as text`};
  const lines = content.replace(/\n$/, '').split('\n').map((text, seq) => ({seq, text: text.replace(/\t/g, '  ')}));
  const yaml = /\.ya?ml$/i.test(path);
  if (content.length > HIGHLIGHT_LIMIT_CHARS) {
    return {kind: 'text', lines, highlight: false, note: `large file (${kb(content.length)}, ${lines.length} lines): shown without colours`};
  }
  return {kind: 'text', lines, highlight: yaml};
}
