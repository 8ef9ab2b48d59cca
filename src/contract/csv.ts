// THE CSV writer of svc: the service's audit export and the client's query exports both write their records here.
// RFC 4180 (a field with a quote, comma, CR or LF is quoted, its quotes doubled; records end with CRLF), and
// formula injection neutralised as OWASP advises: a cell starting with `=`, `+`, `-`, `@`, tab or CR would be
// run as a formula by a spreadsheet (`=HYPERLINK(…)` in a user's email), so it gets a leading `'`. A plain number
// (`-12.5`, `+3e4`) is not a formula and is kept as it is.

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: neutralised when it could start a formula, then quoted when it must be. */
export function csvField(value: string): string {
  const inert = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** One record, CRLF-terminated. */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
