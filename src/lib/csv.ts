// THE CSV module of svc. The writer: the service's audit export and the client's query exports both write their
// records here, through csv-stringify. RFC 4180 (a field with a quote, comma, CR or LF is quoted, its quotes
// doubled; records end with CRLF), and formula injection neutralised as OWASP advises: a cell starting with `=`, `+`, `-`, `@`, tab or
// CR (or the full-width `＝＋－＠` a spreadsheet may normalise to them) would be run as a formula by a spreadsheet
// (`=HYPERLINK(…)` in a user's email), so it gets a leading `'`. A plain number (`-12.5`, `+3e4`) is not a formula
// and is kept as it is. (csv-stringify's own `escape_formulas` spares only fields that are JavaScript numbers, and
// every field here is text.)
import {parse, type Parser} from 'csv-parse';
import {stringify} from 'csv-stringify/sync';

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

const inert = (value: string) => (FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value);

const OPTIONS = {record_delimiter: '\r\n', quote_record_delimiter: true, cast: {string: inert}} as const;

/** Records, each CRLF-terminated: neutralised where a cell could start a formula, quoted where it must be. */
export function csvRecords(records: readonly (readonly string[])[]): string {
  return records.length === 0 ? '' : stringify(records as string[][], OPTIONS);
}

/** One record, CRLF-terminated. */
export function csvRecord(fields: readonly string[]): string {
  return csvRecords([fields]);
}

/** One cell as written inside a record. */
export function csvField(value: string): string {
  return csvRecord([value]).slice(0, -2);
}

/**
 * The reader for an export read as it arrives (the console's audit preview), through csv-parse: chunks go in as
 * they come, whole records come out, and only the newest `keep` records after the header are held, so a preview of
 * a large export stays small in memory. Lenient (a short record, a stray quote) since it only previews.
 */
export class CsvTail {
  readonly newest: string[][] = [];
  /** Records seen, the header included. */
  seen = 0;
  private readonly parser: Parser;

  constructor(private readonly keep: number) {
    this.parser = parse({
      relax_column_count: true,
      relax_quotes: true,
      on_record: (record: string[]) => {
        // The header row is not an event.
        if (++this.seen > 1) {
          this.newest.push(record);
          if (this.newest.length > this.keep) this.newest.shift();
        }
        return null;
      },
    });
    // What was read before an error stays; the parser stops at it.
    this.parser.on('error', () => {});
  }

  /** Parses what `text` completes (csv-parse does so as the chunk is written). */
  feed(text: string): void {
    if (!this.parser.destroyed) this.parser.write(text);
  }

  /** A last record without its line break still counts. */
  end(): void {
    if (!this.parser.destroyed) this.parser.end();
  }
}
