// The one sanitizer for text that came from a server (names, messages, log lines, error details) on its way to a
// terminal, in command mode and in the console. A hostile or broken server must not be able to drive the user's
// terminal: ESC starts sequences that retitle it (`ESC ] 0 ; …`), clear it (`ESC [ 2 J`), move the cursor or
// rewrite the clipboard; CR overwrites a line; C1 controls (U+0080–U+009F) act as ESC sequences on some
// terminals; bidi overrides and isolates reorder what is shown (a name that reads as something else).
//
// Each such character is replaced by a visible escape (`\x1b`, `\u202e`), so the sequence after it is inert text
// and the user can still see that something odd was there. JSON output is escaped the JSON way instead (see
// `safeJson`), so it stays the same document.

/** C0 except TAB and LF, DEL, C1, and the Unicode format characters that reorder or break lines. */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same plus TAB and LF, for text that must stay on one line. */
const UNSAFE_LINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** What JSON.stringify leaves raw but a terminal would act on. */
const JSON_RAW = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const hex = (c: string, width: number) => c.charCodeAt(0).toString(16).padStart(width, '0');
const visible = (c: string) => (c.charCodeAt(0) <= 0xff ? `\\x${hex(c, 2)}` : `\\u${hex(c, 4)}`);

/** Server text for a terminal, newlines and tabs kept (messages, file listings, multi-line errors). */
export function safeText(text: string): string {
  return text.replace(UNSAFE, visible);
}

/** Server text for one line or cell: newlines and tabs become spaces, every other control is made visible. */
export function safeLine(text: string): string {
  return text.replace(/[\t\n]/g, ' ').replace(UNSAFE_LINE, visible);
}

/** JSON text with the characters JSON.stringify leaves raw escaped as `\uXXXX`: the same document, inert. */
export function safeJson(json: string): string {
  return json.replace(JSON_RAW, (c) => `\\u${hex(c, 4)}`);
}
