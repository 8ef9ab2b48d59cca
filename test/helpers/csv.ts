// RFC 4180 as the tests read it: csv-parse, held strict. Records end in CRLF (the last one too); fields with quotes,
// commas or line breaks are quoted and their quotes doubled; every record has as many fields as the first. Anything
// else (a bare quote in an unquoted field, text after a closing quote, a line break outside quotes that is not a
// record's CRLF, a record without its CRLF) throws, so a sloppy writer fails the test instead of parsing by luck.
import {parse} from 'csv-parse/sync';

const QUOTED_FIELD = /"(?:[^"]|"")*"/g;
const BARE_LINE_BREAK = /\r(?!\n)|(?<!\r)\n/;

export function parseCsv(text: string): string[][] {
  if (text !== '' && !text.endsWith('\r\n')) throw new Error(`the last record has no CRLF: ${JSON.stringify(text.slice(-10))}`);
  const records = parse(text, {record_delimiter: '\r\n'});
  if (BARE_LINE_BREAK.test(text.replace(QUOTED_FIELD, ''))) throw new Error('a line break outside quotes that is not a CRLF');
  return records;
}
